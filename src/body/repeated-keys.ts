import { hashUnits } from './seeded-hash.js';
import {
  BACKSLASH,
  countOf,
  decodedString,
  isJsonWhitespace,
  QUOTE,
  stringAt,
  stringEnd,
} from './json-text.js';

/*
 * The repeated-key rule (contract: repeated-keys): a key its object already has is refused. Its exact form and
 * its fast forms stand here side by side, so that a change to the rule is one edit:
 * - exact: each key compared with the keys before it in its object (`addKey`), which the structure scan
 *   (json-structure.ts) runs on the text;
 * - fast: JSON.parse keeps one of each repeated key, so a parsed value that holds as many keys as its text
 *   wrote repeated none: counted on the text by the shape scan (`keptEveryKeyCounted`, json-body.ts) or bounded
 *   by the text's colons (`keptEveryKeyByColons`, json-parse-first.ts).
 * A fast form may only send a body on to the exact form, never give another verdict: the property tests of
 * test/body/json-shape.test.ts and test/body/json-parse-first.test.ts hold each to it, and
 * test/body/json-structure.test.ts holds the exact form to the rule.
 */

/** Hashes are cut to 30 bits so the engine keeps them as small integers, which sets and maps handle fastest. */
const HASH_MASK = 0x3fffffff;

/** Up to this many keys an object's hashes are searched in a list; past it, in a map. */
const SMALL_OBJECT = 16;

/** The start recorded for a hash whose first key was already copied into `collidedKeys`. */
const PROMOTED = -1;

/** `addKey`'s answer for a key its object already has. */
export const REPEATED_KEY = -2;

/** The keys an object has shown so far, by hash: reused object after object, reset by counters. */
export interface ObjectKeys {
  /** While the object is small: its distinct key hashes, and where the first key with each starts. */
  hashCount: number;
  hashes: Int32Array;
  firstStarts: Int32Array;
  /** Past SMALL_OBJECT distinct hashes, the same in a map. */
  firstStartByHash: Map<number, number> | undefined;
  /** The decoded keys whose hash was met more than once: only these are compared as strings. */
  collidedKeys: Set<string> | undefined;
}

export function newObjectKeys(): ObjectKeys {
  return {
    hashCount: 0,
    hashes: new Int32Array(SMALL_OBJECT),
    firstStarts: new Int32Array(SMALL_OBJECT),
    firstStartByHash: undefined,
    collidedKeys: undefined,
  };
}

/** Empties `keys` for the next object, by counters rather than by emptying arrays, which is slower. */
export function forgetKeys(keys: ObjectKeys): void {
  keys.hashCount = 0;
  if (keys.firstStartByHash !== undefined) keys.firstStartByHash = undefined;
  if (keys.collidedKeys !== undefined) keys.collidedKeys = undefined;
}

function keyHash(key: string, basis: number): number {
  return hashUnits(key, 0, key.length, basis) & HASH_MASK;
}

/**
 * Adds the key whose string opens at `open` to its object's `keys`: the index of its closing quote, or
 * `REPEATED_KEY` when the object already has it, or -1 when the string does not close or its escapes are not
 * JSON. A key without escapes is hashed as written; one with an escape is decoded first.
 */
export function addKey(text: string, open: number, keys: ObjectKeys, basis: number): number {
  let end = open + 1;
  while (end < text.length) {
    const unit = text.charCodeAt(end);
    if (unit === QUOTE || unit === BACKSLASH) break;
    end++;
  }
  let key: string | undefined;
  let hash: number;
  if (text.charCodeAt(end) === QUOTE) {
    hash = hashUnits(text, open + 1, end, basis) & HASH_MASK;
  } else {
    end = stringEnd(text, open);
    key = end < 0 ? undefined : decodedString(text, open, end);
    if (key === undefined) return -1;
    hash = keyHash(key, basis);
  }
  return isRepeated(text, keys, open, key, hash) ? REPEATED_KEY : end;
}

/**
 * Whether the object already has this key. A new hash settles it at once; a hash met before is settled by
 * comparing decoded keys, but only among the keys sharing a hash, each decoded once, so keys crafted to collide
 * cost linear time, never quadratic.
 */
function isRepeated(
  text: string,
  keys: ObjectKeys,
  start: number,
  key: string | undefined,
  hash: number,
): boolean {
  let firstStart: number | undefined;
  let smallIndex = -1;
  if (keys.firstStartByHash === undefined) {
    for (let i = 0; i < keys.hashCount; i++) {
      if (keys.hashes[i] === hash) {
        smallIndex = i;
        firstStart = keys.firstStarts[i];
        break;
      }
    }
  } else {
    firstStart = keys.firstStartByHash.get(hash);
  }
  if (firstStart === undefined) {
    rememberHash(keys, hash, start);
    return false;
  }
  keys.collidedKeys ??= new Set();
  if (firstStart !== PROMOTED) {
    keys.collidedKeys.add(stringAt(text, firstStart));
    if (smallIndex >= 0) keys.firstStarts[smallIndex] = PROMOTED;
    else keys.firstStartByHash?.set(hash, PROMOTED);
  }
  const exact = key ?? stringAt(text, start);
  if (keys.collidedKeys.has(exact)) return true;
  keys.collidedKeys.add(exact);
  return false;
}

function rememberHash(keys: ObjectKeys, hash: number, start: number): void {
  if (keys.firstStartByHash !== undefined) {
    keys.firstStartByHash.set(hash, start);
  } else if (keys.hashCount < SMALL_OBJECT) {
    keys.hashes[keys.hashCount] = hash;
    keys.firstStarts[keys.hashCount++] = start;
  } else {
    const byHash = new Map<number, number>();
    for (let i = 0; i < keys.hashCount; i++)
      byHash.set(keys.hashes[i] as number, keys.firstStarts[i] as number);
    keys.firstStartByHash = byHash.set(hash, start);
  }
}

/** Whether `for...in` sees only own keys: an enumerable key added to Object.prototype would be walked too. */
export function prototypeIsClean(): boolean {
  for (const _ in {}) return false;
  return true;
}

/**
 * The keys of every object in a parsed JSON value (none in a string, number, boolean or null), walked with an
 * explicit stack; -1 when it holds more than `maxContainers` objects and arrays or nests past `maxDepth` (the
 * root is level 1), or when Object.prototype has an enumerable key, which `for...in` would count as kept.
 */
export function keysKept(value: unknown, maxDepth = Infinity, maxContainers = Infinity): number {
  if (value === null || typeof value !== 'object') return 0;
  if (!prototypeIsClean()) return -1;
  let keys = 0;
  let containers = 0;
  const pending: object[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const node = pending.pop() as object;
    const depth = depths.pop() as number;
    if (++containers > maxContainers || depth > maxDepth) return -1;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object') {
          pending.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in node) {
      keys++;
      const item: unknown = (node as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') {
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return keys;
}

/** Fast form on a text whose keys the shape scan counted: whether the parsed value kept all it wrote. */
export function keptEveryKeyCounted(value: unknown, keysWritten: number): boolean {
  return keysKept(value) === keysWritten;
}

/**
 * Whether the colon at `at` may be a key's: one comes right after the key's closing quote, which has an even run
 * of backslashes before it, or after JSON whitespace (RFC 8259, section 2). A colon after an escaped quote
 * (`\":`, as in JSON quoted inside a string) is inside a string.
 */
function mayFollowKey(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  if (isJsonWhitespace(before)) return true;
  if (before !== QUOTE) return false;
  let backslashes = 0;
  while (text.charCodeAt(at - 2 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 0;
}

/**
 * The colons of a text, and how many of them may follow a key: every key's colon may, so that is at least the
 * number of keys written, while a colon inside a string rarely may.
 */
function colonsInText(text: string): { all: number; afterKeys: number } {
  let all = 0;
  let afterKeys = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    all++;
    if (mayFollowKey(text, at)) afterKeys++;
  }
  return { all, afterKeys };
}

const ESCAPED_COLON_PREFIX = '\\u003';

/**
 * The escaped colons (`\u003a`) of a text. A backslash written as `\\` before `u003a` is counted too, which only
 * sends the body the full way.
 */
function escapedColons(text: string): number {
  let colons = 0;
  for (
    let at = text.indexOf(ESCAPED_COLON_PREFIX);
    at !== -1;
    at = text.indexOf(ESCAPED_COLON_PREFIX, at + 5)
  ) {
    const last = text.charCodeAt(at + 5);
    if (last === 0x61 || last === 0x41) colons++;
  }
  return colons;
}

/** The colons in the keys and strings of a parsed value, an escaped colon decoded as one. */
function colonsInValues(root: object): number {
  let colons = 0;
  const pending: object[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
    const items = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) for (const key in node) colons += countOf(key, ':');
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (typeof item === 'string') colons += countOf(item, ':');
      else if (item !== null && typeof item === 'object') pending.push(item);
    }
  }
  return colons;
}

/**
 * Fast form on a text whose keys were not counted: whether the parsed `value`, holding `keys` keys (from
 * `keysKept`), kept every key the text wrote. Each key written has its colon, and JSON.parse loses a repeated
 * key's colon with it: the value kept every key when its keys reach the colons that follow a quote or
 * whitespace (at least the keys written), or else when its keys and the colons in its strings reach every colon.
 */
export function keptEveryKeyByColons(text: string, value: object, keys: number): boolean {
  if (keys < 0) return false;
  const colons = colonsInText(text);
  if (keys === colons.afterKeys) return true;
  return keys + colonsInValues(value) === colons.all + escapedColons(text);
}

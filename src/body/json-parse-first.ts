/*
 * The body guards' shortcut for a small, sparse body: parse it first, then check the parsed value, which costs
 * less than scanning the text before parsing. Small: too short to start more object shapes than the bound
 * allows. Sparse: at most one `{` or `[` (in strings too) per 32 characters, so that even a body nested past the
 * depth limit costs the parser about what an ordinary body of its size does (a nesting level costs it some 30
 * times a character; docs/contract.md#body-cost). A value is accepted when it shows every guard passed; one
 * that does not is a parsed object within the shape and density bounds, so only the exact scan for depth and
 * repeated keys is left to give the verdict the full way would.
 */

/** The longest text parsed first: a key takes at least four characters (`"":0`), so it holds few enough keys. */
export function parseFirstLimit(maxObjectShapes: number): number {
  return Math.min(4 * maxObjectShapes, 16 * 1024);
}

/** A body parsed first has at most one bracket per this many characters. */
export const CHARACTERS_PER_BRACKET = 32;

const COLON = ':';
const ESCAPED_COLON_PREFIX = '\\u003';

/** How often `unit` occurs in `text`, found by the engine's own search. */
function countOf(text: string, unit: string): number {
  let count = 0;
  for (let at = text.indexOf(unit); at !== -1; at = text.indexOf(unit, at + 1)) count++;
  return count;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the colon at `at` may be a key's: one comes right after the key's closing quote, which has an even run
 * of backslashes before it, or after JSON whitespace (RFC 8259, section 2). A colon after an escaped quote
 * (`\":`, as in JSON quoted inside a string) is inside a string.
 */
function mayFollowKey(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  if (before === 0x20 || before === 0x0a || before === 0x0d || before === 0x09) return true;
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
  for (let at = text.indexOf(COLON); at !== -1; at = text.indexOf(COLON, at + 1)) {
    all++;
    if (mayFollowKey(text, at)) afterKeys++;
  }
  return { all, afterKeys };
}

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

/**
 * The keys of a parsed value, or -1 when it holds more than `maxContainers` objects and arrays or nests past
 * `maxDepth` (the root is level 1). JSON.parse keeps one of each repeated key and drops the rest with their
 * values, so a text with a repeated key wrote more keys than this.
 */
function keysKept(root: object, maxDepth: number, maxContainers: number): number {
  let keys = 0;
  let containers = 0;
  const pending: object[] = [root];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
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
      const item = node[key];
      if (item !== null && typeof item === 'object') {
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return keys;
}

/** The colons in the keys and strings of a parsed value, an escaped colon decoded as one. */
function colonsInValues(root: object): number {
  let colons = 0;
  const pending: object[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
    const items = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) for (const key in node) colons += countOf(key, COLON);
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (typeof item === 'string') colons += countOf(item, COLON);
      else if (item !== null && typeof item === 'object') pending.push(item);
    }
  }
  return colons;
}

/** Whether `for...in` sees only own keys: an enumerable key added to Object.prototype would be counted as kept. */
function prototypeIsClean(): boolean {
  for (const _ in {}) return false;
  return true;
}

/**
 * Whether a parsed text kept every key it wrote. Each key written has its colon, and JSON.parse loses a repeated
 * key's colon with it: the value kept every key when its keys reach the colons that follow a quote or
 * whitespace (at least the keys written), or else when its keys and the colons in its strings reach every colon.
 */
function keptEveryKey(text: string, value: object, keys: number): boolean {
  const colons = colonsInText(text);
  if (keys === colons.afterKeys) return true;
  return keys + colonsInValues(value) === colons.all + escapedColons(text);
}

/** A text parsed first, and whether its value shows every guard passed (else a guard may have failed). */
export interface ParsedFirst {
  value: Record<string, unknown>;
  plain: boolean;
}

/**
 * `text` parsed, when it is short and sparse enough to be parsed first and turns out a JSON object, with whether
 * it is within the depth and density bounds and without a repeated key; else undefined, and the caller's full
 * path judges it.
 */
export function parsedFirst(
  text: string,
  maxDepth: number,
  maxObjectShapes: number,
  maxContainers: number,
): ParsedFirst | undefined {
  if (text.length > parseFirstLimit(maxObjectShapes)) return undefined;
  if ((countOf(text, '{') + countOf(text, '[')) * CHARACTERS_PER_BRACKET > text.length) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = prototypeIsClean() ? keysKept(value, maxDepth, maxContainers) : -1;
  return { value: value as Record<string, unknown>, plain: keys >= 0 && keptEveryKey(text, value, keys) };
}

import { bodyIssueMessages, tooDeepMessage, type Issue } from '../core/errors.js';
import { pointerSegment } from '../core/json-pointer.js';
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  stringEnd,
} from './json-text.js';

/*
 * A single pass over JSON text, before JSON.parse builds anything, that finds the first value nested past the
 * depth limit (contract: body-limits) and the first key repeated within its object (contract: repeated-keys).
 * It keeps one frame per open container, so its memory is bounded by the depth limit, and it never recurses. It
 * checks structure only: on text that is not JSON it stops without an issue and leaves the verdict to
 * JSON.parse.
 */

/** The characters the scan acts on; every other one (digits, letters of literals, whitespace) is skipped. */
const isStructural = new Uint8Array(128);
for (const code of [QUOTE, COMMA, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY]) isStructural[code] = 1;

const FNV_PRIME = 0x01000193;

/**
 * Key hashes are FNV-1a from a basis drawn once per process: with the standard basis anyone can craft keys that
 * share a hash, and keys sharing one small-integer hash would all land in one bucket of the engine's map.
 */
const processHashBasis = Math.floor(Math.random() * 0x100000000) | 0;
/** Hashes are cut to 30 bits so the engine keeps them as small integers, which sets and maps handle fastest. */
const HASH_MASK = 0x3fffffff;

/** Up to this many keys an object's hashes are searched in a list; past it, in a map. */
const SMALL_OBJECT = 16;

/** The start recorded for a hash whose first key was already copied into `collidedKeys`. */
const PROMOTED = -1;

/** One open object or array: where the scan is inside it, and which keys an object has shown so far. */
interface Frame {
  isObject: boolean;
  /** The index of the current item of an array. */
  index: number;
  /** Where the current key of an object starts (its opening quote), or -1 before the first key. */
  keyStart: number;
  /** While the object is small: its distinct key hashes, and where the first key with each starts. */
  hashCount: number;
  hashes: Int32Array;
  firstStarts: Int32Array;
  /** Past SMALL_OBJECT distinct hashes, the same in a map. */
  firstStartByHash: Map<number, number> | undefined;
  /** The decoded keys whose hash was met more than once: only these are compared as strings. */
  collidedKeys: Set<string> | undefined;
}

/** Frames are reused level by level, and reset by counters rather than by emptying arrays, which is slower. */
function openFrame(frame: Frame | undefined, isObject: boolean): Frame {
  if (frame === undefined) {
    return {
      isObject,
      index: 0,
      keyStart: -1,
      hashCount: 0,
      hashes: new Int32Array(SMALL_OBJECT),
      firstStarts: new Int32Array(SMALL_OBJECT),
      firstStartByHash: undefined,
      collidedKeys: undefined,
    };
  }
  frame.isObject = isObject;
  frame.index = 0;
  frame.keyStart = -1;
  frame.hashCount = 0;
  if (frame.firstStartByHash !== undefined) frame.firstStartByHash = undefined;
  if (frame.collidedKeys !== undefined) frame.collidedKeys = undefined;
  return frame;
}

/** The string whose quotes are at `open` and `close`, decoded; undefined if its escapes are not JSON. */
function decodeString(text: string, open: number, close: number): string | undefined {
  const raw = text.slice(open + 1, close);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

function hashOf(key: string, basis: number): number {
  let hash = basis;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), FNV_PRIME);
  return hash & HASH_MASK;
}

/** A key starting at `start` that an earlier scan step already read, so it decodes. */
function keyAt(text: string, start: number): string {
  return decodeString(text, start, stringEnd(text, start)) ?? '';
}

/**
 * Whether the object already has this key. A new hash settles it at once; a hash met before is settled by
 * comparing decoded keys, but only among the keys sharing a hash, each decoded once, so keys crafted to collide
 * cost linear time, never quadratic.
 */
function isRepeated(
  text: string,
  frame: Frame,
  start: number,
  key: string | undefined,
  hash: number,
): boolean {
  let firstStart: number | undefined;
  let smallIndex = -1;
  if (frame.firstStartByHash === undefined) {
    for (let i = 0; i < frame.hashCount; i++) {
      if (frame.hashes[i] === hash) {
        smallIndex = i;
        firstStart = frame.firstStarts[i];
        break;
      }
    }
  } else {
    firstStart = frame.firstStartByHash.get(hash);
  }
  if (firstStart === undefined) {
    rememberHash(frame, hash, start);
    return false;
  }
  frame.collidedKeys ??= new Set();
  if (firstStart !== PROMOTED) {
    frame.collidedKeys.add(keyAt(text, firstStart));
    if (smallIndex >= 0) frame.firstStarts[smallIndex] = PROMOTED;
    else frame.firstStartByHash?.set(hash, PROMOTED);
  }
  const exact = key ?? keyAt(text, start);
  if (frame.collidedKeys.has(exact)) return true;
  frame.collidedKeys.add(exact);
  return false;
}

function rememberHash(frame: Frame, hash: number, start: number): void {
  if (frame.firstStartByHash !== undefined) {
    frame.firstStartByHash.set(hash, start);
  } else if (frame.hashCount < SMALL_OBJECT) {
    frame.hashes[frame.hashCount] = hash;
    frame.firstStarts[frame.hashCount++] = start;
  } else {
    const byHash = new Map<number, number>();
    for (let i = 0; i < frame.hashCount; i++)
      byHash.set(frame.hashes[i] as number, frame.firstStarts[i] as number);
    frame.firstStartByHash = byHash.set(hash, start);
  }
}

/** The JSON Pointer of the current position: the current key or index of every open container. */
function pointerOf(text: string, frames: readonly Frame[], depth: number): string {
  let pointer = '';
  for (let level = 0; level < depth; level++) {
    const frame = frames[level] as Frame;
    const segment = !frame.isObject
      ? String(frame.index)
      : frame.keyStart < 0
        ? ''
        : keyAt(text, frame.keyStart);
    pointer += `/${pointerSegment(segment)}`;
  }
  return pointer;
}

/**
 * The first structural problem of a JSON text, in text order: a container nested deeper than `maxDepth`
 * levels (the root is level 1) or a key its object already has, with the JSON Pointer of the offending value.
 * Undefined when there is none, or when the text stops being JSON first (JSON.parse then rejects it). Tests
 * pass a fixed `hashBasis` to reach the path of keys sharing a hash.
 */
export function findStructureIssue(
  text: string,
  maxDepth: number,
  hashBasis: number = processHashBasis,
): Issue | undefined {
  const frames: Frame[] = [];
  let top: Frame | undefined;
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || isStructural[code] === 0) continue;
    if (code === QUOTE) {
      if (!expectKey || top === undefined) {
        i = stringEnd(text, i);
        if (i < 0) return undefined;
        continue;
      }
      // A key: hash its code units on the way, decoding first only if it holds an escape.
      let hash = hashBasis;
      let end = i + 1;
      for (let unit = text.charCodeAt(end); unit !== QUOTE; unit = text.charCodeAt(++end)) {
        if (unit === BACKSLASH || end >= text.length) break;
        hash = Math.imul(hash ^ unit, FNV_PRIME);
      }
      hash &= HASH_MASK;
      let key: string | undefined;
      if (text.charCodeAt(end) !== QUOTE) {
        end = stringEnd(text, i);
        key = end < 0 ? undefined : decodeString(text, i, end);
        if (key === undefined) return undefined;
        hash = hashOf(key, hashBasis);
      }
      top.keyStart = i;
      if (isRepeated(text, top, i, key, hash)) {
        return { path: pointerOf(text, frames, depth), message: bodyIssueMessages.repeatedKey };
      }
      expectKey = false;
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (depth === maxDepth) {
        return { path: pointerOf(text, frames, depth), message: tooDeepMessage(maxDepth) };
      }
      top = frames[depth] = openFrame(frames[depth], code === OPEN_OBJECT);
      depth++;
      expectKey = code === OPEN_OBJECT;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (depth === 0) return undefined;
      depth--;
      top = frames[depth - 1];
      expectKey = false;
    } else if (top === undefined) {
      return undefined;
    } else if (top.isObject) {
      expectKey = true;
    } else {
      top.index++;
    }
  }
  return undefined;
}

import { repeatedKeyMessage, tooDeepBelowMessage, tooDeepMessage, type Issue } from '../core/errors.js';
import { namedPointer, type NamedPointer } from './issue-path.js';
import { utf8Length } from './utf8-length.js';
import { addKey, forgetKeys, newObjectKeys, REPEATED_KEY, type ObjectKeys } from './repeated-keys.js';
import { processHashBasis } from './seeded-hash.js';
import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  stringAt,
  stringEnd,
} from './json-text.js';

/*
 * A single pass over JSON text, before JSON.parse builds anything, that finds the first value nested past the
 * depth limit (contract: body-limits) and the first key repeated within its object (contract: repeated-keys),
 * reported with no name the client chose (contract: issue-paths).
 * It keeps one frame per open container, so its memory is bounded by the depth limit, and it never recurses. It
 * checks structure only: on text that is not JSON it stops without an issue and leaves the verdict to
 * JSON.parse.
 * This is the exact scan the fast paths answer to; its own shortcut, keys told apart by hash before any is
 * decoded (repeated-keys.ts), must find what comparing every decoded key finds: the property test "finds the
 * first value too deep or key repeated that the rule names, whatever the hash basis"
 * (test/body/json-structure.test.ts) holds it to the rule.
 */

/** The characters the scan acts on; every other one (digits, letters of literals, whitespace) is skipped. */
const isStructural = new Uint8Array(128);
for (const code of [QUOTE, COMMA, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY]) isStructural[code] = 1;

/** One open object or array: where the scan is inside it, and which keys an object has shown so far. */
interface Frame {
  isObject: boolean;
  /** The index of the current item of an array. */
  index: number;
  /** Where the current key of an object starts (its opening quote), or -1 before the first key. */
  keyStart: number;
  keys: ObjectKeys;
}

/** Frames are reused level by level. */
function openFrame(frame: Frame | undefined, isObject: boolean): Frame {
  if (frame === undefined) return { isObject, index: 0, keyStart: -1, keys: newObjectKeys() };
  frame.isObject = isObject;
  frame.index = 0;
  frame.keyStart = -1;
  forgetKeys(frame.keys);
  return frame;
}

/**
 * The JSON Pointer of the current position (the current key or index of the first `depth` open containers), cut
 * at the first key the schemas do not name (issue-path.ts).
 */
function pointerOf(text: string, frames: readonly Frame[], depth: number): NamedPointer {
  const segments: (string | number)[] = [];
  for (let level = 0; level < depth; level++) {
    const frame = frames[level] as Frame;
    segments.push(!frame.isObject ? frame.index : frame.keyStart < 0 ? '' : stringAt(text, frame.keyStart));
  }
  return namedPointer(segments);
}

/** The depth issue at the value the scan stands on, or above it where its path stops. */
function tooDeepIssue(text: string, frames: readonly Frame[], depth: number, maxDepth: number): Issue {
  const { pointer, whole } = pointerOf(text, frames, depth);
  return { path: pointer, message: whole ? tooDeepMessage(maxDepth) : tooDeepBelowMessage(maxDepth) };
}

/**
 * The first structural problem of a JSON text, in text order: a container nested deeper than `maxDepth`
 * levels (the root is level 1), at the JSON Pointer of that value, or a key its object already has, at the
 * object's pointer with the byte offset of the key's second opening quote (`bytesBefore` is what the body held
 * before `text`: a byte order mark); each pointer cut at the first key the schemas do not name (contract:
 * issue-paths). Undefined when there is none, or when the text stops being JSON first (JSON.parse then rejects
 * it). Tests pass a fixed `hashBasis` to reach keys sharing a hash.
 */
export function findStructureIssue(
  text: string,
  maxDepth: number,
  hashBasis: number = processHashBasis,
  bytesBefore = 0,
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
      top.keyStart = i;
      const end = addKey(text, i, top.keys, hashBasis);
      if (end === REPEATED_KEY) {
        const byteOffset = bytesBefore + utf8Length(text, Infinity, i);
        return { path: pointerOf(text, frames, depth - 1).pointer, message: repeatedKeyMessage(byteOffset) };
      }
      if (end < 0) return undefined;
      expectKey = false;
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (depth === maxDepth) {
        return tooDeepIssue(text, frames, depth, maxDepth);
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

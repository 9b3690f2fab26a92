import { isJsonObject } from '../core/json-object.js';
import { hasEscapedKey } from './escaped-keys.js';
import { countOf } from './json-text.js';
import { keptEveryKeyByColons, keysKept } from './repeated-keys.js';

/*
 * The body guards' shortcut for a small, sparse body: parse it first, then check the parsed value, which costs
 * less than scanning the text before parsing. Small: too short to start more object shapes than the bound
 * allows. Sparse: at most one `{` or `[` (in strings too) per 32 characters, so that even a body nested past the
 * depth limit costs the parser about what an ordinary body of its size does (a nesting level costs it some 30
 * times a character; docs/contract.md#body-cost). A value is accepted when it shows every guard passed; one
 * that does not is a parsed object within the shape and density bounds, so only the exact scan for depth and
 * repeated keys is left to give the verdict the full way would.
 * A text with an escaped key is left to the full path, which checks its keys against the text (contract:
 * value-is-text).
 * Its verdict must equal the exact scan's (`checkedJsonText`, json-body.ts): the property test "small bodies
 * parsed first get the verdict and the message the full scan gives" (test/body/json-parse-first.test.ts) holds it.
 */

/** The longest text parsed first: a key takes at least four characters (`"":0`), so it holds few enough keys. */
export function parseFirstLimit(maxObjectShapes: number): number {
  return Math.min(4 * maxObjectShapes, 16 * 1024);
}

/** A body parsed first has at most one bracket per this many characters. */
export const CHARACTERS_PER_BRACKET = 32;

/** A text parsed first, and whether its value shows every guard passed (else a guard may have failed). */
export interface ParsedFirst {
  value: Record<string, unknown>;
  plain: boolean;
}

/**
 * `text` parsed, when it is short and sparse enough to be parsed first, writes no escaped key and turns out a
 * JSON object, with whether it is within the depth and density bounds and without a repeated key; else
 * undefined, and the caller's full path judges it.
 */
export function parsedFirst(
  text: string,
  maxDepth: number,
  maxObjectShapes: number,
  maxContainers: number,
): ParsedFirst | undefined {
  if (text.length > parseFirstLimit(maxObjectShapes)) return undefined;
  if ((countOf(text, '{') + countOf(text, '[')) * CHARACTERS_PER_BRACKET > text.length) return undefined;
  // The engine's JSON.parse may decode an escaped key wrongly: such a text is read the careful way.
  if (hasEscapedKey(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value)) return undefined;
  const keys = keysKept(value, maxDepth, maxContainers);
  return { value, plain: keptEveryKeyByColons(text, value, keys) };
}

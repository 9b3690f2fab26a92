import { resolvedLimits, type BodyLimits } from './body-limits.js';
import { bodyIssueMessages, errorBody, type ErrorBody, type Issue } from '../core/errors.js';
import { isJsonObject } from '../core/json-object.js';
import { maxContainers, tooDenseMessage, tooManyShapesMessage } from './body-cost.js';
import { isJsonWhitespace } from './json-text.js';
import { utf8Length } from './utf8-length.js';
import { parsedWithTextKeys } from './checked-keys.js';
import { parsedByGrammar } from './json-grammar.js';
import { scanJsonShape } from './json-shape.js';
import { findStructureIssue } from './json-structure.js';
import { parsedFirst } from './json-parse-first.js';
import { keptEveryKeyCounted } from './repeated-keys.js';
import type { ValidationResult } from '../core/validators.js';

// RFC 8259 (section 8.1) lets a parser ignore a byte order mark: the decoder keeps it so bytes and strings drop
// one alike.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BYTE_ORDER_MARK = 0xfeff;
const BYTE_ORDER_MARK_BYTES = 3;

/** Past this many keys in one object, V8's JSON.parse of it is slower than the exact scan for repeated keys. */
const WIDE_OBJECT = 1024;

/** A body read as a JSON object, or the error body to send instead. */
export type JsonObjectResult = ValidationResult<Record<string, unknown>>;

/** A body refused as a whole: 400 with one issue at the root. */
export function rejected(message: string): { ok: false; error: ErrorBody } {
  return { ok: false, error: errorBody(400, [{ path: '', message }]) };
}

/** A body refused for the structure issue the exact scan found: 400 at the offending value. */
function rejectedAt(issue: Issue): { ok: false; error: ErrorBody } {
  return { ok: false, error: errorBody(400, [issue]) };
}

/** Whether a string's UTF-8 encoding exceeds `maxBytes`, counted without encoding it. */
function utf8LengthExceeds(text: string, maxBytes: number): boolean {
  // Every UTF-16 unit takes 1 to 3 bytes, so most strings are decided by their length alone.
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return utf8Length(text, maxBytes) > maxBytes;
}

/** Whether a text holds nothing but JSON's whitespace. */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isJsonWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Turns a raw request body into a JSON object, or into the error body a server sends, never throwing on input.
 * The steps run cheapest first, each in linear time and without recursion, so nothing recursive or costly
 * touches a body before it is known to be small and shallow enough: size on the raw bytes (larger than
 * `maxBytes`, 4 MiB by default, gets 413), UTF-8 decoding, empty body, nesting depth and repeated keys on the
 * text (deeper than `maxDepth`, 64 by default, gets 400 at the first too-deep value), the cost bounds (more than
 * `maxObjectShapes` distinct object shapes, 4096 by default, or objects and arrays packed denser than one per 24
 * characters past the first 4096, gets 400 at the root), JSON.parse, and a root that must be an object. Each 400
 * names its path (docs/contract.md#body-limits). A text that writes an escaped object key is parsed by JSON.parse
 * with those keys checked against the text (checked-keys.ts), the same value on every runtime
 * (docs/contract.md#value-is-text).
 * A small, sparse body is parsed first and checked on the value (json-parse-first.ts), with the same verdicts:
 * the body verdict invariant (body-pipeline.ts). A limit that is not a usable integer throws a RangeError: that
 * is the caller's bug, not the input's.
 */
export function parseJsonBody(body: string | Uint8Array, limits: BodyLimits = {}): JsonObjectResult {
  const { maxBytes, maxDepth, maxObjectShapes } = resolvedLimits(limits);
  const tooLarge = typeof body === 'string' ? utf8LengthExceeds(body, maxBytes) : body.byteLength > maxBytes;
  if (tooLarge) return { ok: false, error: errorBody(413) };
  let text: string;
  try {
    text = typeof body === 'string' ? body : decoder.decode(body);
  } catch {
    return rejected(bodyIssueMessages.notUtf8);
  }
  // A repeated key's byte offset counts the mark's three bytes, as the body sent them.
  const bytesBefore = text.charCodeAt(0) === BYTE_ORDER_MARK ? BYTE_ORDER_MARK_BYTES : 0;
  if (bytesBefore > 0) text = text.slice(1);
  if (isBlank(text)) return rejected(bodyIssueMessages.empty);
  const first = parsedFirst(text, maxDepth, maxObjectShapes, maxContainers(text.length));
  if (first?.plain === true) return { ok: true, value: first.value };
  if (first !== undefined) {
    // What the full path would find in an object within the cost bounds: a too-deep value or a repeated key.
    const structureIssue = findStructureIssue(text, maxDepth, undefined, bytesBefore);
    if (structureIssue) return rejectedAt(structureIssue);
  }
  return checkedJsonText(text, maxDepth, maxObjectShapes, bytesBefore);
}

/**
 * The guards on decoded, non-blank text, scanning it before JSON.parse runs: the whole verdict, whatever the
 * size. `parseJsonBody` takes a shortcut for small bodies that gives the same verdicts. `bytesBefore` is what
 * the body held before `text` (a byte order mark), counted in a repeated key's byte offset.
 */
export function checkedJsonText(
  text: string,
  maxDepth: number,
  maxObjectShapes: number,
  bytesBefore = 0,
): JsonObjectResult {
  // The pass stops at the first container past the density bound, so a dense body costs a fraction of a scan.
  const shape = scanJsonShape(text, maxDepth, maxObjectShapes, maxContainers(text.length));
  // What the engine's parser would spend on the body is bounded before it runs (docs/contract.md#body-cost).
  if (shape.tooManyShapes) return rejected(tooManyShapesMessage(maxObjectShapes));
  if (shape.tooManyContainers) return rejected(tooDenseMessage);
  // A body too deep, or with an object so wide that JSON.parse would cost more than a scan for repeated keys,
  // is explained by the exact scan before anything parses it.
  const scanned = shape.tooDeep || shape.widestObject > WIDE_OBJECT;
  if (scanned) {
    const structureIssue = findStructureIssue(text, maxDepth, undefined, bytesBefore);
    if (structureIssue) return rejectedAt(structureIssue);
    // Nesting past the limit that the exact scan does not reach lies past where the text stopped being JSON.
    if (shape.tooDeep) return rejected(bodyIssueMessages.notJson);
  }
  // The engine's JSON.parse may decode an escaped key wrongly: its keys are checked against the text, and a text
  // they differ from is parsed with its escaped keys written plain (contract: value-is-text).
  let value: unknown;
  let keptEveryKey: boolean;
  if (shape.escapedKeys > 0) {
    const parsed = parsedWithTextKeys(text, shape);
    if (parsed === undefined) return notJsonAt(text, maxDepth, bytesBefore, scanned);
    value = parsed.value;
    keptEveryKey = parsed.keys >= 0 && (scanned || parsed.keys === shape.keys);
  } else {
    try {
      value = JSON.parse(text);
    } catch {
      return rejected(bodyIssueMessages.notJson);
    }
    keptEveryKey = scanned || keptEveryKeyCounted(value, shape.keys);
  }
  // Fewer keys than the text wrote: a repeated key, which the exact scan finds, or else keys the engine got
  // wrong, so the text is read again by the grammar rather than accepted with them.
  if (!keptEveryKey) {
    const structureIssue = scanned ? undefined : findStructureIssue(text, maxDepth, undefined, bytesBefore);
    return structureIssue ? rejectedAt(structureIssue) : readByGrammar(text, maxDepth, bytesBefore, true);
  }
  return objectRoot(value);
}

/**
 * The verdict on a text that is not JSON: the first structure issue the exact scan finds before the point where
 * it stops being JSON, else that it is not JSON. `scanned` says the exact scan already ran and found nothing.
 */
function notJsonAt(text: string, maxDepth: number, bytesBefore: number, scanned: boolean): JsonObjectResult {
  const structureIssue = scanned ? undefined : findStructureIssue(text, maxDepth, undefined, bytesBefore);
  return structureIssue ? rejectedAt(structureIssue) : rejected(bodyIssueMessages.notJson);
}

/**
 * The exact scan's verdict, with the value read by the project's own parser rather than the engine's
 * (json-grammar.ts), for a text whose parsed keys disagree with it where the exact scan found no repeated key.
 * `scanned` says the exact scan already ran and found nothing.
 */
function readByGrammar(
  text: string,
  maxDepth: number,
  bytesBefore: number,
  scanned: boolean,
): JsonObjectResult {
  let value: unknown;
  try {
    value = parsedByGrammar(text, true);
  } catch {
    return notJsonAt(text, maxDepth, bytesBefore, scanned);
  }
  return objectRoot(value);
}

/** A parsed body, accepted when its root is an object. */
function objectRoot(value: unknown): JsonObjectResult {
  if (!isJsonObject(value)) return rejected(bodyIssueMessages.notObject);
  return { ok: true, value };
}

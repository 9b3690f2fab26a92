import { bodyIssueMessages, errorBody, requestIssueMessages } from '../core/errors.js';
import type { BodyLimits } from '../body/body-limits.js';
import { judgedBody, type BodyPipeline } from '../body/body-pipeline.js';
import { joinedBytes } from '../body/byte-chunks.js';
import { checkJsonDepth } from '../body/json-depth.js';
import { parseJsonBody, rejected, type JsonObjectResult } from '../body/json-body.js';
import type { ValidationResult } from '../core/validators.js';
import { headerValue } from './request-headers.js';
import type { BodyInput, BodySource, NodeBodyStream, RequestBody } from './types.js';

/**
 * Bodies are `application/json` (contract: create-preset). Also accepted: a `+json` suffix (RFC 6839) and a
 * `charset` of UTF-8, the only one JSON allows (RFC 8259, section 8.1). A missing header is not JSON.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [essence = '', ...parameters] = contentType.split(';');
  const mediaType = essence.trim().toLowerCase();
  if (mediaType !== 'application/json' && !/^application\/[!#$&^_.+\w-]+\+json$/.test(mediaType))
    return false;
  return parameters.every((parameter) => {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') return true;
    return /^"?utf-8"?$/i.test(value.trim());
  });
}

/** A body the server has no room for now: its budget of body bytes in flight is spent (contract: overload). */
class NoRoomForBody extends Error {}

/** A body whose bytes stopped arriving, or arrive too slowly, for the server to wait (contract: overload). */
class BodyStalled extends Error {}

/** Looks at a body's rate per grace: the window of the last grace slides by this part of it. */
const RATE_STEPS = 5;

/**
 * The least average rate a body must keep once it has started, after a grace (contract: overload): from the end
 * of the grace on, the bytes of every last grace-long window average at least `bytesPerSecond`.
 */
export interface BodyRate {
  /** Bytes per second, on average over the last `graceMs`. */
  bytesPerSecond: number;
  /** Milliseconds from the start of the read before the rate is first asked, and the window it is asked over. */
  graceMs: number;
}

/** What a server adds to reading a Node request stream. */
export interface NodeStreamBounds {
  /** Offered each chunk before it is kept; false refuses it, and the body, for lack of room. */
  take?: (bytes: number) => boolean;
  /** The longest time, in milliseconds, between one chunk and the next (or the start and the first). */
  idleMs?: number;
  /** The least rate the body must keep, so that trickling a byte now and then cannot hold the server's room. */
  minRate?: BodyRate;
}

/**
 * Reads a Node request stream until it ends or holds more than `maxBytes`, then stops listening: a body past
 * the limit is never held in full. Each chunk is first offered to `take`, which refuses it when the server has
 * no room for it; a body with no chunk for `idleMs`, or below `minRate` on average once its grace is over, is
 * given up. The stream is left paused, not destroyed, so the response can still be sent.
 */
export function readNodeStream(
  stream: NodeBodyStream,
  maxBytes: number,
  { take = () => true, idleMs, minRate }: NodeStreamBounds = {},
): Promise<Uint8Array> {
  if (stream.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    let idle: ReturnType<typeof setTimeout> | undefined;
    let slow: ReturnType<typeof setTimeout> | undefined;
    const settle = (finish: () => void) => {
      clearTimeout(idle);
      clearTimeout(slow);
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      finish();
    };
    const onStall = () => {
      stream.pause();
      settle(() => reject(new BodyStalled()));
    };
    const onData = (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      if (!take(bytes.byteLength)) {
        stream.pause();
        return settle(() => reject(new NoRoomForBody()));
      }
      chunks.push(bytes);
      total += bytes.byteLength;
      if (total > maxBytes) {
        stream.pause();
        return settle(() => resolve(joinedBytes(chunks, total)));
      }
      if (idle !== undefined) restartIdle();
    };
    const onEnd = () => settle(() => resolve(joinedBytes(chunks, total)));
    const onError = (error: unknown) => settle(() => reject(error));
    const onClose = () => settle(() => reject(new Error('The request closed before its body ended.')));
    const restartIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(onStall, idleMs);
    };
    // The bytes of each last grace-long window, looked at every fifth of it: a body must keep arriving, so a
    // burst followed by a trickle is cut as surely as a trickle from the start.
    const step = minRate && Math.max(1, Math.round(minRate.graceMs / RATE_STEPS));
    const seen = [0];
    const checkRate = (rate: BodyRate) => {
      seen.push(total);
      if (seen.length > RATE_STEPS + 1) seen.shift();
      const window = seen[0] ?? 0;
      if (seen.length > RATE_STEPS && (total - window) * 1000 < rate.bytesPerSecond * rate.graceMs) {
        return onStall();
      }
      slow = setTimeout(() => checkRate(rate), step);
    };
    if (idleMs !== undefined) restartIdle();
    if (minRate !== undefined) slow = setTimeout(() => checkRate(minRate), step);
    stream.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** The same for a fetch body: stops after `maxBytes + 1` bytes and cancels the rest of the stream. */
export async function readWebStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return joinedBytes(chunks, total);
}

function isWebStream(body: BodySource): body is ReadableStream<Uint8Array> {
  return typeof (body as { getReader?: unknown } | null)?.getReader === 'function';
}

export function isNodeStream(body: unknown): body is NodeBodyStream {
  return typeof (body as { on?: unknown } | null)?.on === 'function';
}

/** A stream becomes a reader, so that it is read only once the checks before the body have passed. */
function readerOf(body: BodySource): RequestBody {
  if (isWebStream(body)) return (maxBytes) => readWebStream(body, maxBytes);
  if (isNodeStream(body)) return (maxBytes) => readNodeStream(body, maxBytes);
  return body;
}

/**
 * A body a framework's parser left on the request: raw bytes (`express.raw`) and text (`express.text`) go
 * through every body guard as if read here; a parsed value (`express.json`) gets the checks that still apply.
 */
export function alreadyRead(body: unknown): RequestBody {
  if (body instanceof Uint8Array || typeof body === 'string') return body;
  return { parsed: body };
}

function isParsedBody(body: RequestBody): body is { parsed: unknown } {
  return typeof body === 'object' && body !== null && !(body instanceof Uint8Array) && 'parsed' in body;
}

/** A body a framework already parsed: depth and an object root are all that is left to check. */
function checkParsedBody(value: unknown, maxDepth: number): JsonObjectResult {
  const depth = checkJsonDepth(value, maxDepth);
  if (!depth.ok) return depth;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return rejected(bodyIssueMessages.notObject);
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The whole verdict on a value a framework's parser already made, at once: the checks that still apply to a
 * parsed value, then the root's validator and the normalizer as `judgedBody` runs them. Only where the
 * profile's validators load synchronously (Node, Bun, Deno), for a framework whose validators are synchronous.
 */
export function parsedBodyVerdict(value: unknown, pipeline: BodyPipeline): ValidationResult<unknown> {
  return judgedBody(pipeline, checkParsedBody(value, pipeline.limits.maxDepth));
}

/** A `Content-Length` that already says the body is too large, so it need not be read at all. */
function declaresTooMany(contentLength: string | undefined, maxBytes: number): boolean {
  return (
    contentLength !== undefined && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > maxBytes
  );
}

/**
 * Turns a request body into a JSON object or the error body to send: 413 for a declared or read
 * size over `maxBytes`, 503 for a body the server has no room for now, 408 for one that stopped arriving, 400
 * for a body that is empty, not UTF-8 or JSON, too deep, not an object, or that broke off while being read.
 */
export async function readJsonObject(
  body: RequestBody,
  contentLength: string | undefined,
  limits: { maxBytes: number; maxDepth: number },
): Promise<JsonObjectResult> {
  if (isParsedBody(body)) return checkParsedBody(body.parsed, limits.maxDepth);
  if (declaresTooMany(contentLength, limits.maxBytes)) return { ok: false, error: errorBody(413) };
  let raw: Uint8Array | string;
  try {
    raw = typeof body === 'function' ? await body(limits.maxBytes) : (body ?? '');
  } catch (error) {
    if (error instanceof NoRoomForBody) return { ok: false, error: errorBody(503) };
    if (error instanceof BodyStalled) return { ok: false, error: errorBody(408) };
    return rejected(requestIssueMessages.incomplete);
  }
  return parseJsonBody(raw, limits);
}

/**
 * A request's body as a JSON object, or the error body to send: 400 unless its content type is JSON (contract:
 * create-preset), then whatever `readJsonObject` finds.
 */
export function readJsonRequest(request: BodyInput, limits: Required<BodyLimits>): Promise<JsonObjectResult> {
  if (!isJsonMediaType(headerValue(request.headers, 'content-type'))) {
    return Promise.resolve(rejected(requestIssueMessages.notJsonMediaType));
  }
  return readJsonObject(readerOf(request.body), headerValue(request.headers, 'content-length'), limits);
}

/**
 * A request's body through the whole body pipeline (src/body/body-pipeline.ts): read and guarded as
 * `readJsonRequest` does, then, once the profile's validators are loaded, validated and normalized as asked.
 */
export async function readBodyVerdict(
  request: BodyInput,
  pipeline: BodyPipeline,
): Promise<ValidationResult<unknown>> {
  const guarded = await readJsonRequest(request, pipeline.limits);
  if (guarded.ok && pipeline.validates && pipeline.loading !== null) await pipeline.loading;
  return judgedBody(pipeline, guarded);
}

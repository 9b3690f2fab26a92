import { errorBody, type ErrorBody } from './errors.js';

/** The request header that makes a create safe to retry (contract: idempotent-creates), as the IETF draft names it. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Longest key a client may send. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** 1 to 255 printable ASCII characters, the space included: what the header may carry. */
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

/** The sentence of the issue a malformed key gets; its path names the header, as a path parameter's does. */
export const idempotencyKeyMessage = `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`;

/**
 * The key a request sent, undefined when it sent none, or the 400 to answer when it sent one that is malformed
 * (empty, too long, or holding a character outside printable ASCII), never echoing the value.
 */
export function idempotencyKeyOf(
  value: string | undefined,
): { ok: true; key: string | undefined } | { ok: false; error: ErrorBody } {
  if (value === undefined) return { ok: true, key: undefined };
  if (KEY_SHAPE.test(value)) return { ok: true, key: value };
  return {
    ok: false,
    error: errorBody(400, [{ path: `/${IDEMPOTENCY_KEY_HEADER}`, message: idempotencyKeyMessage }]),
  };
}

/** The error bodies that ask the client to come back later, whatever their status: their answers say when. */
const comeBackLater = new WeakSet<object>();

/**
 * A 409 whose key's first request is still running (contract: idempotent-creates): the handler answers it with
 * `Retry-After`, since the retry will find that request's answer once it is done.
 */
export function stillRunningBody(): ErrorBody {
  const body = errorBody(409);
  comeBackLater.add(body);
  return body;
}

/** True for an error body made by `stillRunningBody`. */
export function asksToComeBack(body: object): boolean {
  return comeBackLater.has(body);
}

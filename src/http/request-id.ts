import { headerValue } from './request-headers.js';
import type { HeaderSource } from './types.js';

/** The header that carries a request's id, both ways (contract: request-id). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an id may be to be taken, sent back and logged as it is: short, and of characters that can break no
 * header, log line or query.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether `id` may be sent back and logged as it is (contract: request-id). */
export function isSafeRequestId(id: unknown): id is string {
  return typeof id === 'string' && SAFE_REQUEST_ID.test(id);
}

/**
 * The id of a request (contract: request-id): its `X-Request-Id` when that is safe to echo, else a new random
 * UUID. A repeated header reads as its values joined by `, `, which is not safe, so it gets a new one too.
 */
export function requestIdOf(headers: HeaderSource): string {
  const given = headerValue(headers, REQUEST_ID_HEADER);
  return isSafeRequestId(given) ? given : crypto.randomUUID();
}

/**
 * The id reader a handler uses: the user's, if given, held to the same rule, so that what a hook returns can
 * neither break the answer's headers nor a log line; a hook that throws or returns an unsafe id gets a new UUID.
 */
export function requestIdReader(read?: (headers: HeaderSource) => string): (headers: HeaderSource) => string {
  if (read === undefined) return requestIdOf;
  if (typeof read !== 'function') throw new TypeError('requestId must be a function of the request headers');
  return (headers) => {
    let id: unknown;
    try {
      id = read(headers);
    } catch {
      // An id is never worth a failed request.
    }
    return isSafeRequestId(id) ? id : crypto.randomUUID();
  };
}

import { errorBody, statusMessages, type ErrorStatus, type Issue } from '../core/errors.js';
import type { HandlerResponse } from './types.js';

/** Every response is JSON. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** When a client refused with 503 may try again, in seconds. */
export const RETRY_AFTER_SECONDS = 60;

/**
 * When a client refused with 409 because its key's first request is still running may try again, in seconds:
 * that request ends within the store's deadline, a few seconds (contract: idempotent-creates).
 */
export const RUNNING_RETRY_AFTER_SECONDS = 1;

/**
 * An error answer is for now: a 404 kept by a cache would hide a version written a moment later (contract:
 * reading-versions).
 */
const ERROR_CACHE_CONTROL = { 'cache-control': 'no-store' };

/**
 * A 503 always says when to try again (contract: overload), and every error answer forbids caches to keep it,
 * whoever builds it.
 */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HandlerResponse {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/** The same for a body already serialized. */
export function jsonTextResponse(
  status: number,
  text: string,
  headers: Record<string, string> = {},
): HandlerResponse {
  const retry = status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : undefined;
  const noStore = status >= 400 ? ERROR_CACHE_CONTROL : undefined;
  // nosniff: a browser never reads an answer, which may hold text a client sent, as anything but JSON.
  return {
    status,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'x-content-type-options': 'nosniff',
      ...noStore,
      ...retry,
      ...headers,
    },
    body: text,
  };
}

/**
 * `headers` with `added` set on top, own keys only. Built key by key on purpose: V8 gives an object spread and then
 * given a new key (`{ ...headers, name: value }`) a hidden class of its own on every call, garbage the old
 * generation must collect, which costs a response several times the copy.
 */
export function withHeaders(
  headers: Readonly<Record<string, string>>,
  added: Readonly<Record<string, string>>,
): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const name in headers) if (Object.hasOwn(headers, name)) joined[name] = headers[name] as string;
  for (const name in added) if (Object.hasOwn(added, name)) joined[name] = added[name] as string;
  return joined;
}

/**
 * RFC 9110, section 9.3.2: the answer to HEAD is GET's, status and headers alike, `Content-Length` included,
 * without the body. A 204 or 304 has no length to carry.
 */
export function headResponse(response: HandlerResponse): HandlerResponse {
  if (response.status === 204 || response.status === 304) return { ...response, body: '' };
  const length = new TextEncoder().encode(response.body).byteLength;
  return {
    status: response.status,
    headers: withHeaders(response.headers, { 'content-length': String(length) }),
    body: '',
  };
}

/** The error body of a status, `code` equal to it. */
export function errorResponse(status: ErrorStatus, issues?: readonly Issue[]): HandlerResponse {
  return jsonResponse(status, errorBody(status, issues));
}

/** RFC 9110, section 15.5.6: a known path with another method gets 405 and the methods it allows. */
export function methodNotAllowed(allow: readonly string[]): HandlerResponse {
  return jsonResponse(405, errorBody(405), { allow: allow.join(', ') });
}

/** Whether the interface has an error body for `status` (a framework may raise others). */
export function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(statusMessages, status);
}

/** How long a client may keep what never changes: a year, the longest RFC 9111 lets a cache count on. */
const IMMUTABLE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** The validator and caching headers of an answer that never changes, its `ETag` made of `id`. */
export function immutableHeaders(id: string): Record<string, string> {
  return { etag: `"${id}"`, 'cache-control': IMMUTABLE_CACHE_CONTROL };
}

/**
 * Whether `ifNoneMatch` (RFC 9110, section 13.1.2) names `etag`: `*`, or a list holding it, compared weakly (a
 * `W/` prefix is ignored).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** 304: the client's copy stands; the same validator and caching headers, no body and no length of its own. */
export function notModified(headers: Record<string, string>): HandlerResponse {
  return { status: 304, headers, body: '' };
}

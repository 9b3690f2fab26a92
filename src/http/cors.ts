import { withHeaders } from './http-response.js';
import { headerValue } from './request-headers.js';
import type { CorsOptions, HandlerRequest, HandlerResponse } from './types.js';

/** What a preflight may ask for: the interface's methods, and the headers its requests carry or may carry. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id, traceparent, Idempotency-Key';
/**
 * Response headers a cross-origin script may read besides the safelisted ones: when to retry, what is allowed,
 * and the request's id to quote in a report (contract: request-id).
 */
const EXPOSED_HEADERS = 'Retry-After, Allow, X-Request-Id';
const DEFAULT_MAX_AGE = 600;

/** Adds the cross-origin headers to the handler's answers and answers preflight requests itself. */
export interface CorsPolicy {
  /** The answer to a preflight from an allowed origin; null for any other request, which the handler answers. */
  preflight(request: HandlerRequest): HandlerResponse | null;
  /** The response with `Vary: Origin`, and the origin's allowance when it is allowed. */
  decorate(request: HandlerRequest, response: HandlerResponse): HandlerResponse;
}

/** Options are the programmer's, so a wrong one throws when the handler is made, never on a request. */
export function corsPolicy(options: CorsOptions): CorsPolicy {
  const { origins } = options;
  if (typeof origins !== 'function' && !Array.isArray(origins)) {
    throw new TypeError('cors.origins must be a list of origins or a function');
  }
  const anyOrigin = Array.isArray(origins) && origins.includes('*');
  const credentials = options.credentials === true;
  if (anyOrigin && credentials) {
    throw new TypeError("cors.credentials cannot be used with the origin '*': list the origins instead");
  }
  const maxAge = options.maxAge ?? DEFAULT_MAX_AGE;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) {
    throw new TypeError(`cors.maxAge must be a whole number of seconds, got ${String(maxAge)}`);
  }
  const listed = new Set(Array.isArray(origins) ? origins : []);
  const allows =
    typeof origins === 'function' ? origins : (origin: string) => anyOrigin || listed.has(origin);

  /** The allowance headers for the request's origin, or null when it sent none or is not allowed. */
  const allowance = (request: HandlerRequest): Record<string, string> | null => {
    const origin = headerValue(request.headers, 'origin');
    if (origin === undefined || origin === '' || !allows(origin)) return null;
    return {
      'access-control-allow-origin': anyOrigin ? '*' : origin,
      ...(credentials ? { 'access-control-allow-credentials': 'true' } : {}),
    };
  };

  return {
    preflight(request) {
      if (request.method !== 'OPTIONS') return null;
      const method = headerValue(request.headers, 'access-control-request-method');
      if (method === undefined || !ALLOWED_METHODS.includes(method)) return null;
      const allowed = allowance(request);
      if (allowed === null) return null;
      return {
        status: 204,
        headers: withHeaders(allowed, {
          'access-control-allow-methods': ALLOWED_METHODS.join(', '),
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': String(maxAge),
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        }),
        body: '',
      };
    },
    decorate(request, response) {
      const allowed = allowance(request);
      const vary = response.headers['vary'];
      const headers = withHeaders(response.headers, allowed ?? {});
      if (allowed !== null) headers['access-control-expose-headers'] = EXPOSED_HEADERS;
      headers['vary'] = vary === undefined ? 'Origin' : `${vary}, Origin`;
      return { ...response, headers };
    },
  };
}

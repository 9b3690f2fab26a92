import type { Env, MiddlewareHandler } from 'hono';
import {
  createBodyValidator,
  type BodyOptionsFor,
  type BodyValue,
  type NoOptions,
  type RootName,
  type RootTypes,
} from '../body-validation.js';
import { createHandler } from '../handler.js';
import { jsonResponse } from '../http-response.js';
import type { HandlerOptions, HandlerResponse } from '../types.js';

export { readBody } from '../body-validation.js';

export type FetchHandler = (request: Request) => Promise<Response>;

/** A 204 (a CORS preflight's answer) or 304 must have a null body: fetch's `Response` refuses even an empty one. */
function toResponse(result: HandlerResponse): Response {
  const body = result.status === 204 || result.status === 304 ? null : result.body;
  return new Response(body, { status: result.status, headers: result.headers });
}

/**
 * The gateway as a fetch handler, for Hono, Cloudflare Workers, Bun and Deno. It reads the body stream itself,
 * only once routing, auth and parameters have passed, and cancels it past the size limit. `basePath` is the
 * path the routes hang under in `request.url` (none when a router such as Hono's `mount` strips it first).
 */
export function fetchGateway(options: HandlerOptions): FetchHandler {
  const handler = createHandler(options);
  return async (request) => {
    const { pathname, search } = new URL(request.url);
    const result = await handler({
      method: request.method,
      url: pathname + search,
      headers: request.headers,
      body: request.body,
    });
    return toResponse(result);
  };
}

/** What `validateBody` tells Hono: the JSON a client sends, and what `c.req.valid('json')` returns. */
export interface ValidatedJson<In, Out> {
  in: { json: In };
  out: { json: Out };
}

/**
 * Hono middleware for a route of your own: `app.post('/v1/messages', validateBody('messages-request'), (c) =>
 * ... c.req.valid('json') ...)`. It reads and guards the raw body, validates it against the root and hands
 * Hono the typed value, or answers the 400 or 413 error body itself (contract: error-body), which never echoes
 * the input back as Hono's validators do. Hono is only a type here: this entry loads no framework.
 */
export function validateBody<N extends RootName, O extends BodyOptionsFor<N> = NoOptions>(
  name: N,
  options?: O,
): MiddlewareHandler<Env, string, ValidatedJson<RootTypes[N], BodyValue<N, O>>> {
  const check = createBodyValidator(name, options);
  return async (c, next) => {
    const result = await check(c.req.raw);
    if (!result.ok) return toResponse(jsonResponse(result.error.error.code, result.error));
    c.req.addValidatedData('json', result.value as object);
    await next();
  };
}

import { createHandler } from './handler.js';
import type { HandlerOptions, HandlerResponse } from './types.js';

export type FetchHandler = (request: Request) => Promise<Response>;

function toResponse(result: HandlerResponse): Response {
  return new Response(result.body, { status: result.status, headers: result.headers });
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

import type { RequestHandler } from 'express';
import { createHandler } from './handler.js';
import { serveNodeRequest } from './node.js';
import type { HandlerOptions, RequestBody } from './types.js';

/**
 * A body an upstream middleware already read: raw bytes (`express.raw`) and text (`express.text`) go through
 * every body guard as if read here; a parsed value (`express.json`) gets the checks that still apply to it.
 */
function alreadyRead(body: unknown): RequestBody {
  if (body instanceof Uint8Array || typeof body === 'string') return body;
  return { parsed: body };
}

/**
 * The gateway as Express 5 middleware: `app.use('/api/v1', expressGateway({ resolveKey, operations }))`. It
 * answers every request that reaches it (404 and 405 in the interface's shape included), reading the raw body
 * itself; Express is only a type here, never loaded. Put it before `express.json()`, or on a path that
 * middleware does not cover: a body parsed upstream has already met that parser's own size limit and error
 * shape, and a repeated key in it can no longer be seen.
 */
export function expressGateway(options: HandlerOptions): RequestHandler {
  const handler = createHandler(options);
  return (request, response, next) => {
    const overrides =
      request.body === undefined
        ? { url: request.url }
        : { url: request.url, body: alreadyRead(request.body) };
    serveNodeRequest(handler, request, response, overrides).catch(next);
  };
}

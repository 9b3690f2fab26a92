import type { Request, RequestHandler } from 'express';
import { createHandler } from './handler.js';
import { serveNodeRequest } from './node.js';
import { alreadyRead } from './request-body.js';
import type { HandlerOptions } from './types.js';

/** The gateway reads a body an upstream middleware left as bytes, text or a value, and the stream otherwise. */
function bodyOf(request: Request) {
  return request.body === undefined ? request : alreadyRead(request.body);
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
    serveNodeRequest(handler, request, response, { url: request.url, body: bodyOf(request) }).catch(next);
  };
}

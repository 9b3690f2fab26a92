import type { Request, RequestHandler } from 'express';
import {
  createBodyValidator,
  type BodyOptionsFor,
  type BodyValue,
  type NoOptions,
  type RootName,
} from '../body-validation.js';
import { createHandler } from '../handler.js';
import { jsonResponse } from '../http-response.js';
import { serveNodeRequest, writeNodeResponse } from '../node/node-listener.js';
import { alreadyRead } from '../request-body.js';
import { nodeHeaders } from '../request-headers.js';
import type { HandlerOptions } from '../types.js';

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

/**
 * Express 5 middleware for a route of your own: `app.post('/v1/messages', validateBody('messages-request'),
 * handler)`. It reads and guards the raw body, validates it against the root, and sets `req.body` to the
 * typed value, or answers the 400 or 413 error body itself (contract: error-body). Like `expressGateway`, it
 * belongs before `express.json()`: a body parsed upstream gets only the checks that still apply to a value.
 */
export function validateBody<N extends RootName, O extends BodyOptionsFor<N> = NoOptions>(
  name: N,
  options?: O,
): RequestHandler<Request['params'], unknown, BodyValue<N, O>> {
  const check = createBodyValidator(name, options);
  return (request, response, next) => {
    check({ headers: nodeHeaders(request), body: bodyOf(request) }).then((result) => {
      if (!result.ok)
        return writeNodeResponse(request, response, jsonResponse(result.error.error.code, result.error));
      request.body = result.value;
      next();
    }, next);
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { bytesToHold, type BodyBudget } from './body-budget.js';
import { createHandler } from './handler.js';
import { errorResponse } from './http-response.js';
import { DEFAULT_LINGER, sendContinue, writeAfterBody, type LingerLimits } from './lingering-close.js';
import { readNodeStream } from './request-body.js';
import { nodeHeaders } from './request-headers.js';
import { inArrivalOrder } from './request-order.js';
import type { BodySource, Handler, HandlerOptions, HandlerResponse } from './types.js';

/** What an adapter knows better than the raw request: a path relative to its mount point, a parsed body. */
export interface NodeRequestOverrides {
  url?: string;
  body?: BodySource;
}

/** What a server adds around each request: the shared body budget and the lingering close's bounds. */
export interface NodeServeBounds {
  budget?: { bytes: BodyBudget; maxBodyBytes: number };
  linger?: LingerLimits;
}

/**
 * Writes a handler response. A request whose body was not read to its end (a 413 cut short, a 401 before a
 * large upload) is answered first; then the rest of its body is read and discarded within bounds before the
 * connection closes, so the client sees the answer rather than a reset connection. A body read to its end keeps
 * the connection open.
 */
export function writeNodeResponse(
  request: IncomingMessage,
  response: ServerResponse,
  result: HandlerResponse,
  linger: LingerLimits = DEFAULT_LINGER,
): Promise<void> {
  if (response.headersSent || response.destroyed) return Promise.resolve();
  return writeAfterBody(request, response, result, linger);
}

/** The request stream as a body, with `100 Continue` sent only once the handler starts reading it. */
function bodyAfterContinue(request: IncomingMessage, response: ServerResponse): BodySource {
  return (maxBytes: number) => {
    sendContinue(request, response);
    return readNodeStream(request, maxBytes);
  };
}

async function serveInOrder(
  handler: Handler,
  request: IncomingMessage,
  response: ServerResponse,
  overrides: NodeRequestOverrides,
  bounds: NodeServeBounds,
): Promise<HandlerResponse> {
  const budget = bounds.budget;
  const held = budget === undefined ? 0 : bytesToHold(request.headers, budget.maxBodyBytes);
  if (budget !== undefined && !budget.bytes.tryHold(held)) {
    const refused = errorResponse(503);
    await writeNodeResponse(request, response, refused, bounds.linger);
    return refused;
  }
  try {
    const result = await handler({
      method: request.method ?? 'GET',
      url: overrides.url ?? request.url ?? '/',
      headers: nodeHeaders(request),
      body: 'body' in overrides ? overrides.body : bodyAfterContinue(request, response),
    });
    await writeNodeResponse(request, response, result, bounds.linger);
    return result;
  } finally {
    budget?.bytes.release(held);
  }
}

/**
 * Runs one Node request through the handler, its body read lazily and never past the limit, after every request
 * pipelined before it on the same connection. An `Expect: 100-continue` request gets `100 Continue` only if its
 * body is read, so a rejection before that goes out instead.
 */
export function serveNodeRequest(
  handler: Handler,
  request: IncomingMessage,
  response: ServerResponse,
  overrides: NodeRequestOverrides = {},
  bounds: NodeServeBounds = {},
): Promise<HandlerResponse> {
  return inArrivalOrder(request.socket, () => serveInOrder(handler, request, response, overrides, bounds));
}

/**
 * A `node:http` request listener: `http.createServer(createNodeListener({ resolveKey, operations }))`. It answers
 * rejections before the body whole and closes with a lingering close, and runs pipelined requests in order;
 * `createNodeServer` adds the connection bounds and the `100 Continue` rejection.
 */
export function createNodeListener(
  options: HandlerOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const handler = createHandler(options);
  return (request, response) => {
    serveNodeRequest(handler, request, response).catch(() => response.destroy());
  };
}

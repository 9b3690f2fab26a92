import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHandler } from './handler.js';
import { nodeHeaders } from './request-headers.js';
import type { BodySource, Handler, HandlerOptions, HandlerResponse } from './types.js';

/** What an adapter knows better than the raw request: a path relative to its mount point, a parsed body. */
export interface NodeRequestOverrides {
  url?: string;
  body?: BodySource;
}

/**
 * Writes a handler response. A request whose body was not read to its end (a 413 cut short, a 401 before a
 * large upload) leaves unread bytes on the connection, so the connection is closed after this response.
 */
export function writeNodeResponse(
  request: IncomingMessage,
  response: ServerResponse,
  result: HandlerResponse,
): void {
  if (response.headersSent || response.destroyed) return;
  const headers = request.complete ? result.headers : { ...result.headers, connection: 'close' };
  response.writeHead(result.status, headers).end(result.body);
}

/** Runs one Node request through the handler, its body read lazily and never past the limit. */
export async function serveNodeRequest(
  handler: Handler,
  request: IncomingMessage,
  response: ServerResponse,
  overrides: NodeRequestOverrides = {},
): Promise<HandlerResponse> {
  const result = await handler({
    method: request.method ?? 'GET',
    url: overrides.url ?? request.url ?? '/',
    headers: nodeHeaders(request),
    body: 'body' in overrides ? overrides.body : request,
  });
  writeNodeResponse(request, response, result);
  return result;
}

/** A `node:http` request listener: `http.createServer(createNodeListener({ resolveKey, operations }))`. */
export function createNodeListener(
  options: HandlerOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const handler = createHandler(options);
  return (request, response) => {
    serveNodeRequest(handler, request, response).catch(() => response.destroy());
  };
}

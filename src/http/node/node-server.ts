import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolvedConnectionLimits, type ConnectionLimits } from './connection-limits.js';
import { createHandler } from '../handler.js';
import { nodeServeBounds, serveNodeRequest } from './node-listener.js';
import type { Handler, HandlerOptions, HandlerResponse } from '../types.js';

/** What a server built around a handler is told besides its limits. */
export interface NodeServerHooks {
  /** Called once a request is answered, with its response and the milliseconds it took. */
  onServed?: (request: IncomingMessage, result: HandlerResponse, ms: number) => void;
  /** Called once with the server's budget of body bytes in flight, so the bytes it holds can be reported. */
  onBodyBudget?: (budget: { readonly held: number }) => void;
}

/**
 * Caps open connections: past `max`, a new connection closes the one idle longest (no request in progress, such
 * as an idle kept-alive connection or one that never sent a full request), or is itself closed when all are
 * busy, so idle connections can never lock out a client with a request to make.
 */
function capConnections(server: Server, max: number): void {
  const busy = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    if (busy.size >= max) {
      let idle: Socket | undefined;
      for (const [open, requests] of busy) {
        if (requests === 0) {
          idle = open;
          break;
        }
      }
      if (idle === undefined) return void socket.destroy();
      busy.delete(idle);
      idle.destroy();
    }
    busy.set(socket, 0);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    if (socket.destroyed || !busy.has(socket)) return;
    // A connection counts as busy from a request's headers until its response is done; moved to the end, it is
    // the last one chosen to close.
    busy.delete(socket);
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const requests = busy.get(socket);
      if (requests !== undefined) busy.set(socket, requests - 1);
    });
  });
}

/** The status of what Node's parser could not take (as Node itself answers it); 400 for anything else. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Answers what Node refuses before any handler sees it (a malformed request, headers too large, a request that
 * took too long) as Node would, but with `Cache-Control: no-store`, as every error answer carries (contract:
 * reading-versions), and an `X-Request-Id`, and closes the connection. A response already started is cut instead.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === 'ECONNRESET' || !socket.writable || started) return void socket.destroy();
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const reason = process.getBuiltinModule('node:http').STATUS_CODES[status];
  // Nothing of the request can be trusted here, its id included, so the answer carries a new one (contract: request-id).
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nCache-Control: no-store\r\n` +
      `X-Request-Id: ${crypto.randomUUID()}\r\nContent-Length: 0\r\n\r\n`,
  );
}

/**
 * Sets the bounds of `ConnectionLimits` that belong to a `node:http` server (each defaulted) on one made
 * elsewhere, before it listens: header, request and keep-alive timeouts, requests per connection, and the
 * connection cap. The per-request bounds (body budget, turns, pipelining, lingering close) come with
 * `createNodeListener`: `applyConnectionLimits(http.createServer(createNodeListener(options)))`.
 */
export function applyConnectionLimits<T extends Server>(server: T, limits: ConnectionLimits = {}): T {
  const bounds = resolvedConnectionLimits(limits);
  server.headersTimeout = bounds.headersTimeoutMs;
  server.requestTimeout = bounds.requestTimeoutMs;
  server.keepAliveTimeout = bounds.keepAliveTimeoutMs;
  // Timeouts are checked this often (read when the server starts listening); Node's 30 s would let a 10 s header
  // timeout run 40 s.
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.min(
    1_000,
    bounds.headersTimeoutMs,
  );
  server.maxRequestsPerSocket = bounds.maxRequestsPerSocket;
  // A request past that limit was sent without waiting for the `Connection: close` that said so: Node would
  // answer each with 503 while the client keeps writing, so the connection is closed instead.
  server.on('dropRequest', (_request: IncomingMessage, socket: Socket) => socket.destroy());
  server.on('clientError', answerClientError);
  // A connection with no traffic either way for this long (a client that stopped reading its answers) is closed.
  server.setTimeout(bounds.requestTimeoutMs);
  capConnections(server, bounds.maxConnections);
  return server;
}

/**
 * A `node:http` server around a handler, with the connection bounds set (`ConnectionLimits`, each defaulted):
 * header, request and keep-alive timeouts, requests per connection, a connection cap, a budget of body bytes in
 * flight, large bodies checked in turns, a lingering close after early answers, and an `Expect: 100-continue`
 * request rejected before its body without `100 Continue`.
 */
export function serveHandler(
  handler: Handler,
  limits: ConnectionLimits = {},
  hooks: NodeServerHooks = {},
): Server {
  // Loaded here rather than imported, so that the bundle chunk the fetch entry shares loads no Node built-in.
  const { createServer } = process.getBuiltinModule('node:http');
  const server = applyConnectionLimits(createServer(), limits);
  const serveBounds = nodeServeBounds(resolvedConnectionLimits(limits));
  hooks.onBodyBudget?.(serveBounds.budget);
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    // Requests Node parsed from a connection already closed (one that pipelined too deep) cost nothing more.
    if (request.socket.destroyed) return;
    const started = performance.now();
    serveNodeRequest(handler, request, response, {}, serveBounds).then(
      (result) => hooks.onServed?.(request, result, performance.now() - started),
      () => response.destroy(),
    );
  };
  server.on('request', serve);
  // With a 'checkContinue' listener Node leaves `100 Continue` to the server: it is sent when the body is read.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    server.emit('request', request, response);
  });
  return server;
}

/**
 * The handler on its own `node:http` server with the connection bounds of `ConnectionLimits`:
 * `createNodeServer({ resolveKey, operations }).listen(8080)`.
 */
export function createNodeServer(options: HandlerOptions, limits: ConnectionLimits = {}): Server {
  return serveHandler(createHandler(options), limits);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createBodyBudget,
  createBodyTurns,
  TAKES_TURNS_FROM,
  type BodyBudget,
  type BodyHold,
  type BodyTurns,
} from './body-budget.js';
import { resolvedConnectionLimits, type ConnectionLimits } from './connection-limits.js';
import { createHandler } from '../handler.js';
import { DEFAULT_LINGER, sendContinue, writeAfterBody, type LingerLimits } from './lingering-close.js';
import { readBearerToken } from '../bearer-token.js';
import { readNodeStream, type BodyRate } from '../request-body.js';
import { nodeHeaders } from '../request-headers.js';
import { inArrivalOrder } from './request-order.js';
import { principalOf } from '../authenticate.js';
import type { BodySource, Handler, HandlerOptions, HandlerRequest, HandlerResponse } from '../types.js';

/** What an adapter knows better than the raw request: a path relative to its mount point, a parsed body. */
export interface NodeRequestOverrides {
  url?: string;
  body?: BodySource;
}

/**
 * What a server adds around each request: the shared body budget, the turns large bodies take to be checked,
 * how long a body may stop arriving, and the lingering close's bounds.
 */
export interface NodeServeBounds {
  budget?: BodyBudget;
  turns?: BodyTurns;
  bodyIdleMs?: number;
  /** The least rate a body keeps after its grace; none when null or absent. */
  bodyRate?: BodyRate | null;
  linger?: LingerLimits;
}

/** The per-request bounds of `ConnectionLimits`, shared by every request of one server or listener. */
export function nodeServeBounds(limits: Required<ConnectionLimits>): Required<NodeServeBounds> {
  const bodyRate =
    limits.minBodyBytesPerSecond > 0
      ? { bytesPerSecond: limits.minBodyBytesPerSecond, graceMs: limits.bodyRateGraceMs }
      : null;
  return {
    budget: createBodyBudget(limits.maxBodyBytesInFlight, {
      perKey: limits.maxBodyBytesPerKey,
      perWorkspace: limits.maxBodyBytesPerWorkspace,
      reserve: limits.reservedBodyBytes,
    }),
    turns: createBodyTurns(limits.maxBodyBytesChecked),
    bodyIdleMs: limits.bodyIdleTimeoutMs,
    bodyRate,
    linger: { maxBytes: limits.lingerBytes, maxMs: limits.lingerMs },
  };
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

/**
 * What reading a body took, given back once its request is answered: its hold on the budget, made when the
 * handler starts reading, and a large body's turn to be checked, taken once it is read.
 */
interface BodyRead {
  hold?: BodyHold;
  endTurn?: () => void;
  /** The request as the handler got it, which knows whom it was authenticated as. */
  request?: HandlerRequest;
}

/**
 * The key a request's body counts against: the handler reads a body only once its key is accepted, so the key
 * the request carries is a valid one; a request of an operation that needs none counts against no key's share.
 */
function keyOf(request: IncomingMessage): string | undefined {
  const read = readBearerToken(request.headers.authorization);
  return read.ok ? read.value : undefined;
}

/** The body length a request declares, when it declares one. */
function declaredLength(request: IncomingMessage): number | undefined {
  const declared = request.headers['content-length'];
  return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

/**
 * The request stream as a body, with `100 Continue` sent only once the handler starts reading it: that is after
 * routing and the key, so only then do its bytes, as they arrive, take their share of the budget and of its
 * key's. A body that stops arriving is given up. A large body within the limit is handed over when its turn to
 * be checked comes.
 */
function bodyAfterContinue(
  request: IncomingMessage,
  response: ServerResponse,
  bounds: NodeServeBounds,
  read: BodyRead,
): BodySource {
  return async (maxBytes: number) => {
    sendContinue(request, response);
    const workspace = read.request && principalOf(read.request)?.workspaceId;
    const hold = (read.hold ??= bounds.budget?.hold(keyOf(request), workspace, declaredLength(request)));
    const bytes = await readNodeStream(request, maxBytes, {
      take: hold && ((chunk) => hold.take(chunk)),
      idleMs: bounds.bodyIdleMs,
      ...(bounds.bodyRate && { minRate: bounds.bodyRate }),
    });
    const turns = bounds.turns;
    if (turns !== undefined && bytes.byteLength >= TAKES_TURNS_FROM && bytes.byteLength <= maxBytes) {
      read.endTurn = await turns.take(bytes.byteLength);
    }
    return bytes;
  };
}

async function serveInOrder(
  handler: Handler,
  request: IncomingMessage,
  response: ServerResponse,
  overrides: NodeRequestOverrides,
  bounds: NodeServeBounds,
): Promise<HandlerResponse> {
  const read: BodyRead = {};
  let result: HandlerResponse;
  try {
    read.request = {
      method: request.method ?? 'GET',
      url: overrides.url ?? request.url ?? '/',
      headers: nodeHeaders(request),
      body: 'body' in overrides ? overrides.body : bodyAfterContinue(request, response, bounds, read),
    };
    result = await handler(read.request);
  } finally {
    // The answer is made (a body broken off by its connection included): its bytes are given back before any
    // lingering close, which only discards.
    read.endTurn?.();
    read.hold?.release();
  }
  await writeNodeResponse(request, response, result, bounds.linger);
  return result;
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
 * A `node:http` request listener: `http.createServer(createNodeListener({ resolveKey, operations }))`. It carries
 * the bounds of `ConnectionLimits` that act per request: the budget of body bytes in flight and each key's share
 * of it (503 past them), a body that stops arriving or trickles below its least rate cut (408), large bodies checked in turns, pipelined requests
 * in order with reading paused while they wait (so a connection holds one body at a time), and a lingering close
 * after an early answer. The bounds that belong to the server (timeouts, requests per connection, the
 * connection cap) are set by `applyConnectionLimits(server)`, or by `createNodeServer`, which does both.
 */
export function createNodeListener(
  options: HandlerOptions,
  limits: ConnectionLimits = {},
): (request: IncomingMessage, response: ServerResponse) => void {
  const handler = createHandler(options);
  const bounds = nodeServeBounds(resolvedConnectionLimits(limits));
  return (request, response) => {
    // Requests Node parsed from a connection already closed (one that pipelined too deep) cost nothing more.
    if (request.socket.destroyed) return;
    serveNodeRequest(handler, request, response, {}, bounds).catch(() => response.destroy());
  };
}

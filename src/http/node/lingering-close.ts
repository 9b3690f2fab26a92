import type { IncomingMessage, ServerResponse } from 'node:http';
import { withHeaders } from '../http-response.js';
import type { HandlerResponse } from '../types.js';

/**
 * How much of a body the server left unread it reads and throws away after answering, before it closes the
 * connection (a lingering close): closing with bytes unread makes the kernel reset the connection, and a client
 * still uploading then sees a broken pipe instead of the answer.
 */
export interface LingerLimits {
  /** Most bytes read and discarded after the answer; 64 MiB by default. */
  maxBytes: number;
  /** Longest time spent on it, in milliseconds; 10 s by default. */
  maxMs: number;
}

export const DEFAULT_LINGER: LingerLimits = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 };

/**
 * A small rest of a body is read before the answer, so that the connection stays open for the next request:
 * an early rejection of a small body (a 401 on a short POST) never costs the client its keep-alive.
 */
const KEEP_ALIVE_REST: LingerLimits = { maxBytes: 64 * 1024, maxMs: 1_000 };

/** Responses to `Expect: 100-continue` requests that did send `100 Continue`. */
const continued = new WeakSet<ServerResponse>();

function awaitsContinue(request: IncomingMessage, response: ServerResponse): boolean {
  return /100-continue/i.test(request.headers.expect ?? '') && !continued.has(response);
}

/**
 * Sends `100 Continue` to a request that expects it, once, when its body is about to be read, so that a
 * rejection before the body never follows one.
 */
export function sendContinue(request: IncomingMessage, response: ServerResponse): void {
  if (!awaitsContinue(request, response) || response.headersSent) return;
  continued.add(response);
  response.writeContinue();
}

/**
 * Reads and discards the request's body until it ends (true), or until `limits` are used up or the request
 * breaks off (false). The stream is paused again when it does not end, so a later call can go on.
 */
export function discardBody(request: IncomingMessage, limits: LingerLimits): Promise<boolean> {
  if (request.complete || request.readableEnded) return Promise.resolve(true);
  if (request.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const settle = (ended: boolean) => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', onStop).off('close', onStop);
      if (!ended) request.pause();
      resolve(ended);
    };
    const onData = (chunk: Uint8Array | string) => {
      discarded += chunk.length;
      if (discarded > limits.maxBytes) settle(false);
    };
    const onEnd = () => settle(true);
    const onStop = () => settle(request.complete);
    const timer = setTimeout(() => settle(false), limits.maxMs);
    request.on('data', onData).on('end', onEnd).on('error', onStop).on('close', onStop);
    request.resume();
  });
}

/**
 * The length header of an answer: the body's length, or, for an answer to HEAD, which has none, the length of
 * GET's that the handler gave. A 204 or 304 has no body, and no length is added to it (RFC 9110, sections 8.6
 * and 15.4.5: a 304's may only be the 200's): it keeps one only if the handler gave it.
 */
function lengthHeader(result: HandlerResponse, bodyBytes: number): Record<string, string> {
  if (result.status === 204 || result.status === 304) return {};
  return { 'content-length': (bodyBytes === 0 && result.headers['content-length']) || String(bodyBytes) };
}

/**
 * A response with its length, so that it can be sent whole even when it waits behind a pipelined one. The body
 * goes out as text: Node writes it after the head in one piece, encoding it once.
 */
function writeWhole(response: ServerResponse, result: HandlerResponse, close = false): void {
  const added = lengthHeader(result, Buffer.byteLength(result.body));
  if (close) added['connection'] = 'close';
  response.writeHead(result.status, withHeaders(result.headers, added)).end(result.body);
}

/**
 * Writes a handler response whatever is left of the request's body. A body read to its end, or a small rest
 * that arrives within a second, keeps the connection open. Otherwise (a 413 cut short, a 401 before a large
 * upload, a rejection of an `Expect: 100-continue` request, which gets no `100 Continue`) the answer goes out
 * whole with `Connection: close`, the rest of the body is discarded within `linger`, and only then is the
 * connection closed.
 */
export async function writeAfterBody(
  request: IncomingMessage,
  response: ServerResponse,
  result: HandlerResponse,
  linger: LingerLimits = DEFAULT_LINGER,
): Promise<void> {
  if (request.complete || request.readableEnded) return writeWhole(response, result);
  // A body that stopped arriving (408) is not waited for again: the answer goes out and the connection closes.
  if (result.status === 408) return writeWhole(response, result, true);
  if (!awaitsContinue(request, response) && (await discardBody(request, KEEP_ALIVE_REST))) {
    if (!response.headersSent && !response.destroyed) writeWhole(response, result);
    return;
  }
  if (response.headersSent || response.destroyed) return;
  const body = Buffer.from(result.body);
  const added = lengthHeader(result, body.byteLength);
  added['connection'] = 'close';
  response.writeHead(result.status, withHeaders(result.headers, added));
  // The answer is sent in full now; ending the response is what closes the connection, so it waits.
  response.write(body);
  await discardBody(request, linger);
  response.end();
}

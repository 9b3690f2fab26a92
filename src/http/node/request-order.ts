/**
 * Requests pipelined on one connection take effect in the order they arrived (RFC 9112, section 9.3.2): a POST
 * that creates a preset is done before the GET behind it runs. Node parses pipelined requests ahead and would run
 * their handlers side by side, so each waits for the one before it on its socket, and, while the client has not
 * read the responses already written, for it to read them.
 */

/**
 * Past this many requests waiting on one connection, the client is sending requests it does not wait for, and
 * the connection is closed: no real client pipelines this deep, and every waiting request holds memory.
 */
export const MAX_PIPELINED = 16;

/**
 * From this many requests waiting on one connection, the server stops reading it until they are answered and
 * the client has read the answers: Node only pauses a socket for answers it holds itself, and these wait here.
 */
export const PAUSE_PIPELINED = 4;

/** Node's HTTP parser, as much of it as stopping a closed connection's parse needs. */
interface NodeParser {
  onIncoming?: (this: unknown, request: unknown, keepAlive: boolean) => unknown;
}

interface OrderedSocket {
  readonly destroyed: boolean;
  readonly writableNeedDrain: boolean;
  destroy(): unknown;
  pause?(): unknown;
  resume?(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

interface SocketQueue {
  tail: Promise<unknown>;
  waiting: number;
  /** Whether this queue paused the socket's reading (and so must resume it). */
  paused: boolean;
}

const queues = new WeakMap<OrderedSocket, SocketQueue>();

/** Thrown for a request whose connection was closed before its turn came: it has no one to answer. */
export class ConnectionClosed extends Error {}

/** Resolves once the client has read what was written to it, or the connection is gone. */
function drained(socket: OrderedSocket): Promise<void> {
  if (!socket.writableNeedDrain || socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.once('drain', done);
    socket.once('close', done);
  });
}

/**
 * Node's parser reads a whole chunk (up to 64 KiB, some 1,500 small requests) before a closed socket stops it,
 * and makes a request and a response for each. Its `onIncoming` returning 2 (the value for an upgrade) stops the
 * parse at once; a closed connection's unread bytes are dropped anyway. Without such a parser, nothing changes.
 */
function stopParsingOnceClosed(socket: OrderedSocket): void {
  const parser = (socket as { parser?: NodeParser | null }).parser;
  const onIncoming = parser?.onIncoming;
  if (parser == null || typeof onIncoming !== 'function') return;
  parser.onIncoming = function (request, keepAlive) {
    return socket.destroyed ? 2 : onIncoming.call(this, request, keepAlive);
  };
}

/** Stops reading the socket while its queue is deep; resumes once it is short again. */
function throttle(socket: OrderedSocket, queue: SocketQueue): void {
  if (socket.destroyed) return;
  if (!queue.paused && queue.waiting >= PAUSE_PIPELINED) {
    queue.paused = true;
    socket.pause?.();
  } else if (queue.paused && queue.waiting < PAUSE_PIPELINED) {
    queue.paused = false;
    // Node pauses a socket itself, marked `_paused`, while its own answers wait; it resumes that one on 'drain'.
    if ((socket as { _paused?: boolean })._paused !== true) socket.resume?.();
  }
}

/** `task` started now, a synchronous throw turned into a rejection as if it had run later. */
function startNow<T>(task: () => Promise<T>): Promise<T> {
  try {
    return task();
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Runs `task` once every earlier task of the same socket has settled and the client has read their responses;
 * never on a closed socket. A client that writes requests without reading the answers so holds one response
 * at a time, not one per request, and its connection is not read while requests wait on it.
 */
export function inArrivalOrder<T>(socket: OrderedSocket, task: () => Promise<T>): Promise<T> {
  if (socket.destroyed) return Promise.reject(new ConnectionClosed());
  let queue = queues.get(socket);
  if (queue === undefined) {
    queues.set(socket, (queue = { tail: Promise.resolve(), waiting: 0, paused: false }));
    stopParsingOnceClosed(socket);
  }
  const own = queue;
  if (++own.waiting > MAX_PIPELINED) {
    socket.destroy();
    return Promise.reject(new ConnectionClosed());
  }
  throttle(socket, own);
  // The common case, one request at a time on a connection whose client has read every answer, starts at once.
  const run =
    own.waiting === 1 && !socket.writableNeedDrain
      ? startNow(task)
      : own.tail
          .then(() => drained(socket))
          .then(() => (socket.destroyed ? Promise.reject(new ConnectionClosed()) : task()));
  const settled = () => {
    own.waiting--;
    throttle(socket, own);
  };
  own.tail = run.then(settled, settled);
  return run;
}

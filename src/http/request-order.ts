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

interface OrderedSocket {
  readonly destroyed: boolean;
  readonly writableNeedDrain: boolean;
  destroy(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

interface SocketQueue {
  tail: Promise<unknown>;
  waiting: number;
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
 * Runs `task` once every earlier task of the same socket has settled and the client has read their responses;
 * never on a closed socket. A client that writes requests without reading the answers so holds one response
 * at a time, not one per request.
 */
export function inArrivalOrder<T>(socket: OrderedSocket, task: () => Promise<T>): Promise<T> {
  if (socket.destroyed) return Promise.reject(new ConnectionClosed());
  let queue = queues.get(socket);
  if (queue === undefined) queues.set(socket, (queue = { tail: Promise.resolve(), waiting: 0 }));
  const own = queue;
  if (++own.waiting > MAX_PIPELINED) {
    socket.destroy();
    return Promise.reject(new ConnectionClosed());
  }
  const run = own.tail
    .then(() => drained(socket))
    .then(() => (socket.destroyed ? Promise.reject(new ConnectionClosed()) : task()));
  const settled = () => void own.waiting--;
  own.tail = run.then(settled, settled);
  return run;
}

/**
 * Requests pipelined on one connection take effect in the order they arrived (RFC 9112, section 9.3.2): a POST
 * that creates a preset is done before the GET behind it runs. Node parses pipelined requests ahead and would run
 * their handlers side by side, so each waits for the one before it on its socket.
 */

/** Past this many requests waiting on one connection, it is read no further until they drain. */
const MAX_WAITING = 16;

interface Pausable {
  pause(): unknown;
  resume(): unknown;
}

interface SocketQueue {
  tail: Promise<unknown>;
  waiting: number;
  paused: boolean;
}

const queues = new WeakMap<Pausable, SocketQueue>();

/** Runs `task` once every earlier task of the same socket has settled. */
export function inArrivalOrder<T>(socket: Pausable, task: () => Promise<T>): Promise<T> {
  let queue = queues.get(socket);
  if (queue === undefined)
    queues.set(socket, (queue = { tail: Promise.resolve(), waiting: 0, paused: false }));
  const own = queue;
  own.waiting++;
  if (own.waiting > MAX_WAITING && !own.paused) {
    own.paused = true;
    socket.pause();
  }
  const run = own.tail.then(task);
  own.tail = run.then(
    () => settled(socket, own),
    () => settled(socket, own),
  );
  return run;
}

function settled(socket: Pausable, queue: SocketQueue): void {
  queue.waiting--;
  if (queue.paused && queue.waiting <= MAX_WAITING >> 1) {
    queue.paused = false;
    socket.resume();
  }
}

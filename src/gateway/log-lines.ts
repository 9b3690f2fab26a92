/** The gateway's log: lines gathered while the event loop turns and written in one call, not one per request. */
export interface LineLog {
  /** Queues one line; it is written when the current turn of the event loop ends, or once `maxPending` wait. */
  line(text: string): void;
  /** Writes what is queued now, so that output written directly after it keeps its order. */
  flush(): void;
}

/** A request should not wait on a write to a terminal or a pipe, so lines go out in batches after it. */
export function batchedLines(write: (text: string) => unknown, maxPending = 256): LineLog {
  let pending = '';
  let count = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (count === 0) return;
    const text = pending;
    pending = '';
    count = 0;
    write(text);
  };
  return {
    line(text) {
      pending += `${text}\n`;
      if (++count >= maxPending) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

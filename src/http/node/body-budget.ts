/**
 * The request body bytes a server holds at once, across all its requests: each request with a body holds what it
 * may read (its declared length, else the body limit) from before it is read until it is answered, so many large
 * bodies at once wait their turn by refusal instead of exhausting memory (contract: overload).
 */
export interface BodyBudget {
  /** Takes `bytes` from the budget; false, taking nothing, when they do not fit. */
  tryHold(bytes: number): boolean;
  release(bytes: number): void;
  /** The bytes held now. */
  readonly held: number;
}

export function createBodyBudget(maxBytes: number): BodyBudget {
  let held = 0;
  return {
    tryHold(bytes) {
      // One body is always let through, so that a budget below the body limit still serves requests one by one.
      if (held > 0 && held + bytes > maxBytes) return false;
      held += bytes;
      return true;
    },
    release(bytes) {
      held -= bytes;
    },
    get held() {
      return held;
    },
  };
}

/**
 * The bytes a request may still read into memory: none for a body already declared past the limit (it gets 413
 * unread), its declared length, or the whole limit for a body of unknown length.
 */
export function bytesToHold(headers: Readonly<Record<string, unknown>>, maxBodyBytes: number): number {
  const declared = headers['content-length'];
  if (typeof declared === 'string' && /^\s*\d+\s*$/.test(declared)) {
    const length = Number(declared);
    return length > maxBodyBytes ? 0 : length;
  }
  return headers['transfer-encoding'] === undefined ? 0 : maxBodyBytes;
}

/**
 * Large bodies take turns at the event loop: the checks after a body is read (parsing, the body guards,
 * validation, normalizing, storing) run in one go, some 40 ms or more for 4 MiB, so many large bodies read at
 * once would make every other request wait for all of them. A body of at least `TAKES_TURNS_FROM` bytes waits
 * until the bodies being checked hold fewer than `maxBytes` (one always goes), and the next goes only after the
 * event loop has run once, so a request in between waits for one large body at most.
 */
export interface BodyTurns {
  /** Resolves once the body may be checked, with the function that ends its turn. */
  take(bytes: number): Promise<() => void>;
}

/** Bodies smaller than this are checked at once: they cost little, and most bodies are small. */
export const TAKES_TURNS_FROM = 64 * 1024;

export function createBodyTurns(maxBytes: number): BodyTurns {
  let held = 0;
  /** Set from a turn's end until the event loop has run once. */
  let yielding = false;
  const waiting: Array<{ bytes: number; start: () => void }> = [];
  const admit = () => {
    for (let next = waiting[0]; next !== undefined; next = waiting[0]) {
      if (held > 0 && held + next.bytes > maxBytes) return;
      waiting.shift();
      held += next.bytes;
      next.start();
    }
  };
  return {
    take(bytes) {
      return new Promise((resolve) => {
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          held -= bytes;
          yielding = true;
          setImmediate(() => {
            yielding = false;
            admit();
          });
        };
        waiting.push({ bytes, start: () => resolve(end) });
        if (!yielding) admit();
      });
    },
  };
}

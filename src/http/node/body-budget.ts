/**
 * The request body bytes a server holds at once, across all its requests: a body's bytes are taken from the
 * budget as they arrive, only once its request is routed and its key accepted, and given back when it is
 * answered, so many large bodies at once wait their turn by refusal instead of exhausting memory, and a client
 * cannot take any of it with a length it only declares. One key holds at most its share of the budget, so a
 * client with a valid key cannot take the room of every other key (contract: overload).
 */
export interface BodyBudget {
  /** A hold for one request's body, empty until its bytes arrive; `key` names whose share it counts against. */
  hold(key?: string): BodyHold;
  /** The bytes held now. */
  readonly held: number;
}

/** The bytes one request's body holds of the budget. */
export interface BodyHold {
  /** Takes `bytes` more for this body; false, taking nothing, when they do not fit. */
  take(bytes: number): boolean;
  /** Gives back all this body took; once is enough, again does nothing. */
  release(): void;
}

export function createBodyBudget(maxBytes: number, maxBytesPerKey: number = maxBytes): BodyBudget {
  let held = 0;
  /** The bytes each key holds now; a key holding none has no entry. */
  const heldByKey = new Map<string, number>();
  return {
    hold(key) {
      let own = 0;
      return {
        take(bytes) {
          // A body alone in the budget, or alone for its key, always goes on, so that a budget or a share below
          // the body limit still serves requests one by one.
          if (held > own && held + bytes > maxBytes) return false;
          const keyHeld = key === undefined ? 0 : (heldByKey.get(key) ?? 0);
          if (keyHeld > own && keyHeld + bytes > maxBytesPerKey) return false;
          own += bytes;
          held += bytes;
          if (key !== undefined) heldByKey.set(key, keyHeld + bytes);
          return true;
        },
        release() {
          held -= own;
          if (key !== undefined && own > 0) {
            const left = (heldByKey.get(key) ?? own) - own;
            if (left > 0) heldByKey.set(key, left);
            else heldByKey.delete(key);
          }
          own = 0;
        },
      };
    },
    get held() {
      return held;
    },
  };
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

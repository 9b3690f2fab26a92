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

import { storeUnavailableMessage } from '../../core/errors.js';

/**
 * What a preset store throws when it cannot answer now: its database is down, restarting or unreachable, a
 * connection broke mid-request, its disk is full. Whichever engine it is, a create gets 503 with `Retry-After`
 * and a read 500 (contract: overload), and the process goes on; the cause is kept for the log, never sent.
 */
export class PresetStoreUnavailable extends Error {
  override readonly name = 'PresetStoreUnavailable';

  /** Why, without the sentence around it: what a store that retries keeps to say again. */
  readonly reason: string;

  constructor(
    /** The store, as the banner names it: `PostgreSQL`, `PGlite`. */
    readonly store: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(storeUnavailableMessage(store, reason), { cause });
    this.reason = reason;
  }
}

/** The embedded store's refusal: `reason` said in its own words, with the error behind it kept as the cause. */
export function embeddedUnavailable(reason: string, cause?: unknown): PresetStoreUnavailable {
  return new PresetStoreUnavailable('PGlite', cause === undefined ? reason : new Error(reason, { cause }));
}

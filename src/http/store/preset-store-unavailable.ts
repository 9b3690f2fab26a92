import { storeUnavailableMessage } from '../../core/errors.js';

/**
 * What a preset store throws when it cannot answer now: its database is down, restarting or unreachable, a
 * connection broke mid-request, its disk is full. Whichever engine it is, a create gets 503 with `Retry-After`
 * and a read 500 (contract: overload), and the process goes on; the cause is kept for the log, never sent.
 */
export class PresetStoreUnavailable extends Error {
  override readonly name = 'PresetStoreUnavailable';

  constructor(
    /** The store, as the banner names it: `PostgreSQL`, `PGlite`. */
    readonly store: string,
    cause: unknown,
  ) {
    super(storeUnavailableMessage(store, cause instanceof Error ? cause.message : String(cause)), { cause });
  }
}

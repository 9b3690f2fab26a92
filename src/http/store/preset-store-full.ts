import { storeFullMessage, type StoreCap } from '../../core/errors.js';

/**
 * What a store's `compareAndSet` throws when the write would pass one of its caps; nothing is written, and the
 * preset operations answer 503 with `Retry-After` (contract: overload).
 */
export class PresetStoreFull extends Error {
  override readonly name = 'PresetStoreFull';

  constructor(
    readonly cap: StoreCap,
    readonly limit: number,
  ) {
    super(storeFullMessage(cap, limit));
  }
}

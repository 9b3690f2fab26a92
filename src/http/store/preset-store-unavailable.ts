/**
 * What a store throws when it cannot serve a request for a reason outside the request: a full or read-only
 * disk, an engine that stopped, a database that is away. Nothing is written; the preset operations answer a
 * create with 503 and `Retry-After` (contract: durable-presets), a read with 500.
 */
export class PresetStoreUnavailable extends Error {
  override readonly name = 'PresetStoreUnavailable';
}

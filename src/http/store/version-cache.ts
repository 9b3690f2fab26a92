import { presetKeyText, type PresetKey } from './preset-store.js';

/**
 * Versions read before, kept in this process up to a number of bytes, the least recently read dropped first. A
 * version never changes once written and is never deleted (contract: reading-versions), so an entry stays true
 * whatever other processes sharing the database write; only versions found are kept, never an absence. An
 * entry is kept by workspace, slug and version, so one workspace never reads another's (contract: workspaces).
 */
export class VersionCache<Entry = unknown> {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, { entry: Entry; bytes: number }>();
  #bytes = 0;

  constructor(maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
      throw new RangeError(
        `the versions cache size must be a whole number of bytes, 0 or more, not ${maxBytes}`,
      );
    }
    this.#maxBytes = maxBytes;
  }

  get(at: PresetKey, version: number): Entry | undefined {
    const key = `${version}/${presetKeyText(at)}`;
    const found = this.#entries.get(key);
    if (found === undefined) return undefined;
    // Read again, it moves to the back of the line to be dropped.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.entry;
  }

  set(at: PresetKey, version: number, entry: Entry, bytes: number): void {
    if (bytes > this.#maxBytes) return;
    const key = `${version}/${presetKeyText(at)}`;
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    this.#entries.set(key, { entry, bytes });
    this.#bytes += bytes;
    for (const [oldest, kept] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= kept.bytes;
    }
  }

  /** The bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }
}

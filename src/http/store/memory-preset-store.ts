import type { PresetVersion } from '../../generated/types.js';
import { DEFAULT_MAX_DEPTH } from '../../body/body-limits.js';
import { copyJson } from '../../body/json-value.js';
import type { PresetStore, StoredPreset } from './preset-store.js';

/** A stored preset holds its config two levels down, the config holding up to 64 levels (contract: body-limits). */
const STORED_DEPTH = DEFAULT_MAX_DEPTH + 2;

interface Entry {
  preset: StoredPreset;
  versions: Map<number, PresetVersion>;
}

/** One turn of the event loop: I/O and other requests run in between, as they do while a database answers. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate : setTimeout)(resolve));
}

export interface MemoryPresetStoreOptions {
  /** What each read and write waits before it runs; one event-loop turn by default. */
  latency?: () => Promise<void>;
}

/**
 * The in-memory preset store, for tests and the reference gateway. Each call answers on a later turn of
 * the event loop, as a database would, so concurrent requests really interleave between a read and the
 * compare-and-set that follows it. What goes in and comes out is copied: no caller can change a stored preset.
 */
export class MemoryPresetStore implements PresetStore {
  readonly #presets = new Map<string, Entry>();
  readonly #latency: () => Promise<void>;

  constructor(options: MemoryPresetStoreOptions = {}) {
    this.#latency = options.latency ?? nextTurn;
  }

  async getPreset(slug: string): Promise<StoredPreset | null> {
    await this.#latency();
    const entry = this.#presets.get(slug);
    return entry ? copyJson(entry.preset, STORED_DEPTH) : null;
  }

  async getVersion(slug: string, version: number): Promise<PresetVersion | null> {
    await this.#latency();
    const found = this.#presets.get(slug)?.versions.get(version);
    return found ? copyJson(found, STORED_DEPTH) : null;
  }

  async compareAndSet(slug: string, expectedVersion: number, preset: StoredPreset): Promise<boolean> {
    await this.#latency();
    // Nothing awaits from here to the end, so the check and the write are one step no other request splits.
    const entry = this.#presets.get(slug);
    const latest = entry?.preset.designated_version.version ?? 0;
    if (latest !== expectedVersion) return false;
    const version = preset.designated_version;
    if (version.version !== expectedVersion + 1 || preset.slug !== slug) {
      throw new RangeError(`compareAndSet must add version ${expectedVersion + 1} of ${slug}, no other`);
    }
    const stored = copyJson(preset, STORED_DEPTH);
    const versions = entry?.versions ?? new Map<number, PresetVersion>();
    versions.set(version.version, stored.designated_version);
    this.#presets.set(slug, { preset: stored, versions });
    return true;
  }
}

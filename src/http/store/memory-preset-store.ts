import type { PresetVersion } from '../../generated/types.js';
import { checkedLimit } from '../../body/body-limits.js';
import { PresetStoreFull } from './preset-store-full.js';
import type { PresetStore, StoredPreset } from './preset-store.js';

/** The caps' defaults: room for a demo or a test suite, bounded so that a flood of creates cannot fill memory. */
const DEFAULT_MAX_PRESETS = 10_000;
const DEFAULT_MAX_VERSIONS_PER_SLUG = 1_000;
const DEFAULT_MAX_CONFIG_BYTES = 256 * 1024 * 1024;

/**
 * Presets and versions are kept as JSON text: writing it is the copy in, parsing it the copy out, and a flat
 * string is one object for the garbage collector where a preset's objects are dozens. The preset is kept without
 * its designated version, which its versions already hold.
 */
interface Entry {
  preset: string;
  /** The designated version's number, read without parsing the preset. */
  latest: number;
  versions: Map<number, string>;
}

const encoder = new TextEncoder();
const runtime = globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } };

/** UTF-8 bytes of a text: Node counts them without encoding; elsewhere the text is encoded. */
function utf8Bytes(text: string): number {
  return runtime.Buffer ? runtime.Buffer.byteLength(text, 'utf8') : encoder.encode(text).byteLength;
}

/** One turn of the event loop: I/O and other requests run in between, as they do while a database answers. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate : setTimeout)(resolve));
}

export interface MemoryPresetStoreOptions {
  /** What each read and write waits before it runs; one event-loop turn by default. */
  latency?: () => Promise<void>;
  /** Most presets (slugs) it holds; 10,000 by default. */
  maxPresets?: number;
  /** Most versions of one preset; 1,000 by default. */
  maxVersionsPerSlug?: number;
  /** Most bytes of versions it holds: the UTF-8 JSON each version is kept as (its config, system prompt, ids and times); 256 MiB by default. */
  maxConfigBytes?: number;
}

/**
 * The in-memory preset store, for tests and the reference gateway. Each call answers on a later turn of
 * the event loop, as a database would, so concurrent requests really interleave between a read and the
 * compare-and-set that follows it. What goes in and comes out is copied: no caller can change a stored preset.
 * It caps presets, versions per slug and config bytes: a write past a cap throws `PresetStoreFull`, writing
 * nothing, which the preset operations answer with 503 and `Retry-After` (contract: overload).
 */
export class MemoryPresetStore implements PresetStore {
  readonly #presets = new Map<string, Entry>();
  readonly #latency: () => Promise<void>;
  readonly #maxPresets: number;
  readonly #maxVersionsPerSlug: number;
  readonly #maxConfigBytes: number;
  #configBytes = 0;

  constructor(options: MemoryPresetStoreOptions = {}) {
    this.#latency = options.latency ?? nextTurn;
    this.#maxPresets = checkedLimit('maxPresets', options.maxPresets ?? DEFAULT_MAX_PRESETS, 0);
    this.#maxVersionsPerSlug = checkedLimit(
      'maxVersionsPerSlug',
      options.maxVersionsPerSlug ?? DEFAULT_MAX_VERSIONS_PER_SLUG,
      0,
    );
    this.#maxConfigBytes = checkedLimit(
      'maxConfigBytes',
      options.maxConfigBytes ?? DEFAULT_MAX_CONFIG_BYTES,
      0,
    );
  }

  async getPreset(slug: string): Promise<StoredPreset | null> {
    await this.#latency();
    const entry = this.#presets.get(slug);
    if (entry === undefined) return null;
    const preset = JSON.parse(entry.preset) as StoredPreset;
    preset.designated_version = JSON.parse(entry.versions.get(entry.latest) as string) as PresetVersion;
    return preset;
  }

  async getVersion(slug: string, version: number): Promise<PresetVersion | null> {
    await this.#latency();
    const found = this.#presets.get(slug)?.versions.get(version);
    return found === undefined ? null : (JSON.parse(found) as PresetVersion);
  }

  async compareAndSet(slug: string, expectedVersion: number, preset: StoredPreset): Promise<boolean> {
    await this.#latency();
    // Nothing awaits from here to the end, so the check and the write are one step no other request splits.
    const entry = this.#presets.get(slug);
    const latest = entry?.latest ?? 0;
    if (latest !== expectedVersion) return false;
    const version = preset.designated_version;
    if (version.version !== expectedVersion + 1 || preset.slug !== slug) {
      throw new RangeError(`compareAndSet must add version ${expectedVersion + 1} of ${slug}, no other`);
    }
    // JSON.stringify throws on a value that holds itself; a validated body has none. The text is both the copy
    // kept and what the byte cap counts, so the config is serialized once.
    const versionText = JSON.stringify(version);
    const bytes = utf8Bytes(versionText);
    this.#checkRoom(entry, bytes);
    const { designated_version: _, ...rest } = preset;
    const presetText = JSON.stringify(rest);
    const versions = entry?.versions ?? new Map<number, string>();
    versions.set(version.version, versionText);
    this.#presets.set(slug, { preset: presetText, latest: version.version, versions });
    this.#configBytes += bytes;
    return true;
  }

  /** Throws `PresetStoreFull` when one more version, of `bytes`, would pass a cap. */
  #checkRoom(entry: Entry | undefined, bytes: number): void {
    if (entry === undefined && this.#presets.size >= this.#maxPresets) {
      throw new PresetStoreFull('maxPresets', this.#maxPresets);
    }
    if ((entry?.versions.size ?? 0) >= this.#maxVersionsPerSlug) {
      throw new PresetStoreFull('maxVersionsPerSlug', this.#maxVersionsPerSlug);
    }
    if (this.#configBytes + bytes > this.#maxConfigBytes) {
      throw new PresetStoreFull('maxConfigBytes', this.#maxConfigBytes);
    }
  }
}

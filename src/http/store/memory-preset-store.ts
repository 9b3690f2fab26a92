import type { PresetVersion } from '../../generated/types.js';
import { checkedLimit } from '../../body/body-limits.js';
import { parsedJsonText } from '../../body/escaped-keys.js';
import { utf8Length } from '../../body/utf8-length.js';
import { PresetStoreFull } from './preset-store-full.js';
import {
  checkNextVersion,
  idempotencyBounds,
  presetAsCreated,
  presetKeyText,
  versionOf,
  withNewVersion,
  type IdempotencyOptions,
  type IdempotentCreate,
  type PresetAuthor,
  type PresetKey,
  type PresetStore,
  type SaveOutcome,
  type StoredPreset,
  type VersionStamp,
} from './preset-store.js';
import type { PresetDraft } from '../../generated/types.js';
import { rememberWrittenJson } from '../../core/written-json.js';

/** The caps' defaults: room for a demo or a test suite, bounded so that a flood of creates cannot fill memory. */
export const DEFAULT_MAX_PRESETS = 10_000;
const DEFAULT_MAX_VERSIONS_PER_SLUG = 1_000;
export const DEFAULT_MAX_CONFIG_BYTES = 256 * 1024 * 1024;
/** One workspace holds at most this part of the presets and bytes when no cap of its own is given: a quarter. */
const WORKSPACE_SHARE_DIVISOR = 4;

/** What one workspace holds, against its caps. */
interface WorkspaceRoom {
  presets: number;
  configBytes: number;
}

/** Presets and versions are kept as JSON text: writing it is the copy in, parsing it the copy out. */
interface Entry {
  /**
   * The preset without its designated version, which its versions already hold: a string, a few hundred bytes,
   * freed when the next version replaces it.
   */
  preset: string;
  /** Version N's text at index N - 1: versions are numbered from 1 without gaps. */
  versions: string[];
}

const VERSION_KEY = '"designated_version":';

/**
 * The JSON kept of a preset: its version's, and its own without the version, which the versions already hold.
 * JSON.stringify throws on a value that holds itself; a validated body has none. Where the version is the last
 * key, as `savePresetVersion` writes it, the version's text is cut from the whole preset's, which is remembered
 * as the answer to the create, so the config is serialized once; the cut shares the whole's characters, which
 * are the version's and a few hundred more.
 */
function presetTexts(preset: StoredPreset): { presetText: string; versionText: string } {
  const { designated_version: version, ...rest } = preset;
  // Serialized apart, the preset's own text is a string of its own, not a slice that would keep the whole alive.
  const presetText = JSON.stringify(rest);
  let lastKey: string | undefined;
  for (const key in preset) lastKey = key;
  if (lastKey === 'designated_version') {
    const whole = JSON.stringify(preset);
    // Inside a string a quote is escaped, so the text matches only a key; with no object or array in the fields
    // before it, the first match is the preset's own.
    const at = whole.indexOf(VERSION_KEY);
    if (at > 1 && whole.lastIndexOf('{', at) === 0 && whole.lastIndexOf('[', at) === -1) {
      rememberWrittenJson(preset, whole);
      return { presetText, versionText: whole.slice(at + VERSION_KEY.length, -1) };
    }
  }
  return { presetText, versionText: JSON.stringify(version) };
}

/** One turn of the event loop: I/O and other requests run in between, as they do while a database answers. */
function nextTurn(): Promise<void> {
  // Calls made in one turn share one wait: under load that is one timer a turn, not one a call.
  return (pendingTurn ??= new Promise((resolve) => {
    (typeof setImmediate === 'function' ? setImmediate : setTimeout)(() => {
      pendingTurn = undefined;
      resolve();
    });
  }));
}
let pendingTurn: Promise<void> | undefined;

export interface MemoryPresetStoreOptions extends IdempotencyOptions {
  /** What each read and write waits before it runs; one event-loop turn by default. */
  latency?: () => Promise<void>;
  /** Most presets it holds, of every workspace; 10,000 by default. */
  maxPresets?: number;
  /** Most presets of one workspace (of none, for keys without one); a quarter of `maxPresets` by default. */
  maxPresetsPerWorkspace?: number;
  /** Most versions of one preset; 1,000 by default. */
  maxVersionsPerSlug?: number;
  /** Most bytes of versions it holds: the UTF-8 JSON each version is kept as (its config, system prompt, ids and times); 256 MiB by default. */
  maxConfigBytes?: number;
  /** Most bytes of versions of one workspace; a quarter of `maxConfigBytes` by default. */
  maxConfigBytesPerWorkspace?: number;
}

/**
 * What a store keeps of one `Idempotency-Key`: the request's fingerprint and the version its create made, or
 * null while that create runs. A few hundred bytes at most (a key is at most 255 characters), so the count
 * bounds the bytes.
 */
interface KeptKey {
  fingerprint: string;
  version: number | null;
  slug: string;
  expiresAt: number;
}

/**
 * The in-memory preset store, for tests and the reference gateway. Each call answers on a later turn of
 * the event loop, as a database would, so concurrent requests really interleave between a read and the
 * compare-and-set that follows it. What goes in and comes out is copied: no caller can change a stored preset.
 * It caps presets, versions per slug and config bytes, in all and for each workspace, so that one workspace
 * cannot take another's room: a write past a cap throws `PresetStoreFull`, writing nothing, which the preset
 * operations answer with 503 and `Retry-After` (contract: overload).
 */
export class MemoryPresetStore implements PresetStore {
  readonly #presets = new Map<string, Entry>();
  readonly #latency: () => Promise<void>;
  readonly #maxPresets: number;
  readonly #maxVersionsPerSlug: number;
  readonly #maxConfigBytes: number;
  readonly #maxPresetsPerWorkspace: number;
  readonly #maxConfigBytesPerWorkspace: number;
  #configBytes = 0;
  /** What each workspace holds; the workspace of none under the empty string, which no UUID is. */
  readonly #workspaces = new Map<string, WorkspaceRoom>();
  /** Each workspace's kept keys, the oldest first; the workspace of none under the empty string. */
  readonly #keys = new Map<string, Map<string, KeptKey>>();
  readonly #keepMs: number;
  readonly #maxKeysPerWorkspace: number;

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
    this.#maxPresetsPerWorkspace = checkedLimit(
      'maxPresetsPerWorkspace',
      options.maxPresetsPerWorkspace ?? Math.ceil(this.#maxPresets / WORKSPACE_SHARE_DIVISOR),
      0,
    );
    this.#maxConfigBytesPerWorkspace = checkedLimit(
      'maxConfigBytesPerWorkspace',
      options.maxConfigBytesPerWorkspace ?? Math.ceil(this.#maxConfigBytes / WORKSPACE_SHARE_DIVISOR),
      0,
    );
    const bounds = idempotencyBounds(options);
    this.#keepMs = bounds.idempotencyKeepMs;
    this.#maxKeysPerWorkspace = bounds.maxIdempotencyKeysPerWorkspace;
  }

  /**
   * Reads the preset and compares-and-sets its next version, as `savePresetVersion` does; with `once`, the key
   * is claimed first (a second request with it meanwhile gets `key-running`), and kept with the version once the
   * write succeeded, or given up when it wrote nothing.
   */
  async saveVersion(
    key: PresetKey,
    draft: PresetDraft,
    author: PresetAuthor,
    stamp: VersionStamp,
    once?: IdempotentCreate,
  ): Promise<SaveOutcome> {
    let claim: KeptKey | undefined;
    if (once !== undefined) {
      await this.#latency();
      const kept = this.#keptKey(key.workspaceId, once.key);
      if (kept !== undefined) return this.#replay(kept, once, key);
      claim = {
        fingerprint: once.fingerprint,
        version: null,
        slug: key.slug,
        expiresAt: Number.POSITIVE_INFINITY,
      };
      this.#keepKey(key.workspaceId, once.key, claim);
    }
    try {
      const current = await this.getPreset(key);
      const latest = current?.designated_version.version ?? 0;
      const presetId = current?.id ?? stamp.presetId;
      const version = versionOf(draft, author, { ...stamp, presetId }, latest + 1);
      const preset = withNewVersion(current, key.slug, version, author);
      // Through the public methods, as `savePresetVersion` calls them, so a store made of this one still decides.
      if (!(await this.compareAndSet(key, latest, preset))) return { ok: false, conflict: true };
      if (claim !== undefined) {
        // The claim stood from before the write, so no request with the key saw the version without it.
        claim.version = version.version;
        claim.expiresAt = Date.now() + this.#keepMs;
        claim = undefined;
      }
      return { ok: true, preset };
    } finally {
      // A create that wrote nothing keeps no key: a retry with it may try again.
      if (claim !== undefined && once !== undefined) this.#keys.get(key.workspaceId ?? '')?.delete(once.key);
    }
  }

  /** What a key already kept answers: the first create's preset, or a conflict. */
  async #replay(kept: KeptKey, once: IdempotentCreate, key: PresetKey): Promise<SaveOutcome> {
    if (kept.fingerprint !== once.fingerprint) return { ok: false, conflict: true, reason: 'key-reused' };
    if (kept.version === null) return { ok: false, conflict: true, reason: 'key-running' };
    const at = { workspaceId: key.workspaceId, slug: kept.slug };
    const [now, version] = [await this.getPreset(at), await this.getVersion(at, kept.version)];
    if (now === null || version === null)
      throw new Error('a kept Idempotency-Key names a version that is gone');
    return { ok: true, preset: presetAsCreated(now, version), replayed: true };
  }

  /** The key kept for a workspace that has not expired; an expired one is dropped here. */
  #keptKey(workspaceId: string | null, key: string): KeptKey | undefined {
    const keys = this.#keys.get(workspaceId ?? '');
    const kept = keys?.get(key);
    if (kept === undefined || kept.expiresAt > Date.now()) return kept;
    keys?.delete(key);
    return undefined;
  }

  /**
   * Keeps a key for a workspace, first dropping its oldest keys past the workspace's count (an expired one is
   * also dropped when it is next asked for); a running create's claim is never dropped.
   */
  #keepKey(workspaceId: string | null, key: string, kept: KeptKey): void {
    const space = workspaceId ?? '';
    const keys = this.#keys.get(space) ?? new Map<string, KeptKey>();
    this.#keys.set(space, keys);
    const now = Date.now();
    for (const [old, { expiresAt, version }] of keys) {
      if (keys.size < this.#maxKeysPerWorkspace) break;
      // A running create's claim is never dropped: it would let its retry make a second version.
      if (version !== null || expiresAt <= now) keys.delete(old);
    }
    keys.set(key, kept);
  }

  async getPreset(key: PresetKey): Promise<StoredPreset | null> {
    await this.#latency();
    const entry = this.#presets.get(presetKeyText(key));
    if (entry === undefined) return null;
    const preset = parsedJsonText(entry.preset) as StoredPreset;
    preset.designated_version = parsedJsonText(entry.versions.at(-1) as string) as PresetVersion;
    return preset;
  }

  async getVersion(key: PresetKey, version: number): Promise<PresetVersion | null> {
    await this.#latency();
    const entry = this.#presets.get(presetKeyText(key));
    const found =
      entry && Number.isInteger(version) && version >= 1 ? entry.versions[version - 1] : undefined;
    return found === undefined ? null : (parsedJsonText(found) as PresetVersion);
  }

  async compareAndSet(key: PresetKey, expectedVersion: number, preset: StoredPreset): Promise<boolean> {
    await this.#latency();
    // Nothing awaits from here to the end, so the check and the write are one step no other request splits.
    const at = presetKeyText(key);
    const entry = this.#presets.get(at);
    const latest = entry?.versions.length ?? 0;
    if (latest !== expectedVersion) return false;
    checkNextVersion(key, expectedVersion, preset);
    const { presetText, versionText } = presetTexts(preset);
    const bytes = utf8Length(versionText);
    const room = this.#roomOf(key.workspaceId);
    this.#checkRoom(entry, bytes, room);
    const versions = entry?.versions ?? [];
    versions.push(versionText);
    this.#presets.set(at, { preset: presetText, versions });
    this.#configBytes += bytes;
    room.configBytes += bytes;
    if (entry === undefined) room.presets++;
    this.#workspaces.set(key.workspaceId ?? '', room);
    return true;
  }

  /** What a workspace holds now; a workspace that holds nothing gets an empty room, kept once it is written. */
  #roomOf(workspaceId: string | null): WorkspaceRoom {
    return this.#workspaces.get(workspaceId ?? '') ?? { presets: 0, configBytes: 0 };
  }

  /** Throws `PresetStoreFull` when one more version, of `bytes`, would pass a cap, in all or of its workspace. */
  #checkRoom(entry: Entry | undefined, bytes: number, room: WorkspaceRoom): void {
    if (entry === undefined && this.#presets.size >= this.#maxPresets) {
      throw new PresetStoreFull('maxPresets', this.#maxPresets);
    }
    if (entry === undefined && room.presets >= this.#maxPresetsPerWorkspace) {
      throw new PresetStoreFull('maxPresetsPerWorkspace', this.#maxPresetsPerWorkspace);
    }
    if ((entry?.versions.length ?? 0) >= this.#maxVersionsPerSlug) {
      throw new PresetStoreFull('maxVersionsPerSlug', this.#maxVersionsPerSlug);
    }
    if (this.#configBytes + bytes > this.#maxConfigBytes) {
      throw new PresetStoreFull('maxConfigBytes', this.#maxConfigBytes);
    }
    if (room.configBytes + bytes > this.#maxConfigBytesPerWorkspace) {
      throw new PresetStoreFull('maxConfigBytesPerWorkspace', this.#maxConfigBytesPerWorkspace);
    }
  }
}

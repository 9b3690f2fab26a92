import type { Preset, PresetDraft, PresetVersion } from '../../generated/types.js';

/** A preset as a store holds it: every write designates the version it adds. */
export type StoredPreset = Preset & { designated_version: PresetVersion; designated_version_id: string };

/**
 * Where a preset is: its slug within its workspace (contract: workspaces). Two workspaces may each hold a preset
 * at one slug, each with its own versions from 1; null is one workspace of its own, apart from every named one.
 */
export interface PresetKey {
  workspaceId: string | null;
  slug: string;
}

/**
 * One string for each key and a different one for every other, whatever characters the slug and the workspace
 * hold: the slug's length tells where it ends, and a null workspace adds nothing after it.
 */
export function presetKeyText({ workspaceId, slug }: PresetKey): string {
  return workspaceId === null ? `${slug.length}:${slug}` : `${slug.length}:${slug}@${workspaceId}`;
}

/**
 * Where presets live (docs/contract.md#preset-versions). Both reads and the write are asynchronous, as a
 * database's are; the write is a compare-and-set on the version number, which is how concurrent creates at one
 * slug stay gap-free. Every call names the workspace with the slug: a store never finds, nor writes on, another
 * workspace's preset (docs/contract.md#workspaces).
 */
export interface PresetStore {
  /** The preset at `key` with its designated version, which is always its latest, or null. */
  getPreset(key: PresetKey): Promise<StoredPreset | null>;
  /** One version of the preset at `key`, or null when the preset or that version does not exist. */
  getVersion(key: PresetKey, version: number): Promise<PresetVersion | null>;
  /**
   * Saves `preset` and the new version it designates, only if the latest version number at `key` is still
   * `expectedVersion` (0: no preset yet) and the new one is `expectedVersion + 1`. Returns false, having
   * written nothing, when another write got there first.
   */
  compareAndSet(key: PresetKey, expectedVersion: number, preset: StoredPreset): Promise<boolean>;
  /**
   * Optional: the read and the compare-and-set of the next version as one step (a database does it in one round
   * trip). A store that has it is written through it; the outcome must be what `savePresetVersion` gives.
   */
  saveVersion?(
    key: PresetKey,
    draft: PresetDraft,
    author: PresetAuthor,
    stamp: VersionStamp,
  ): Promise<SaveOutcome>;
}

/** What a new version is stamped with: the time, its id, and the preset's id should the slug be new. */
export interface VersionStamp {
  timestamp: string;
  presetId: string;
  versionId: string;
}

/**
 * Throws a RangeError unless `preset` adds version `expectedVersion + 1` at `key`, in the key's workspace, as
 * every `compareAndSet` must: a caller that asks for anything else has a bug, which is no conflict to answer.
 */
export function checkNextVersion(key: PresetKey, expectedVersion: number, preset: StoredPreset): void {
  if (
    preset.designated_version.version !== expectedVersion + 1 ||
    preset.slug !== key.slug ||
    preset.workspace_id !== key.workspaceId
  ) {
    throw new RangeError(
      `compareAndSet must add version ${expectedVersion + 1} of ${key.slug} in its own workspace, no other`,
    );
  }
}

/** Who creates a version: the key holder's user and workspace. */
export interface PresetAuthor {
  userId: string;
  workspaceId: string | null;
}

export interface PresetClock {
  /** The time stamped on what is written; the current time by default. */
  now?: () => Date;
  /** A fresh UUID for a preset or a version; `crypto.randomUUID` by default. */
  newId?: () => string;
}

export type SaveOutcome = { ok: true; preset: StoredPreset } | { ok: false; conflict: true };

/**
 * Posting to a new slug creates the preset with version 1 designated; posting to an existing slug adds
 * version N+1 and designates it. The slug is the author's workspace's: another workspace's preset at the same
 * slug is neither read nor written. The write is one compare-and-set against the version read, so of two writes
 * racing from version N exactly one succeeds and the other gets `conflict` (409): no gap, no duplicate, nothing
 * half-written.
 */
export async function savePresetVersion(
  store: PresetStore,
  slug: string,
  draft: PresetDraft,
  author: PresetAuthor,
  clock: PresetClock = {},
): Promise<SaveOutcome> {
  const timestamp = (clock.now ?? (() => new Date()))().toISOString();
  const newId = clock.newId ?? (() => crypto.randomUUID());
  const key: PresetKey = { workspaceId: author.workspaceId, slug };
  if (store.saveVersion !== undefined) {
    return store.saveVersion(key, draft, author, { timestamp, presetId: newId(), versionId: newId() });
  }
  const current = await store.getPreset(key);
  const latest = current?.designated_version.version ?? 0;
  const presetId = current?.id ?? newId();
  const version: PresetVersion = {
    id: newId(),
    preset_id: presetId,
    version: latest + 1,
    config: draft.config,
    system_prompt: draft.system_prompt,
    creator_id: author.userId,
    created_at: timestamp,
    updated_at: timestamp,
  };
  const preset: StoredPreset = current
    ? { ...current, updated_at: timestamp, designated_version_id: version.id, designated_version: version }
    : {
        id: presetId,
        slug,
        name: slug,
        description: null,
        status: 'active',
        status_updated_at: null,
        created_at: timestamp,
        updated_at: timestamp,
        creator_user_id: author.userId,
        workspace_id: author.workspaceId,
        designated_version_id: version.id,
        designated_version: version,
      };
  return (await store.compareAndSet(key, latest, preset))
    ? { ok: true, preset }
    : { ok: false, conflict: true };
}

import { checkedLimit } from '../../body/body-limits.js';
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
    once?: IdempotentCreate,
  ): Promise<SaveOutcome>;
}

/**
 * A create's `Idempotency-Key` and the fingerprint of its request (contract: idempotent-creates). A store that
 * takes it keeps, per workspace and key, the fingerprint and the version the create made, written with that
 * version in one step: the same key and fingerprint again answer that version and write nothing; another
 * fingerprint is a conflict (`key-reused`); while the first create is still running, `key-running`.
 */
export interface IdempotentCreate {
  key: string;
  /** A digest of the request as validated and of its slug: what tells a retry from another request. */
  fingerprint: string;
}

/** How long a store keeps a key by default: a day, the time a client retries in. */
export const DEFAULT_IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** Most keys a store keeps for one workspace by default; past it the oldest goes first. */
export const DEFAULT_MAX_IDEMPOTENCY_KEYS_PER_WORKSPACE = 10_000;

/** How long a store keeps an `Idempotency-Key`, and how many it keeps per workspace: each store's options. */
export interface IdempotencyOptions {
  /** How long an `Idempotency-Key` is kept after its create; 24 hours by default (contract: idempotent-creates). */
  idempotencyKeepMs?: number;
  /** Most `Idempotency-Key`s kept for one workspace, the oldest dropped first; 10,000 by default. */
  maxIdempotencyKeysPerWorkspace?: number;
}

/** The options with their defaults, checked: a RangeError names one that is not a whole number of at least 1. */
export function idempotencyBounds(options: IdempotencyOptions): Required<IdempotencyOptions> {
  return {
    idempotencyKeepMs: checkedLimit(
      'idempotencyKeepMs',
      options.idempotencyKeepMs ?? DEFAULT_IDEMPOTENCY_KEEP_MS,
      1,
    ),
    maxIdempotencyKeysPerWorkspace: checkedLimit(
      'maxIdempotencyKeysPerWorkspace',
      options.maxIdempotencyKeysPerWorkspace ?? DEFAULT_MAX_IDEMPOTENCY_KEYS_PER_WORKSPACE,
      1,
    ),
  };
}

/** The key a request of one workspace sent, as one string: the workspace's text cannot run into the key's. */
export function idempotencyKeyText(workspaceId: string | null, key: string): string {
  return JSON.stringify([workspaceId, key]);
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

/**
 * A save's outcome. A conflict is a 409: a lost race, or with an `Idempotency-Key` (contract: idempotent-creates)
 * the key sent before with another request (`key-reused`) or whose first request is still running
 * (`key-running`, answered with `Retry-After`). `replayed` marks the answer a key's first request got, given again.
 */
export type SaveOutcome =
  | { ok: true; preset: StoredPreset; replayed?: true }
  | { ok: false; conflict: true; reason?: 'key-reused' | 'key-running' };

/**
 * The preset a write designates `version` in: a new one when nothing is at the slug, else the current one with
 * its times and designated version moved on. Its keys are in the order the answer is written, the version last.
 */
export function withNewVersion(
  current: StoredPreset | null,
  slug: string,
  version: PresetVersion,
  author: PresetAuthor,
): StoredPreset {
  const timestamp = version.created_at;
  return current
    ? { ...current, updated_at: timestamp, designated_version_id: version.id, designated_version: version }
    : {
        id: version.preset_id,
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
}

/**
 * The preset as the create that made `version` answered it: nothing but a new version changes a preset, so it
 * is the preset now with the times and the designated version that create gave it.
 */
export function presetAsCreated(now: StoredPreset, version: PresetVersion): StoredPreset {
  return {
    ...now,
    updated_at: version.created_at,
    designated_version_id: version.id,
    designated_version: version,
  };
}

/**
 * Posting to a new slug creates the preset with version 1 designated; posting to an existing slug adds
 * version N+1 and designates it. The slug is the author's workspace's: another workspace's preset at the same
 * slug is neither read nor written. The write is one compare-and-set against the version read, so of two writes
 * racing from version N exactly one succeeds and the other gets `conflict` (409): no gap, no duplicate, nothing
 * half-written. With `once`, a store that has `saveVersion` makes the create idempotent (contract:
 * idempotent-creates); one without it has no place to keep the key, and saves as if none was sent.
 */
export async function savePresetVersion(
  store: PresetStore,
  slug: string,
  draft: PresetDraft,
  author: PresetAuthor,
  clock: PresetClock = {},
  once?: IdempotentCreate,
): Promise<SaveOutcome> {
  const timestamp = (clock.now ?? (() => new Date()))().toISOString();
  const newId = clock.newId ?? (() => crypto.randomUUID());
  const key: PresetKey = { workspaceId: author.workspaceId, slug };
  if (store.saveVersion !== undefined) {
    const stamp = { timestamp, presetId: newId(), versionId: newId() };
    return once === undefined
      ? store.saveVersion(key, draft, author, stamp)
      : store.saveVersion(key, draft, author, stamp, once);
  }
  const current = await store.getPreset(key);
  const latest = current?.designated_version.version ?? 0;
  const preset = withNewVersion(
    current,
    slug,
    versionOf(draft, author, { timestamp, presetId: current?.id ?? newId(), versionId: newId() }, latest + 1),
    author,
  );
  return (await store.compareAndSet(key, latest, preset))
    ? { ok: true, preset }
    : { ok: false, conflict: true };
}

/** Version `number` of a preset, made of `draft` and stamped as `stamp` says. */
export function versionOf(
  draft: PresetDraft,
  author: PresetAuthor,
  stamp: VersionStamp,
  number: number,
): PresetVersion {
  return {
    id: stamp.versionId,
    preset_id: stamp.presetId,
    version: number,
    config: draft.config,
    system_prompt: draft.system_prompt,
    creator_id: author.userId,
    created_at: stamp.timestamp,
    updated_at: stamp.timestamp,
  };
}

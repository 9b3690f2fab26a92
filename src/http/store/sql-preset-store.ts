import type { PresetDraft, PresetVersion } from '../../generated/types.js';
import { parsedJsonText } from '../../body/escaped-keys.js';
import { rememberWrittenJson, takeWrittenJson } from '../../core/written-json.js';
import { PresetStoreFull } from './preset-store-full.js';
import {
  checkNextVersion,
  idempotencyBounds,
  idempotencyKeyText,
  presetAsCreated,
  type IdempotencyOptions,
  type IdempotentCreate,
  type PresetAuthor,
  type PresetKey,
  type PresetStore,
  type SaveOutcome,
  type StoredPreset,
  type VersionStamp,
} from './preset-store.js';
import { isUniqueViolation, type SqlEngine } from './sql-engine.js';
import { printed } from './sql-times.js';
import { VersionCache } from './version-cache.js';

/** The preset columns of a row, its times as text: what the answer carries, with no `Date` in between. */
const presetColumns = (table: string) => `${table}.id, ${table}.slug, ${table}.name, ${table}.description,
  ${table}.status, ${printed(`${table}.status_updated_at`)} AS status_updated_at,
  ${printed(`${table}.created_at`)} AS created_at, ${printed(`${table}.updated_at`)} AS updated_at,
  ${table}.creator_user_id, ${table}.workspace_id`;

/** The version columns; `json` comes back as the text that went in, so it is sent on without a parse. */
const versionColumns = `v.id AS version_id, v.preset_id, v.version, v.config::text AS config,
  v.system_prompt::text AS system_prompt, v.creator_id, ${printed('v.created_at')} AS version_created_at,
  ${printed('v.updated_at')} AS version_updated_at`;

interface PresetRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  status: StoredPreset['status'];
  status_updated_at: string | null;
  created_at: string;
  updated_at: string;
  creator_user_id: string;
  workspace_id: string | null;
}

interface VersionRow {
  version_id: string;
  preset_id: string;
  version: number;
  /** JSON text, as stored. */
  config: string;
  /** JSON text, as stored. */
  system_prompt: string;
  creator_id: string;
  version_created_at: string;
  version_updated_at: string;
}

/**
 * The compare-and-set of a new version as one statement, so a create is one round trip: the preset row is
 * inserted (a new slug) or moved from the version read to the next only if it is still there, and the version
 * row is added beside it (the function a migration creates). A writer that lost the race finds the row moved
 * (or the slug taken) and writes nothing; `found` tells a lost race from a full preset. No named statement is
 * prepared, so it runs behind a pooler in transaction mode.
 */
const ADD_VERSION = `SELECT * FROM add_preset_version($1::text, $2::uuid, $3::uuid, $4::json, $5::json,
  $6::text, $7::text, $8::timestamptz, $9::integer)`;

/**
 * The same with an `Idempotency-Key` (contract: idempotent-creates): the key, the fingerprint, how long the key is
 * kept and how many a workspace keeps come first; `outcome` says what the statement did with the key.
 */
const ADD_VERSION_ONCE = `SELECT * FROM add_preset_version_once($1::text, $2::text, $3::integer, $4::integer,
  $5::text, $6::uuid, $7::uuid, $8::json, $9::json, $10::text, $11::text, $12::timestamptz, $13::integer)`;

/**
 * The preset row at a key, its workspace as $1 and its slug as $2: the key's column holds a non-null text of the
 * workspace (the migration's `preset_workspace_key`), so no workspace, too, is one workspace.
 */
const AT_KEY = 'p.workspace_key = preset_workspace_key($1::text) AND p.slug = $2';

/** The largest version number a column holds: the cap when none is set. */
const NO_VERSION_CAP = 2_147_483_647;

/** One version's JSON text, built around the stored config and system prompt texts, which are never parsed. */
function versionText(row: VersionRow): string {
  const head = JSON.stringify({ id: row.version_id, preset_id: row.preset_id, version: row.version });
  const tail = JSON.stringify({
    creator_id: row.creator_id,
    created_at: row.version_created_at,
    updated_at: row.version_updated_at,
  });
  return `${head.slice(0, -1)},"config":${row.config},"system_prompt":${row.system_prompt},${tail.slice(1)}`;
}

/**
 * A version as the operations take it, answered with the text it was read as (`takeWrittenJson`). Its config
 * and system prompt are parsed only if something reads them (a response check in development), once.
 */
function versionOf(row: VersionRow, text: string): PresetVersion {
  const version = {
    id: row.version_id,
    preset_id: row.preset_id,
    version: row.version,
  } as PresetVersion;
  lazyJson(version, 'config', row.config);
  lazyJson(version, 'system_prompt', row.system_prompt);
  Object.assign(version, {
    creator_id: row.creator_id,
    created_at: row.version_created_at,
    updated_at: row.version_updated_at,
  });
  rememberWrittenJson(version, text);
  return version;
}

function lazyJson(target: object, key: string, text: string): void {
  let parsed: unknown;
  let done = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!done) [parsed, done] = [parsedJsonText(text), true];
      return parsed;
    },
  });
}

function presetOf(row: PresetRow, designated: PresetVersion): StoredPreset {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    status: row.status,
    status_updated_at: row.status_updated_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    creator_user_id: row.creator_user_id,
    workspace_id: row.workspace_id,
    designated_version_id: designated.id,
    designated_version: designated,
  };
}

/** A preset's JSON text around its version's, which is never serialized again. */
function presetText(preset: StoredPreset, versionJson: string): string {
  const { designated_version: _version, ...own } = preset;
  return `${JSON.stringify(own).slice(0, -1)},"designated_version":${versionJson}}`;
}

/** Thrown inside a transaction to roll it back as a lost race; never leaves the store. */
class LostRace extends Error {}

export interface SqlPresetStoreOptions extends IdempotencyOptions {
  /** Most versions of one preset; no cap by default. A write past it throws `PresetStoreFull` (a 503). */
  maxVersionsPerSlug?: number;
  /**
   * Bytes of version JSON kept in this process, so a read of a version read before asks no database (a version
   * never changes once written); 0 keeps none. 16 MiB by default.
   */
  versionCacheBytes?: number;
}

type SavedRow = PresetRow & { found: number | null; version: number | null; outcome?: string };

/** The default size of the versions cache: some thousands of typical versions. */
const DEFAULT_VERSION_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The preset store over PostgreSQL or PGlite (the tables of `migrate`). A create is one statement that moves the
 * preset row from version N to N+1 only if it is still at N (or inserts it at version 1) and adds the version
 * row under the unique (preset_id, version) constraint; a lost race writes nothing and answers false (409), so
 * versions stay 1..k with no gap and no duplicate, across processes. Reads answer the stored JSON text as it is.
 */
export class SqlPresetStore implements PresetStore {
  readonly #engine: SqlEngine;
  readonly #maxVersionsPerSlug: number;
  readonly #versions: VersionCache<{ row: VersionRow; text: string }>;
  readonly #keepSeconds: number;
  readonly #maxKeysPerWorkspace: number;
  /**
   * The keys whose create runs in this process: a second request with one is answered at once, rather than queued
   * behind the first (the embedded engine runs one transaction at a time).
   */
  readonly #running = new Set<string>();

  constructor(engine: SqlEngine, options: SqlPresetStoreOptions = {}) {
    this.#engine = engine;
    const bounds = idempotencyBounds(options);
    this.#keepSeconds = Math.min(Math.ceil(bounds.idempotencyKeepMs / 1000), NO_VERSION_CAP);
    this.#maxKeysPerWorkspace = Math.min(bounds.maxIdempotencyKeysPerWorkspace, NO_VERSION_CAP);
    this.#maxVersionsPerSlug = options.maxVersionsPerSlug ?? Number.POSITIVE_INFINITY;
    this.#versions = new VersionCache<{ row: VersionRow; text: string }>(
      options.versionCacheBytes ?? DEFAULT_VERSION_CACHE_BYTES,
    );
  }

  async getPreset(key: PresetKey): Promise<StoredPreset | null> {
    const result = await this.#engine.query<PresetRow & VersionRow>(
      `SELECT ${presetColumns('p')}, ${versionColumns}
      FROM presets p JOIN preset_versions v ON v.id = p.designated_version_id
      WHERE ${AT_KEY}`,
      [key.workspaceId, key.slug],
    );
    const row = result.rows[0];
    return row ? presetOf(row, versionOf(row, versionText(row))) : null;
  }

  async getVersion(key: PresetKey, version: number): Promise<PresetVersion | null> {
    const cached = this.#versions.get(key, version);
    if (cached !== undefined) return versionOf(cached.row, cached.text);
    const result = await this.#engine.query<VersionRow>(
      `SELECT ${versionColumns}
      FROM presets p JOIN preset_versions v ON v.preset_id = p.id
      WHERE ${AT_KEY} AND v.version = $3`,
      [key.workspaceId, key.slug, version],
    );
    const row = result.rows[0];
    if (row === undefined) return null;
    const text = versionText(row);
    this.#versions.set(key, version, { row, text }, 2 * text.length);
    return versionOf(row, text);
  }

  /**
   * Adds the next version at `key` from `draft` in one round trip: the preset as saved (answered with the text
   * it was written as), a conflict when another write got there first, or `PresetStoreFull` past the cap.
   */
  async saveVersion(
    key: PresetKey,
    draft: PresetDraft,
    author: PresetAuthor,
    stamp: VersionStamp,
    once?: IdempotentCreate,
  ): Promise<SaveOutcome> {
    const config = JSON.stringify(draft.config);
    const systemPrompt = JSON.stringify(draft.system_prompt);
    const cap = Math.min(this.#maxVersionsPerSlug, NO_VERSION_CAP);
    const params = [
      key.slug,
      stamp.presetId,
      stamp.versionId,
      config,
      systemPrompt,
      author.userId,
      key.workspaceId,
      stamp.timestamp,
      cap,
    ];
    const running = once === undefined ? undefined : idempotencyKeyText(key.workspaceId, once.key);
    if (running !== undefined && this.#running.has(running)) {
      return { ok: false, conflict: true, reason: 'key-running' };
    }
    let rows: SavedRow[];
    try {
      if (running !== undefined) this.#running.add(running);
      ({ rows } =
        once === undefined
          ? await this.#engine.write<SavedRow>(ADD_VERSION, params)
          : await this.#engine.write<SavedRow>(ADD_VERSION_ONCE, [
              once.key,
              once.fingerprint,
              this.#keepSeconds,
              this.#maxKeysPerWorkspace,
              ...params,
            ]));
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, conflict: true };
      throw error;
    } finally {
      if (running !== undefined) this.#running.delete(running);
    }
    const row = rows[0];
    if (row?.outcome === 'running') return { ok: false, conflict: true, reason: 'key-running' };
    if (row?.outcome === 'reused') return { ok: false, conflict: true, reason: 'key-reused' };
    if (row?.outcome === 'replayed') return this.#replay(key, row);
    if (row === undefined || row.version === null) {
      if (row?.found != null && row.found >= cap) throw new PresetStoreFull('maxVersionsPerSlug', cap);
      return { ok: false, conflict: true };
    }
    const versionRow: VersionRow = {
      version_id: stamp.versionId,
      preset_id: row.id,
      version: row.version,
      config,
      system_prompt: systemPrompt,
      creator_id: author.userId,
      version_created_at: stamp.timestamp,
      version_updated_at: stamp.timestamp,
    };
    const versionJson = versionText(versionRow);
    // A version never changes once written, and its text here is byte for byte what a read would print.
    this.#versions.set(key, row.version, { row: versionRow, text: versionJson }, 2 * versionJson.length);
    const designated: PresetVersion = {
      id: stamp.versionId,
      preset_id: row.id,
      version: row.version,
      config: draft.config,
      system_prompt: draft.system_prompt,
      creator_id: author.userId,
      created_at: stamp.timestamp,
      updated_at: stamp.timestamp,
    };
    const preset = presetOf(row, designated);
    rememberWrittenJson(preset, presetText(preset, versionJson));
    return { ok: true, preset };
  }

  /** The answer a key's first create got: the preset as that create left it, around the version it made. */
  async #replay(key: PresetKey, row: SavedRow): Promise<SaveOutcome> {
    const version = row.version === null ? null : await this.getVersion(key, row.version);
    if (version === null) throw new Error('a kept Idempotency-Key names a version that is gone');
    const preset = presetAsCreated(presetOf(row, version), version);
    // The version's stored text, as the first answer carried it, rather than its values serialized again.
    const versionJson = takeWrittenJson(version);
    if (versionJson !== undefined) rememberWrittenJson(preset, presetText(preset, versionJson));
    return { ok: true, preset, replayed: true };
  }

  async compareAndSet(key: PresetKey, expectedVersion: number, preset: StoredPreset): Promise<boolean> {
    checkNextVersion(key, expectedVersion, preset);
    const version = preset.designated_version;
    if (version.version > this.#maxVersionsPerSlug) {
      throw new PresetStoreFull('maxVersionsPerSlug', this.#maxVersionsPerSlug);
    }
    try {
      await this.#engine.transaction(async (session) => {
        const moved =
          expectedVersion === 0
            ? await session.query(
                `INSERT INTO presets (id, slug, name, description, status, status_updated_at, creator_user_id,
                  workspace_id, latest_version, designated_version_id, created_at, updated_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10, $11)
                ON CONFLICT (workspace_key, slug) DO NOTHING`,
                [
                  preset.id,
                  key.slug,
                  preset.name,
                  preset.description,
                  preset.status,
                  preset.status_updated_at,
                  preset.creator_user_id,
                  preset.workspace_id,
                  version.id,
                  preset.created_at,
                  preset.updated_at,
                ],
              )
            : await session.query(
                `UPDATE presets p SET latest_version = $4, designated_version_id = $5, updated_at = $6
                WHERE ${AT_KEY} AND p.id = $3 AND p.latest_version = $7`,
                [
                  key.workspaceId,
                  key.slug,
                  preset.id,
                  version.version,
                  version.id,
                  preset.updated_at,
                  expectedVersion,
                ],
              );
        if (moved.rowCount !== 1) throw new LostRace();
        await session.query(
          `INSERT INTO preset_versions (id, preset_id, version, config, system_prompt, creator_id, created_at,
            updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            version.id,
            preset.id,
            version.version,
            JSON.stringify(version.config),
            JSON.stringify(version.system_prompt),
            version.creator_id,
            version.created_at,
            version.updated_at,
          ],
        );
      });
      return true;
    } catch (error) {
      if (error instanceof LostRace || isUniqueViolation(error)) return false;
      throw error;
    }
  }
}

import type { PresetVersion } from '../../generated/types.js';
import { PresetStoreFull } from './preset-store-full.js';
import { checkNextVersion, type PresetStore, type StoredPreset } from './preset-store.js';
import { isUniqueViolation, type SqlEngine } from './sql-engine.js';

interface VersionRow {
  version_id: string;
  preset_id: string;
  version: number;
  config: string;
  system_prompt: string;
  creator_id: string;
  version_created_at: Date | string;
  version_updated_at: Date | string;
}

interface PresetRow extends VersionRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  status: StoredPreset['status'];
  status_updated_at: Date | string | null;
  creator_user_id: string;
  workspace_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The version columns; `json` is read back as its text, so what comes out is parsed from what went in. */
const versionColumns = `v.id AS version_id, v.preset_id, v.version, v.config::text AS config,
  v.system_prompt::text AS system_prompt, v.creator_id, v.created_at AS version_created_at,
  v.updated_at AS version_updated_at`;

/** A `timestamptz` as the contract writes times; both drivers hand it over as a Date. */
function isoTime(value: Date | string): string {
  return new Date(value).toISOString();
}

function versionOf(row: VersionRow): PresetVersion {
  return {
    id: row.version_id,
    preset_id: row.preset_id,
    version: row.version,
    config: JSON.parse(row.config) as PresetVersion['config'],
    system_prompt: JSON.parse(row.system_prompt) as PresetVersion['system_prompt'],
    creator_id: row.creator_id,
    created_at: isoTime(row.version_created_at),
    updated_at: isoTime(row.version_updated_at),
  };
}

function presetOf(row: PresetRow): StoredPreset {
  const designated = versionOf(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    status: row.status,
    status_updated_at: row.status_updated_at === null ? null : isoTime(row.status_updated_at),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    creator_user_id: row.creator_user_id,
    workspace_id: row.workspace_id,
    designated_version_id: designated.id,
    designated_version: designated,
  };
}

/** Thrown inside a transaction to roll it back as a lost race; never leaves the store. */
class LostRace extends Error {}

export interface SqlPresetStoreOptions {
  /** Most versions of one preset; no cap by default. A write past it throws `PresetStoreFull` (a 503). */
  maxVersionsPerSlug?: number;
}

/**
 * The preset store over PostgreSQL or PGlite (the tables of `migrate`). A write is one transaction: the
 * preset row is inserted (version 1) or moved from version N to N+1 only if it is still at N, and the version
 * row is inserted under the unique (preset_id, version) constraint; a lost race on either rolls everything
 * back and answers false (409), so versions stay 1..k with no gap and no duplicate, across processes.
 */
export class SqlPresetStore implements PresetStore {
  readonly #engine: SqlEngine;
  readonly #maxVersionsPerSlug: number;

  constructor(engine: SqlEngine, options: SqlPresetStoreOptions = {}) {
    this.#engine = engine;
    this.#maxVersionsPerSlug = options.maxVersionsPerSlug ?? Number.POSITIVE_INFINITY;
  }

  async getPreset(slug: string): Promise<StoredPreset | null> {
    const result = await this.#engine.query<PresetRow>(
      `SELECT p.id, p.slug, p.name, p.description, p.status, p.status_updated_at, p.creator_user_id,
        p.workspace_id, p.created_at, p.updated_at, ${versionColumns}
      FROM presets p JOIN preset_versions v ON v.id = p.designated_version_id
      WHERE p.slug = $1`,
      [slug],
    );
    const row = result.rows[0];
    return row ? presetOf(row) : null;
  }

  async getVersion(slug: string, version: number): Promise<PresetVersion | null> {
    const result = await this.#engine.query<VersionRow>(
      `SELECT ${versionColumns}
      FROM presets p JOIN preset_versions v ON v.preset_id = p.id
      WHERE p.slug = $1 AND v.version = $2`,
      [slug, version],
    );
    const row = result.rows[0];
    return row ? versionOf(row) : null;
  }

  async compareAndSet(slug: string, expectedVersion: number, preset: StoredPreset): Promise<boolean> {
    checkNextVersion(slug, expectedVersion, preset);
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
                ON CONFLICT (slug) DO NOTHING`,
                [
                  preset.id,
                  slug,
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
                `UPDATE presets SET latest_version = $3, designated_version_id = $4, updated_at = $5
                WHERE slug = $1 AND id = $2 AND latest_version = $6`,
                [slug, preset.id, version.version, version.id, preset.updated_at, expectedVersion],
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

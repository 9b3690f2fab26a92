import type { SqlEngine } from './sql-engine.js';

interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

/**
 * The schema, one numbered step at a time; a step once released is never edited, a change is a new step.
 * `config` and `system_prompt` are `json`, not `jsonb`: `jsonb` refuses a string holding U+0000 or a lone
 * surrogate, both valid in a request, and reorders keys, while `json` keeps the text exactly as written.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'presets and their versions',
    statements: [
      `CREATE TABLE presets (
        id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        description text,
        status text NOT NULL,
        status_updated_at timestamptz,
        creator_user_id text NOT NULL,
        workspace_id text,
        latest_version integer NOT NULL CHECK (latest_version >= 1),
        designated_version_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
      `CREATE TABLE preset_versions (
        id uuid PRIMARY KEY,
        preset_id uuid NOT NULL REFERENCES presets (id),
        version integer NOT NULL CHECK (version >= 1),
        config json NOT NULL,
        system_prompt json NOT NULL,
        creator_id text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT preset_versions_preset_id_version_key UNIQUE (preset_id, version)
      )`,
      `ALTER TABLE presets ADD CONSTRAINT presets_designated_version_id_fkey
        FOREIGN KEY (designated_version_id) REFERENCES preset_versions (id) DEFERRABLE INITIALLY DEFERRED`,
    ],
  },
  {
    version: 2,
    name: 'reference gateway keys, as SHA-256 digests',
    statements: [
      `CREATE TABLE gateway_keys (
        kind text PRIMARY KEY CHECK (kind IN ('management', 'standard')),
        sha256 text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
];

/** Any 64-bit number the processes sharing a database agree on: the advisory lock that serialises migrating. */
const MIGRATION_LOCK = 7_391_042_115;

/** The database was migrated by a newer release than this one: running on it could corrupt what it added. */
export class SchemaTooNew extends Error {
  override readonly name = 'SchemaTooNew';
}

/**
 * Brings the database to the latest schema at start: each missing step in its own transaction, recorded in
 * `gateway_contract_migrations`. Idempotent, and safe when several processes start at once: an advisory lock
 * makes them take turns, and each step checks the record before it runs.
 */
export async function migrate(engine: SqlEngine): Promise<number[]> {
  const applied: number[] = [];
  await engine.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await session.query(`CREATE TABLE IF NOT EXISTS gateway_contract_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const newest = await session.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM gateway_contract_migrations',
    );
    const known = migrations.at(-1)?.version ?? 0;
    const found = newest.rows[0]?.version ?? 0;
    if (found > known) {
      throw new SchemaTooNew(
        `the database has schema version ${found}, newer than this release's ${known}: upgrade gateway-contract`,
      );
    }
  });
  for (const migration of migrations) {
    await engine.transaction(async (session) => {
      await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await session.query('SELECT 1 FROM gateway_contract_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (done.rows.length > 0) return;
      for (const statement of migration.statements) await session.query(statement);
      await session.query('INSERT INTO gateway_contract_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    });
  }
  return applied;
}

import type { SqlEngine, SqlSession } from './sql-engine.js';
import { printed } from './sql-times.js';

interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

/**
 * The statement that creates (or, in a later step, replaces) the compare-and-set of a new version: `presetAt`
 * finds the preset row a create is for, `uniqueKey` is the unique key a new row may collide on. Each step passes
 * its own, so the text a released step runs never changes.
 */
function addPresetVersion({
  replace,
  presetAt,
  uniqueKey,
  boundLockWait = false,
}: {
  replace: boolean;
  presetAt: string;
  uniqueKey: string;
  /** Sets a lock wait for the statement when the session has none (a pooler refused the session's limits). */
  boundLockWait?: boolean;
}): string {
  return `${replace ? 'CREATE OR REPLACE' : 'CREATE'} FUNCTION add_preset_version(
        p_slug text, p_preset_id uuid, p_version_id uuid, p_config json, p_system_prompt json,
        p_creator text, p_workspace text, p_at timestamptz, p_cap integer
      ) RETURNS TABLE (
        found integer, version integer, id uuid, slug text, name text, description text, status text,
        status_updated_at text, created_at text, updated_at text, creator_user_id text, workspace_id text
      ) LANGUAGE plpgsql AS $function$
      #variable_conflict use_column
      BEGIN${boundLockWait ? BOUNDED_LOCK_WAIT : ''}
        RETURN QUERY
        WITH current AS (
          SELECT p.id, p.latest_version FROM presets AS p WHERE ${presetAt}
        ), created AS (
          INSERT INTO presets (id, slug, name, description, status, status_updated_at, creator_user_id,
            workspace_id, latest_version, designated_version_id, created_at, updated_at)
          SELECT p_preset_id, p_slug, p_slug, NULL, 'active', NULL, p_creator, p_workspace, 1, p_version_id,
            p_at, p_at
          WHERE NOT EXISTS (SELECT FROM current)
          ON CONFLICT (${uniqueKey}) DO NOTHING
          RETURNING *
        ), moved AS (
          UPDATE presets AS p SET latest_version = c.latest_version + 1, designated_version_id = p_version_id,
            updated_at = p_at
          FROM current AS c
          WHERE p.id = c.id AND p.latest_version = c.latest_version AND c.latest_version < p_cap
          RETURNING p.*
        ), saved AS (
          SELECT * FROM created UNION ALL SELECT * FROM moved
        ), added AS (
          INSERT INTO preset_versions (id, preset_id, version, config, system_prompt, creator_id, created_at,
            updated_at)
          SELECT p_version_id, s.id, s.latest_version, p_config, p_system_prompt, p_creator, p_at, p_at
          FROM saved AS s
        )
        SELECT (SELECT c.latest_version FROM current AS c), s.latest_version, s.id, s.slug, s.name,
          s.description, s.status, ${printed('s.status_updated_at')}, ${printed('s.created_at')},
          ${printed('s.updated_at')}, s.creator_user_id, s.workspace_id
        FROM (VALUES (1)) AS one (x) LEFT JOIN saved AS s ON true;
      END
      $function$`;
}

/**
 * A session with no `lock_timeout` (PgBouncer before 1.20 refuses it as a startup parameter, and no role setting
 * gave it) would wait for a table lock forever, and a create its client gave up on would commit whenever the lock
 * goes: the statement bounds its own wait to the default lock timeout, for itself alone.
 */
const BOUNDED_LOCK_WAIT = `
        IF current_setting('lock_timeout') = '0' THEN
          PERFORM set_config('lock_timeout', '3000', true);
        END IF;`;

/** The first number of the two-number advisory locks that take an `Idempotency-Key`: no other lock uses it. */
const IDEMPOTENCY_LOCK_CLASS = 739_104;

/**
 * A create with an `Idempotency-Key` (contract: idempotent-creates), as one statement: the key is taken for the
 * transaction (an advisory lock, so a second request with it while the first runs is told so at once, across
 * processes and behind a pooler in transaction mode), then a key kept and not expired answers the version its
 * first create made (`replayed`, with the preset's columns as that create left them) or, for another fingerprint,
 * `reused`; else the version is added by `add_preset_version` and the key kept beside it in the same
 * transaction, the workspace's expired keys and those past its count dropped.
 */
const ADD_PRESET_VERSION_ONCE = `CREATE FUNCTION add_preset_version_once(
        p_key text, p_fingerprint text, p_keep_seconds integer, p_max_keys integer,
        p_slug text, p_preset_id uuid, p_version_id uuid, p_config json, p_system_prompt json,
        p_creator text, p_workspace text, p_at timestamptz, p_cap integer
      ) RETURNS TABLE (
        outcome text, found integer, version integer, id uuid, slug text, name text, description text,
        status text, status_updated_at text, created_at text, updated_at text, creator_user_id text,
        workspace_id text
      ) LANGUAGE plpgsql AS $function$
      #variable_conflict use_column
      DECLARE
        v_space text := preset_workspace_key(p_workspace);
        v_kept idempotency_keys%ROWTYPE;
        v_saved record;
        v_oldest timestamptz;
      BEGIN${BOUNDED_LOCK_WAIT}
        IF NOT pg_try_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}, hashtext(v_space || ' ' || p_key)) THEN
          outcome := 'running';
          RETURN NEXT;
          RETURN;
        END IF;
        SELECT k.* INTO v_kept FROM idempotency_keys AS k
          WHERE k.workspace_key = v_space AND k.idempotency_key = p_key AND k.expires_at > now();
        -- Checked by a column that is never null, since this function's own column "found" hides FOUND.
        IF v_kept.fingerprint IS NOT NULL THEN
          IF v_kept.fingerprint <> p_fingerprint THEN
            outcome := 'reused';
            RETURN NEXT;
            RETURN;
          END IF;
          RETURN QUERY SELECT 'replayed'::text, NULL::integer, v.version, p.id, p.slug, p.name, p.description,
            p.status, ${printed('p.status_updated_at')}, ${printed('p.created_at')}, ${printed('v.created_at')},
            p.creator_user_id, p.workspace_id
          FROM preset_versions AS v JOIN presets AS p ON p.id = v.preset_id
          WHERE v.id = v_kept.version_id;
          RETURN;
        END IF;
        SELECT * INTO v_saved FROM add_preset_version(p_slug, p_preset_id, p_version_id, p_config,
          p_system_prompt, p_creator, p_workspace, p_at, p_cap);
        IF v_saved.version IS NOT NULL THEN
          INSERT INTO idempotency_keys AS k (workspace_key, idempotency_key, fingerprint, version_id, created_at,
            expires_at)
          VALUES (v_space, p_key, p_fingerprint, p_version_id, now(), now() + make_interval(secs => p_keep_seconds))
          ON CONFLICT (workspace_key, idempotency_key) DO UPDATE SET fingerprint = excluded.fingerprint,
            version_id = excluded.version_id, created_at = excluded.created_at, expires_at = excluded.expires_at;
          DELETE FROM idempotency_keys AS k WHERE k.workspace_key = v_space AND k.expires_at <= now();
          SELECT k.created_at INTO v_oldest FROM idempotency_keys AS k WHERE k.workspace_key = v_space
            ORDER BY k.created_at DESC OFFSET p_max_keys LIMIT 1;
          IF v_oldest IS NOT NULL THEN
            DELETE FROM idempotency_keys AS k WHERE k.workspace_key = v_space AND k.created_at <= v_oldest;
          END IF;
        END IF;
        RETURN QUERY SELECT 'saved'::text, v_saved.found, v_saved.version, v_saved.id, v_saved.slug, v_saved.name,
          v_saved.description, v_saved.status, v_saved.status_updated_at, v_saved.created_at, v_saved.updated_at,
          v_saved.creator_user_id, v_saved.workspace_id;
      END
      $function$`;

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
  {
    version: 3,
    name: 'the compare-and-set of a new version as a function, planned once per connection',
    // A statement sent unnamed is planned on every call, which cost PostgreSQL most of a create; PL/pgSQL keeps
    // the plan of this one in the server session, so it needs no named statement and runs behind any pooler.
    // Its times come back as the contract prints them, so the statement that calls it has nothing to plan.
    statements: [addPresetVersion({ replace: false, presetAt: 'p.slug = p_slug', uniqueKey: 'slug' })],
  },
  {
    version: 4,
    name: 'a preset slug is unique within its workspace',
    // A preset keeps the workspace its first version was created in (its workspace_id), so each existing row is
    // already in its one workspace; only the key changes. NULL equals nothing in a unique key or a comparison,
    // so the key holds a non-null text of the workspace: '' for none, 'w' and the id for one, which no id can
    // take the other's place in. A version is keyed by its preset's id, which belongs to one workspace.
    statements: [
      `CREATE FUNCTION preset_workspace_key(p_workspace text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $function$ SELECT coalesce('w' || p_workspace, '') $function$`,
      `ALTER TABLE presets ADD COLUMN workspace_key text NOT NULL
        GENERATED ALWAYS AS (preset_workspace_key(workspace_id)) STORED`,
      `ALTER TABLE presets DROP CONSTRAINT presets_slug_key`,
      `ALTER TABLE presets ADD CONSTRAINT presets_workspace_key_slug_key UNIQUE (workspace_key, slug)`,
      addPresetVersion({
        replace: true,
        presetAt: `p.workspace_key = preset_workspace_key(p_workspace) AND p.slug = p_slug`,
        uniqueKey: 'workspace_key, slug',
      }),
    ],
  },
  {
    version: 5,
    name: 'a write probe for readiness',
    // Readiness asks whether a create would be taken now, and only a write can tell: the probe commits one row
    // (write-ahead log written and flushed as a create's is; refused on a standby or a read-only server) and,
    // once a write was refused, also asks the disk under these tables for a fresh page, as a create that
    // outgrows its pages does. The page's row is rolled back at once; a plain column of 7,000 bytes fits no page
    // that holds anything else, so the insert must extend the table.
    statements: [
      `CREATE TABLE gateway_write_probe (
        id integer PRIMARY KEY CHECK (id = 1),
        probed_at timestamptz NOT NULL
      )`,
      `CREATE TABLE gateway_write_room (room text NOT NULL)`,
      `ALTER TABLE gateway_write_room ALTER COLUMN room SET STORAGE PLAIN`,
      `CREATE FUNCTION gateway_probe_write(p_fresh_page boolean) RETURNS void LANGUAGE plpgsql AS $function$
      BEGIN
        INSERT INTO gateway_write_probe (id, probed_at) VALUES (1, now())
          ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at;
        IF p_fresh_page THEN
          BEGIN
            INSERT INTO gateway_write_room (room) VALUES (repeat('x', 7000));
            RAISE SQLSTATE 'GW001';
          EXCEPTION WHEN SQLSTATE 'GW001' THEN
            NULL;
          END;
        END IF;
      END
      $function$`,
    ],
  },
  {
    version: 6,
    name: 'idempotent creates, and bounded lock waits behind a pooler',
    // A kept key names the version its create made, which never changes; the preset around it is rebuilt as that
    // create left it, so a key costs a fixed few hundred bytes and the count per workspace bounds the bytes.
    // The readiness probe also asks for the lock a create takes on the preset tables, within the create's lock
    // wait, so a table lock that makes creates time out makes the store not ready.
    statements: [
      `CREATE TABLE idempotency_keys (
        workspace_key text NOT NULL,
        idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
        fingerprint text NOT NULL,
        version_id uuid NOT NULL REFERENCES preset_versions (id),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (workspace_key, idempotency_key)
      )`,
      `CREATE INDEX idempotency_keys_by_age ON idempotency_keys (workspace_key, created_at)`,
      `CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (workspace_key, expires_at)`,
      addPresetVersion({
        replace: true,
        presetAt: `p.workspace_key = preset_workspace_key(p_workspace) AND p.slug = p_slug`,
        uniqueKey: 'workspace_key, slug',
        boundLockWait: true,
      }),
      ADD_PRESET_VERSION_ONCE,
      `CREATE FUNCTION gateway_probe_write(p_fresh_page boolean, p_lock_wait_ms integer) RETURNS void
      LANGUAGE plpgsql AS $function$
      BEGIN
        PERFORM set_config('lock_timeout', p_lock_wait_ms::text, true);
        LOCK TABLE presets, preset_versions, idempotency_keys IN ROW EXCLUSIVE MODE;
        PERFORM gateway_probe_write(p_fresh_page);
      END
      $function$`,
    ],
  },
];

/** Any 64-bit number the processes sharing a database agree on: the advisory lock that serialises migrating. */
const MIGRATION_LOCK = 7_391_042_115;

/**
 * Longest one migration step may take, its wait for another process's turn included: far longer than a create's
 * deadline, since a step may rewrite a table, and still an end (contract: deadlines).
 */
const MIGRATION_DEADLINE_MS = 300_000;
/** The same bound on the server, in place of the session's limits for a create, for this transaction only. */
const MIGRATION_LIMITS = [
  `SET LOCAL statement_timeout = ${MIGRATION_DEADLINE_MS}`,
  `SET LOCAL lock_timeout = ${MIGRATION_DEADLINE_MS}`,
];

/** Takes the migration lock, under the migration's own limits rather than a create's. */
async function takeMigrationTurn(session: SqlSession): Promise<void> {
  for (const limit of MIGRATION_LIMITS) await session.query(limit);
  await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
}

/** The database was migrated by a newer release than this one: running on it could corrupt what it added. */
export class SchemaTooNew extends Error {
  override readonly name = 'SchemaTooNew';
}

/**
 * A turn of the event loop before each step: PGlite's calls never give it one, so the steps of a start would
 * otherwise hold `/healthz` for a second or more on a loaded machine.
 */
const eventLoopTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Brings the database to the latest schema at start: each missing step in its own transaction, recorded in
 * `gateway_contract_migrations`. Idempotent, and safe when several processes start at once: an advisory lock
 * makes them take turns, and each step checks the record before it runs.
 */
export async function migrate(engine: Pick<SqlEngine, 'transaction'>): Promise<number[]> {
  const applied: number[] = [];
  const bounds = { deadlineMs: MIGRATION_DEADLINE_MS };
  await eventLoopTurn();
  await engine.transaction(async (session) => {
    await takeMigrationTurn(session);
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
  }, bounds);
  for (const migration of migrations) {
    await eventLoopTurn();
    await engine.transaction(async (session) => {
      await takeMigrationTurn(session);
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
    }, bounds);
  }
  return applied;
}

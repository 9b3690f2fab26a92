import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { KeyKind } from '../http/types.js';
import {
  DEFAULT_MAX_CONFIG_BYTES,
  DEFAULT_MAX_PRESETS,
  MemoryPresetStore,
} from '../http/store/memory-preset-store.js';
import type { PresetStore } from '../http/store/preset-store.js';
import { PresetStoreUnavailable } from '../http/store/preset-store-unavailable.js';
import type { SqlEngine } from '../http/store/sql-engine.js';
import { migrate, SchemaTooNew } from '../http/store/sql-migrations.js';
import { SqlPresetStore } from '../http/store/sql-preset-store.js';
import { memoryStoreFacts, type GatewayStoreFacts } from './banner.js';
import { lockDataDir } from './data-dir-lock.js';
import { readDatabaseUrl, type DatabaseUrl } from './database-url.js';
import type { KeyDigestStore } from './keys.js';
import type { GatewayLog } from './log-writer.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where the gateway keeps presets and keys: chosen by `--memory`, then `DATABASE_URL`, then the data directory. */
export type StoreChoice =
  | { kind: 'memory' }
  | { kind: 'postgres'; database: DatabaseUrl; versionCacheBytes?: number }
  | { kind: 'pglite'; dataDir: string; versionCacheBytes?: number };

/** `$GATEWAY_VERSION_CACHE_BYTES`: bytes of versions a database store keeps in the process (0: none). */
function versionCacheBytes(env: Env): { versionCacheBytes?: number } {
  const given = env['GATEWAY_VERSION_CACHE_BYTES'];
  if (given === undefined || given === '') return {};
  const bytes = Number(given);
  if (!/^\d+$/.test(given) || !Number.isSafeInteger(bytes)) {
    throw new RangeError('GATEWAY_VERSION_CACHE_BYTES must be a whole number of bytes, 0 or more');
  }
  return { versionCacheBytes: bytes };
}

/** `$GATEWAY_DATA_DIR`, or `gateway-contract` under the user's data directory (XDG). */
export function defaultDataDir(env: Env): string {
  const base = env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share');
  return resolve(env['GATEWAY_DATA_DIR'] || join(base, 'gateway-contract'));
}

/** Throws `DatabaseUrlError` for a `DATABASE_URL` that cannot be read, before any store opens. */
export function chooseStore(memory: boolean, env: Env): StoreChoice {
  // Checked whatever the store, so a mistyped value is refused before the day it would matter.
  const cache = versionCacheBytes(env);
  const databaseUrl = env['DATABASE_URL'];
  const database = databaseUrl ? readDatabaseUrl(databaseUrl) : undefined;
  if (memory) return { kind: 'memory' };
  if (database) return { kind: 'postgres', database, ...cache };
  return { kind: 'pglite', dataDir: defaultDataDir(env), ...cache };
}

export interface GatewayStore {
  presets: PresetStore;
  /** Null for the in-memory store: its keys are made fresh each run. */
  keys: KeyDigestStore | null;
  facts: GatewayStoreFacts;
  /** Resolves when the store would take a create now, for `GET /readyz`; rejects when it would refuse one. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** The key digests in the `gateway_keys` table: the first digest kept for a kind stays, whoever races. */
function sqlKeyDigests(engine: SqlEngine): KeyDigestStore {
  return {
    async keep(kind: KeyKind, sha256: string) {
      await engine.query(
        'INSERT INTO gateway_keys (kind, sha256) VALUES ($1, $2) ON CONFLICT (kind) DO NOTHING',
        [kind, sha256],
      );
      const kept = await engine.query<{ sha256: string }>('SELECT sha256 FROM gateway_keys WHERE kind = $1', [
        kind,
      ]);
      return kept.rows[0]?.sha256 ?? sha256;
    },
  };
}

async function sqlStore(
  engine: SqlEngine,
  sentence: string,
  release: () => void,
  versionCacheBytes: number | undefined,
): Promise<GatewayStore> {
  try {
    await migrate(engine);
  } catch (error) {
    await engine.close().catch(() => {});
    throw error;
  }
  return {
    presets: new SqlPresetStore(engine, versionCacheBytes === undefined ? {} : { versionCacheBytes }),
    keys: sqlKeyDigests(engine),
    facts: { sentence, durable: true },
    probe: () => engine.probe(),
    async close() {
      await engine.close();
      release();
    },
  };
}

/**
 * Says at start when the database's sessions hold no `lock_timeout` (a pooler refused it as a startup parameter,
 * PgBouncer before 1.20, and no role setting gives it): each create then bounds its own lock wait, and the role
 * settings are what bound every other statement (docs/store.md#pgbouncer).
 */
async function sayWhenNoLockTimeout(engine: SqlEngine, log: GatewayLog): Promise<void> {
  const { rows } = await engine.query<{ lock_timeout: string }>(
    "SELECT current_setting('lock_timeout') AS lock_timeout",
  );
  if (rows[0]?.lock_timeout !== '0') return;
  log({
    level: 'warn',
    msg:
      'lock_timeout is not in force on the database sessions (a pooler refused it and no role setting gives it): ' +
      'a create still waits at most 3 s for a lock, but set the role settings the docs give ' +
      '(docs/store.md#pgbouncer), as is required behind PgBouncer before 1.20',
  });
}

/**
 * Opens the chosen store, migrating a database to the latest schema. The drivers load here, on demand: a
 * gateway run with `--memory` loads neither.
 */
export async function openGatewayStore(choice: StoreChoice, log: GatewayLog): Promise<GatewayStore> {
  if (choice.kind === 'memory') {
    return {
      // The gateway's keys are of one workspace, which may hold the whole room.
      presets: new MemoryPresetStore({
        maxPresetsPerWorkspace: DEFAULT_MAX_PRESETS,
        maxConfigBytesPerWorkspace: DEFAULT_MAX_CONFIG_BYTES,
      }),
      keys: null,
      facts: memoryStoreFacts,
      probe: async () => {},
      close: async () => {},
    };
  }
  if (choice.kind === 'postgres') {
    const { openPostgresEngine } = await import('../http/store/postgres-engine.js');
    const engine = await openPostgresEngine(choice.database.connectionString, {
      onPoolError: (error) => log({ level: 'warn', msg: `database connection lost: ${error.message}` }),
      onUnprepared: (reason) =>
        log({
          level: 'warn',
          msg:
            `the database lost a prepared statement (${reason}): a pooler in front of it does not keep them, ` +
            'so creates are sent unprepared from now on',
        }),
      onSessionLimitsRefused: (reason) =>
        log({
          level: 'warn',
          msg:
            `the database refused the server-side statement and lock timeouts as session settings (${reason}): ` +
            "a pooler in front of it; the gateway's own deadlines still bound every call (docs/store.md#deadlines)",
        }),
    });
    const where = choice.database.description;
    try {
      const store = await sqlStore(
        engine,
        `Store: PostgreSQL at ${where} (DATABASE_URL); presets and keys survive restarts.`,
        () => {},
        choice.versionCacheBytes,
      );
      await sayWhenNoLockTimeout(engine, log);
      return store;
    } catch (error) {
      // One sentence that says which database, without its password, rather than a bare socket error.
      if (error instanceof SchemaTooNew) throw error;
      // The server's or the socket's own words, not the store's sentence around them.
      const reason = error instanceof PresetStoreUnavailable ? error.cause : error;
      throw new Error(
        `cannot open the store in PostgreSQL at ${where} (DATABASE_URL): ${(reason as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
  const release = await lockDataDir(choice.dataDir);
  try {
    const { openPgliteEngine } = await import('../http/store/pglite-engine.js');
    // The store lives in the directory locked, whatever later becomes of its path.
    const engine = await openPgliteEngine(choice.dataDir, {
      onFault: (msg) => log({ level: 'warn', msg }),
      ...(release.directoryFd !== null && { directoryFd: release.directoryFd }),
    });
    return await sqlStore(
      engine,
      `Store: embedded PostgreSQL (PGlite) in ${choice.dataDir} (GATEWAY_DATA_DIR); presets and keys survive restarts.`,
      release,
      choice.versionCacheBytes,
    );
  } catch (error) {
    release();
    // The engine's own sentence (it names the directory and why), not the per-request one around it.
    throw error instanceof PresetStoreUnavailable ? new Error(error.reason, { cause: error }) : error;
  }
}

import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { KeyKind } from '../http/types.js';
import { MemoryPresetStore } from '../http/store/memory-preset-store.js';
import type { PresetStore } from '../http/store/preset-store.js';
import type { SqlEngine } from '../http/store/sql-engine.js';
import { migrate, SchemaTooNew } from '../http/store/sql-migrations.js';
import { SqlPresetStore } from '../http/store/sql-preset-store.js';
import { memoryStoreFacts, type GatewayStoreFacts } from './banner.js';
import { lockDataDir } from './data-dir-lock.js';
import type { KeyDigestStore } from './keys.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where the gateway keeps presets and keys: chosen by `--memory`, then `DATABASE_URL`, then the data directory. */
export type StoreChoice =
  { kind: 'memory' } | { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

/** `$GATEWAY_DATA_DIR`, or `gateway-contract` under the user's data directory (XDG). */
export function defaultDataDir(env: Env): string {
  const base = env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share');
  return resolve(env['GATEWAY_DATA_DIR'] || join(base, 'gateway-contract'));
}

export function chooseStore(memory: boolean, env: Env): StoreChoice {
  if (memory) return { kind: 'memory' };
  const databaseUrl = env['DATABASE_URL'];
  if (databaseUrl) return { kind: 'postgres', databaseUrl };
  return { kind: 'pglite', dataDir: defaultDataDir(env) };
}

/** A connection string without its user and password, fit for a banner or a log. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const socket = url.searchParams.get('host');
    return `${url.host || socket || 'the local socket'}${url.pathname}`;
  } catch {
    return 'the server DATABASE_URL names';
  }
}

export interface GatewayStore {
  presets: PresetStore;
  /** Null for the in-memory store: its keys are made fresh each run. */
  keys: KeyDigestStore | null;
  facts: GatewayStoreFacts;
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

async function sqlStore(engine: SqlEngine, sentence: string, release: () => void): Promise<GatewayStore> {
  try {
    await migrate(engine);
  } catch (error) {
    await engine.close().catch(() => {});
    throw error;
  }
  return {
    presets: new SqlPresetStore(engine),
    keys: sqlKeyDigests(engine),
    facts: { sentence, durable: true },
    async close() {
      await engine.close();
      release();
    },
  };
}

/**
 * Opens the chosen store, migrating a database to the latest schema. The drivers load here, on demand: a
 * gateway run with `--memory` loads neither.
 */
export async function openGatewayStore(
  choice: StoreChoice,
  log: (line: string) => void,
): Promise<GatewayStore> {
  if (choice.kind === 'memory') {
    return { presets: new MemoryPresetStore(), keys: null, facts: memoryStoreFacts, close: async () => {} };
  }
  if (choice.kind === 'postgres') {
    const { openPostgresEngine } = await import('../http/store/postgres-engine.js');
    const engine = await openPostgresEngine(choice.databaseUrl, {
      onPoolError: (error) => log(`database connection lost: ${error.message}`),
    });
    const where = describeDatabaseUrl(choice.databaseUrl);
    try {
      return await sqlStore(
        engine,
        `Store: PostgreSQL at ${where} (DATABASE_URL); presets and keys survive restarts.`,
        () => {},
      );
    } catch (error) {
      // One sentence that says which database, without its password, rather than a bare socket error.
      if (error instanceof SchemaTooNew) throw error;
      throw new Error(
        `cannot open the store in PostgreSQL at ${where} (DATABASE_URL): ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
  const release = await lockDataDir(choice.dataDir);
  try {
    const { openPgliteEngine } = await import('../http/store/pglite-engine.js');
    const engine = await openPgliteEngine(choice.dataDir, { onFault: log });
    return await sqlStore(
      engine,
      `Store: embedded PostgreSQL (PGlite) in ${choice.dataDir} (GATEWAY_DATA_DIR); presets and keys survive restarts.`,
      release,
    );
  } catch (error) {
    release();
    throw error;
  }
}

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/core/errors.js';
import { createHandler } from '../../../src/http/handler.js';
import { openPostgresEngine } from '../../../src/http/store/postgres-engine.js';
import { presetOperations } from '../../../src/http/store/preset-operations.js';
import { PresetStoreUnavailable } from '../../../src/http/store/preset-store-unavailable.js';
import type { SqlEngine } from '../../../src/http/store/sql-engine.js';
import { migrate } from '../../../src/http/store/sql-migrations.js';
import { SqlPresetStore } from '../../../src/http/store/sql-preset-store.js';
import { exampleRequest } from '../example-request.js';
import { startPostgres, type PostgresServer } from '../../support/postgres-server.js';

/*
 * The PostgreSQL engine under faults of the server (contract: overload): a failure of the server or of a
 * connection is `PresetStoreUnavailable`, never a crash; a statement the server refuses is not.
 */

let server: PostgresServer;
let engine: SqlEngine;
let admin: pg.Client;
const poolErrors: Error[] = [];

beforeAll(async () => {
  server = await startPostgres();
  engine = await openPostgresEngine(server.url, {
    maxConnections: 3,
    onPoolError: (error) => poolErrors.push(error),
  });
  await migrate(engine);
  admin = new pg.Client({ connectionString: server.url, application_name: 'engine-test-admin' });
  admin.on('error', () => {});
  await admin.connect();
}, 120_000);
afterAll(async () => {
  await admin?.end().catch(() => {});
  await engine?.close();
  server?.destroy();
});

/** Terminates every connection of the engine (all but the admin's), as an operator's `pg_terminate_backend`. */
async function terminateEngineConnections(): Promise<number> {
  const result = await admin.query<{ count: string }>(
    `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
    WHERE backend_type = 'client backend' AND datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return Number(result.rows[0]?.count);
}

describe('the PostgreSQL engine when its server fails (contract: overload)', () => {
  it('passes a statement the server refuses through as it is, not as a store that cannot answer', async () => {
    const refused = engine.query('SELECT * FROM no_such_table');
    await expect(refused).rejects.toMatchObject({ code: '42P01' });
    await expect(refused).rejects.not.toBeInstanceOf(PresetStoreUnavailable);
  });

  it('fails a transaction whose connection is terminated mid-way, and the next one succeeds', async () => {
    const failed = engine.transaction(async (session) => {
      await session.query('SELECT 1');
      expect(await terminateEngineConnections()).toBeGreaterThan(0);
      // The server closes the connection between two statements: the connection's 'error' event, which would
      // end the process unheard, comes while it is checked out.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await session.query('SELECT 2');
    });
    await expect(failed).rejects.toBeInstanceOf(PresetStoreUnavailable);
    await expect(failed).rejects.toThrow(/^The preset store \(PostgreSQL\) cannot answer now: /);
    // The broken connection was dropped: the pool lends a new one.
    expect((await engine.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('survives idle connections terminated, reporting them to onPoolError', async () => {
    await Promise.all([engine.query('SELECT 1'), engine.query('SELECT 2'), engine.query('SELECT 3')]);
    const before = poolErrors.length;
    const terminated = await terminateEngineConnections();
    expect(terminated).toBeGreaterThan(0);
    // Every terminated connection reports its own error; a query before the last one has may borrow it.
    for (let waited = 0; poolErrors.length - before < terminated && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(poolErrors.length - before).toBeGreaterThanOrEqual(terminated);
    expect((await engine.query<{ two: number }>('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('answers a create 503 with Retry-After and a read 500 while the server is down, then recovers', async () => {
    const handler = createHandler({
      resolveKey: () => ({ kind: 'management', userId: 'user-1', workspaceId: null }),
      operations: {
        // Without the versions cache, so that the read below asks the server.
        ...presetOperations(new SqlPresetStore(engine, { versionCacheBytes: 0 })),
        getObservabilityDestination: async () => errorBody(404),
        listEndpoints: async () => errorBody(404),
        listProviders: async () => ({ data: [] }),
      },
      onError: () => {},
    });
    const create = () =>
      handler({
        method: 'POST',
        url: '/presets/down/messages',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: exampleRequest,
      });
    const read = () =>
      handler({ method: 'GET', url: '/presets/down/versions/1', headers: { authorization: 'Bearer k' } });
    expect((await create()).status).toBe(200);
    server.stop();
    try {
      await expect(engine.query('SELECT 1')).rejects.toBeInstanceOf(PresetStoreUnavailable);
      await expect(engine.probe()).rejects.toBeInstanceOf(PresetStoreUnavailable);
      const refused = await create();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.body).toBe(JSON.stringify({ error: { code: 503, message: 'Service Unavailable' } }));
      const unread = await read();
      expect(unread.status).toBe(500);
      expect(unread.body).toBe(JSON.stringify({ error: { code: 500, message: 'Internal Server Error' } }));
    } finally {
      server.start();
      await admin.end().catch(() => {});
      admin = new pg.Client({ connectionString: server.url });
      admin.on('error', () => {});
      await admin.connect();
    }
    expect((await read()).status).toBe(200);
    await engine.probe();
    const next = await create();
    expect(next.status).toBe(200);
    expect(
      (JSON.parse(next.body) as { data: { designated_version: { version: number } } }).data,
    ).toMatchObject({
      designated_version: { version: 2 },
    });
  }, 60_000);

  it('probes as a create would: refused while the server takes no writes, answered once it does', async () => {
    const settle = async (expected: 'refused' | 'answered') => {
      // A reloaded setting reaches each pooled connection at its next statement: a bounded few tries.
      let outcome: 'refused' | 'answered' = expected === 'refused' ? 'answered' : 'refused';
      for (let attempt = 0; attempt < 50 && outcome !== expected; attempt += 1) {
        outcome = await engine.probe().then(
          () => 'answered' as const,
          (error: unknown) => {
            expect(error).toBeInstanceOf(PresetStoreUnavailable);
            return 'refused' as const;
          },
        );
        if (outcome !== expected) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return outcome;
    };
    const roomBytes = async () =>
      Number(
        (await admin.query<{ bytes: string }>("SELECT pg_relation_size('gateway_write_room') AS bytes"))
          .rows[0]?.bytes,
      );
    await engine.probe();
    const before = await roomBytes();
    await engine.probe();
    // A probe with no write refused since the last one commits its row and asks the disk for nothing more.
    expect(await roomBytes()).toBe(before);
    await admin.query('ALTER SYSTEM SET default_transaction_read_only = on');
    await admin.query('SELECT pg_reload_conf()');
    try {
      expect(await settle('refused')).toBe('refused');
      await expect(
        engine.write('INSERT INTO gateway_keys (kind, sha256) VALUES ($1, $2)', ['x', 'y']),
      ).rejects.toBeInstanceOf(PresetStoreUnavailable);
    } finally {
      await admin.query('ALTER SYSTEM RESET default_transaction_read_only');
      await admin.query('SELECT pg_reload_conf()');
    }
    expect(await settle('answered')).toBe('answered');
    // After the refused write, the probe that passed took one fresh page from the disk, and the next takes none.
    expect((await roomBytes()) - before).toBe(8_192);
    await engine.probe();
    expect((await roomBytes()) - before).toBe(8_192);
    const rows = await admin.query('SELECT room FROM gateway_write_room');
    expect(rows.rowCount).toBe(0);
  });
});

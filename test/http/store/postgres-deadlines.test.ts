import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POSTGRES_DEADLINES, postgresDeadlines } from '../../../src/http/store/postgres-deadlines.js';
import { openPostgresEngine, type PostgresEngineOptions } from '../../../src/http/store/postgres-engine.js';
import { PresetStoreUnavailable } from '../../../src/http/store/preset-store-unavailable.js';
import type { SqlEngine } from '../../../src/http/store/sql-engine.js';
import { migrate } from '../../../src/http/store/sql-migrations.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';
import { startPgBouncer, type PgBouncer } from '../../support/pgbouncer.js';
import { startPostgres, type PostgresServer } from '../../support/postgres-server.js';

/*
 * The PostgreSQL engine's deadlines (contract: deadlines), with short ones given as options so the file runs in
 * seconds: the same code bounds a call by the 5-second defaults, which the gateway's fault suite shows
 * (test/faults/postgres-silence.test.ts). The server is reached through a TCP proxy that swallows every byte on
 * demand, as a dead host or a dropped route does, and directly or through PgBouncer.
 */

const SHORT: PostgresEngineOptions = {
  callTimeoutMs: 800,
  connectionTimeoutMs: 800,
  statementTimeoutMs: 600,
  lockTimeoutMs: 300,
  closeTimeoutMs: 500,
};
/**
 * Slack for a loaded, shared machine on top of a deadline: a bound on an answer, not a measure of speed. Without
 * the deadline the call would wait on a silent server forever, so a wide slack still tells the two apart.
 */
const SLACK_MS = 10_000;

let server: PostgresServer;
let bouncer: PgBouncer;
let admin: pg.Client;
const opened: SqlEngine[] = [];
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  server = await startPostgres();
  bouncer = await startPgBouncer(server.url);
  admin = new pg.Client({ connectionString: server.url, application_name: 'deadlines-admin' });
  admin.on('error', () => {});
  await admin.connect();
  const engine = await openPostgresEngine(server.url);
  await migrate(engine);
  await engine.close();
}, 120_000);
afterAll(async () => {
  for (const engine of opened) await engine.close().catch(() => {});
  for (const proxy of proxies) await proxy.close();
  await admin?.end().catch(() => {});
  bouncer?.stop();
  server?.destroy();
});

async function proxied(url: string) {
  const proxy = await startFaultProxy(Number(new URL(url).port));
  proxies.push(proxy);
  return proxy;
}

async function open(url: string, options: PostgresEngineOptions = {}): Promise<SqlEngine> {
  const engine = await openPostgresEngine(url, { ...SHORT, ...options });
  opened.push(engine);
  return engine;
}

/** How long `call` took to settle, and how it settled. */
async function timed(call: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { ms: performance.now() - started, error };
}

describe('the deadlines of the PostgreSQL engine (contract: deadlines)', () => {
  it('fills in the defaults and refuses a deadline that is not a whole number above 0', () => {
    expect(postgresDeadlines({})).toEqual(DEFAULT_POSTGRES_DEADLINES);
    expect(postgresDeadlines({ callTimeoutMs: 2_000 }).connectionTimeoutMs).toBe(2_000);
    expect(() => postgresDeadlines({ lockTimeoutMs: 0 })).toThrow(
      'lockTimeoutMs must be a whole number of milliseconds above 0, got 0',
    );
    expect(() => postgresDeadlines({ callTimeoutMs: 1.5 })).toThrow(RangeError);
  });

  it('sets the server-side limits on every session it opens', async () => {
    const engine = await open(server.url);
    const limits = await engine.query<Record<string, string>>(
      `SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock,
        current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(limits.rows).toEqual([{ statement: '600ms', lock: '300ms', idle: '10s' }]);
  });

  for (const [through, url] of [
    ['directly', () => server.url],
    ['through PgBouncer', () => bouncer.url],
  ] as const) {
    it(`answers every call within its deadline while the database is silent, then serves again (${through})`, async () => {
      const proxy = await proxied(url());
      const refusals: string[] = [];
      const engine = await open(proxy.through(url()), {
        onSessionLimitsRefused: (why) => refusals.push(why),
      });
      // PgBouncer 1.18 refuses the limits as startup parameters; the engine connects without them.
      expect(refusals.length).toBe(through === 'directly' ? 0 : 1);
      await Promise.all([1, 2, 3].map((n) => engine.query('SELECT $1::int AS n', [n])));
      proxy.swallow();
      // A statement on a connection that was open, a write, and a call that needs a new connection.
      const calls = await Promise.all([
        timed(engine.query('SELECT 1')),
        timed(engine.write('SELECT 2')),
        timed(engine.probe()),
        timed(engine.transaction((session) => session.query('SELECT 3'))),
      ]);
      for (const { ms, error } of calls) {
        expect(error).toBeInstanceOf(PresetStoreUnavailable);
        expect(ms).toBeLessThan(SHORT.callTimeoutMs! + SLACK_MS);
      }
      expect(String(calls[0]!.error)).toMatch(/did not answer within \d+ ms|timeout/);
      proxy.pass();
      // Connections from before the silence are never lent again: the first call after it succeeds.
      expect((await engine.query<{ n: number }>('SELECT 7 AS n')).rows).toEqual([{ n: 7 }]);
      await expect(engine.probe()).resolves.toBeUndefined();
    });
  }

  it('answers a create held by another session’s table lock at the lock timeout, leaving no wait behind', async () => {
    const engine = await open(server.url);
    const holder = new pg.Client({ connectionString: server.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE presets IN ACCESS EXCLUSIVE MODE');
      const { ms, error } = await timed(engine.write('INSERT INTO presets (id) VALUES (gen_random_uuid())'));
      expect(error).toBeInstanceOf(PresetStoreUnavailable);
      expect((error as PresetStoreUnavailable).cause).toMatchObject({ code: '55P03' });
      expect(ms).toBeLessThan(SHORT.lockTimeoutMs! + SLACK_MS);
      // The server gave up the wait itself: no session of the engine still waits on the lock.
      const waiting = await admin.query(
        `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> $1`,
        [await holder.query('SELECT pg_backend_pid() AS pid').then((r) => r.rows[0].pid)],
      );
      expect(waiting.rows).toEqual([]);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });

  it('closes within its close deadline with a call in flight on a silent database', async () => {
    const proxy = await proxied(server.url);
    const engine = await openPostgresEngine(proxy.through(server.url), SHORT);
    await engine.query('SELECT 1');
    proxy.swallow();
    const inFlight = timed(engine.query('SELECT pg_sleep(0)'));
    const closing = await timed(engine.close());
    expect(closing.error).toBeUndefined();
    expect(closing.ms).toBeLessThan(2 * SHORT.closeTimeoutMs! + SLACK_MS);
    expect((await inFlight).error).toBeInstanceOf(PresetStoreUnavailable);
    // Every socket the engine had is gone, though the server never answered a goodbye.
    for (let waited = 0; proxy.open() > 0 && waited < SLACK_MS; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(proxy.open()).toBe(0);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest } from '../http/example-request.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { initializedDataDir } from '../support/initialized-data-dir.js';
import { pgbouncerBinary, startPgBouncer } from '../support/pgbouncer.js';
import { startPostgres } from '../support/postgres-server.js';
import { startServe, type Started } from './serve-process.js';

/*
 * A client that retries a create with its `Idempotency-Key` never makes a second version, through the gateway
 * (contract: idempotent-creates): on each store the same key and body answer the first version and another body
 * is refused; on PostgreSQL a create whose answer was lost after its commit answers 200 with that version once the
 * database is back; behind PgBouncer 1.18 a 20 s table lock stores no body twice, with a key or without one.
 */

const MANAGEMENT_KEY = 'idempotent-test-management';
const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-idempotent-'));
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

async function serve(env: Record<string, string>, args: readonly string[] = []): Promise<Started> {
  const started = await startServe(
    { GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: 'idempotent-test-standard', ...env },
    args,
  );
  cleanups.push(() => started.child.exitCode === null && started.child.kill('SIGKILL'));
  return started;
}

const bodyWith = (system: string) => JSON.stringify({ ...JSON.parse(exampleRequest), system });

function create(baseUrl: string, slug: string, body: string, key?: string): Promise<Response> {
  return fetch(`${baseUrl}/presets/${slug}/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${MANAGEMENT_KEY}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body,
  });
}

async function versionOf(response: Response): Promise<{ id: string; version: number }> {
  return ((await response.json()) as { data: { designated_version: { id: string; version: number } } }).data
    .designated_version;
}

/** The versions stored at a slug, read through the gateway until the first that is not there. */
async function storedVersions(baseUrl: string, slug: string): Promise<unknown[]> {
  const found: unknown[] = [];
  for (let version = 1; version <= 50; version++) {
    const read = await fetch(`${baseUrl}/presets/${slug}/versions/${version}`, {
      headers: { authorization: `Bearer ${MANAGEMENT_KEY}` },
    });
    if (read.status === 404) return found;
    expect(read.status).toBe(200);
    found.push(((await read.json()) as { data: { system_prompt: unknown } }).data.system_prompt);
  }
  return found;
}

/** Polls `check` every 50 ms until it is true, for at most `ms`; false when it never was. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function directClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end().catch(() => {}));
  return client;
}

const stores: Array<{ name: string; start: () => Promise<Started> }> = [
  { name: 'memory', start: () => serve({}, ['--memory']) },
  // A copy of the run's one initialized directory: a first start's initdb is not what this file is about.
  {
    name: 'PGlite',
    start: async () => serve({ GATEWAY_DATA_DIR: await initializedDataDir(join(scratch, 'data')) }),
  },
  {
    name: 'PostgreSQL',
    async start() {
      const server = await startPostgres();
      cleanups.push(() => server.destroy());
      return serve({ DATABASE_URL: server.url });
    },
  },
];

describe.each(stores)('a gateway on $name with Idempotency-Key', ({ start }) => {
  it('answers the same key and body with the same version twice, and refuses the key with another body', async () => {
    const gateway = await start();
    const first = await create(gateway.baseUrl, 'twice', bodyWith('twice'), 'twice-key');
    const second = await create(gateway.baseUrl, 'twice', bodyWith('twice'), 'twice-key');
    const other = await create(gateway.baseUrl, 'twice', bodyWith('another'), 'twice-key');
    expect([first.status, second.status, other.status]).toEqual([200, 200, 409]);
    expect(await versionOf(second)).toEqual(await versionOf(first));
    expect(await storedVersions(gateway.baseUrl, 'twice')).toEqual(['twice']);
    const malformed = await create(gateway.baseUrl, 'twice', bodyWith('x'), 'x'.repeat(256));
    expect(malformed.status).toBe(400);
  }, 120_000);
});

describe('a create whose answer is lost after PostgreSQL committed it', () => {
  let gateway: Started;
  let proxy: FaultProxy;
  let direct: pg.Client;
  let locker: pg.Client;
  beforeAll(async () => {
    const server = await startPostgres();
    cleanups.push(() => server.destroy());
    proxy = await startFaultProxy(Number(new URL(server.url).port));
    cleanups.push(() => proxy.close());
    gateway = await serve({ DATABASE_URL: proxy.through(server.url), GATEWAY_VERSION_CACHE_BYTES: '0' });
    direct = await directClient(server.url);
    // The lock is held by a session of its own: one inside a transaction sees pg_stat_activity as it first read it.
    locker = await directClient(server.url);
  }, 120_000);

  /**
   * A create (with `key`, or none) reaches the database and waits for a table lock; its answer is swallowed on the
   * way back as the lock goes and it commits. It is retried, once while the database cannot be reached and then
   * until it is answered 200: the statuses, the version answered, and how many versions hold its body.
   */
  async function loseAnswerAndRetry(slug: string, key: string | undefined) {
    const body = bodyWith(`lost answer at ${slug}`);
    const stored = async () =>
      (
        await direct.query<{ n: number }>(
          'SELECT count(*)::integer AS n FROM preset_versions WHERE system_prompt::text = $1',
          [JSON.stringify(`lost answer at ${slug}`)],
        )
      ).rows[0]!.n;
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE presets IN ACCESS EXCLUSIVE MODE');
    const lost = create(gateway.baseUrl, slug, body, key);
    // Seen within the lock timeout (3 s) of the create starting to wait, or it gives up and commits nothing.
    const waiting = await within(10_000, async () => {
      const { rows } = await direct.query(
        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%add_preset_version%'",
      );
      return rows.length > 0;
    });
    expect(waiting, gateway.output().slice(-2_000)).toBe(true);
    proxy.swallow();
    await locker.query('COMMIT');
    expect(await within(5_000, async () => (await stored()) === 1)).toBe(true);
    const first = (await lost).status;
    // A retry while the database still cannot be reached is refused too, and makes nothing.
    const whileDown = (await create(gateway.baseUrl, slug, body, key)).status;
    proxy.pass();
    const after: number[] = [];
    let answered: Response | undefined;
    for (let attempt = 0; attempt < 40 && answered === undefined; attempt++) {
      const retry = await create(gateway.baseUrl, slug, body, key);
      after.push(retry.status);
      if (retry.status === 200) answered = retry;
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(answered, `statuses after the database came back: ${after.join(', ')}`).toBeDefined();
    const outcome = {
      first,
      whileDown,
      after,
      version: (await versionOf(answered!)).version,
      stored: await stored(),
    };
    console.info(`lost answer ${key === undefined ? 'without' : 'with'} a key: ${JSON.stringify(outcome)}`);
    return outcome;
  }

  it('answers 200 with that version when retried with its key once the database is back', async () => {
    const outcome = await loseAnswerAndRetry('lost', 'lost-key');
    expect([outcome.first, outcome.whileDown]).toEqual([503, 503]);
    expect(outcome.version).toBe(1);
    expect(outcome.stored).toBe(1);
  }, 120_000);

  it('makes a second version when retried without a key: what the key is for', async () => {
    const outcome = await loseAnswerAndRetry('lost-keyless', undefined);
    expect([outcome.first, outcome.whileDown]).toEqual([503, 503]);
    expect(outcome.version).toBe(2);
    expect(outcome.stored).toBe(2);
  }, 120_000);
});

const LOCK_MS = 20_000;
const WRITERS = 4;

describe.skipIf(pgbouncerBinary() === null)(
  'behind PgBouncer (transaction pooling) through a table lock',
  () => {
    it(`stores no body twice: ${WRITERS} writers with keys and ${WRITERS} without, retrying through a ${LOCK_MS / 1000} s lock`, async () => {
      const server = await startPostgres();
      cleanups.push(() => server.destroy());
      const bouncer = await startPgBouncer(server.url);
      cleanups.push(() => bouncer.stop());
      const gateway = await serve({ DATABASE_URL: bouncer.url });
      // PgBouncer 1.18 refuses the session's lock_timeout and no role setting gives one: the gateway says so.
      expect(gateway.output()).toContain('lock_timeout is not in force');
      const direct = await directClient(server.url);
      const readyz = new URL('/readyz', gateway.baseUrl).href;
      expect((await fetch(readyz)).status).toBe(200);

      await direct.query('BEGIN');
      await direct.query('LOCK TABLE presets IN ACCESS EXCLUSIVE MODE');
      const lockedAt = performance.now();
      const released = new Promise<void>((resolve) =>
        setTimeout(() => void direct.query('COMMIT').then(() => resolve()), LOCK_MS),
      );
      let readyzDownMs: number | null = null;
      const watch = (async () => {
        while (performance.now() - lockedAt < LOCK_MS - 1_000 && readyzDownMs === null) {
          if ((await fetch(readyz)).status === 503) readyzDownMs = performance.now() - lockedAt;
          else await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();

      const answers: Record<string, number> = {};
      const writer = async (name: string, key: string | undefined) => {
        for (let attempt = 0; attempt < 120; attempt++) {
          const response = await create(gateway.baseUrl, 'locked', bodyWith(name), key);
          answers[response.status] = (answers[response.status] ?? 0) + 1;
          if (response.status === 200) return true;
          // A client that honours Retry-After comes back; a second here keeps the test short.
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        return false;
      };
      const done = await Promise.all([
        ...Array.from({ length: WRITERS }, (_, i) => writer(`keyed ${i}`, `writer-key-${i}`)),
        ...Array.from({ length: WRITERS }, (_, i) => writer(`keyless ${i}`, undefined)),
      ]);
      await released;
      await watch;
      expect(done.every(Boolean), JSON.stringify(answers)).toBe(true);
      const { rows } = await direct.query<{ body: string; n: number }>(
        'SELECT system_prompt::text AS body, count(*)::integer AS n FROM preset_versions GROUP BY 1 ORDER BY 1',
      );
      expect(rows.map(({ n }) => n)).toEqual(Array.from({ length: 2 * WRITERS }, () => 1));
      expect(readyzDownMs).not.toBeNull();
      expect(await within(5_000, async () => (await fetch(readyz)).status === 200)).toBe(true);
      console.info(
        `pgbouncer ${LOCK_MS} ms lock: answers ${JSON.stringify(answers)}; bodies stored: ${rows.length}, each ${rows.map(({ n }) => n).join('/')} time(s); /readyz 503 after ${Math.round(readyzDownMs ?? -1)} ms`,
      );
    }, 180_000);
  },
);

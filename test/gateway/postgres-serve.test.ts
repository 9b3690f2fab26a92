import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/core/validators.js';
import { exampleRequest } from '../http/example-request.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { startServe, type Started } from './serve-process.js';

/** Two gateways, one database: the figures the issue of shared presets asks for, at its sizes. */
const RACING_CREATES = 200;
const CRASH_CREATES = 1_000;
const CRASH_WORKERS = 10;
const KILL_AFTER = 400;
const MANAGEMENT_KEY = 'pg-test-management';

let server: PostgresServer;
let database: pg.Pool;
beforeAll(async () => {
  server = await startPostgres();
  database = new pg.Pool({ connectionString: server.url, max: 2 });
  // The outage test stops the server under this pool too; its idle connections' errors are expected.
  database.on('error', () => {});
}, 120_000);
afterAll(async () => {
  await database?.end();
  server?.destroy();
});

const running: Started[] = [];
afterEach(() => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
});

async function gateway(): Promise<Started> {
  const started = await startServe({
    DATABASE_URL: server.url,
    GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
    GATEWAY_API_KEY: 'pg-test-standard',
  });
  running.push(started);
  return started;
}

function create(baseUrl: string, slug: string) {
  return fetch(`${baseUrl}/presets/${slug}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
    body: exampleRequest,
  });
}

function readVersion(baseUrl: string, slug: string, version: number) {
  return fetch(`${baseUrl}/presets/${slug}/versions/${version}`, {
    headers: { authorization: `Bearer ${MANAGEMENT_KEY}` },
  });
}

interface Created {
  data: { designated_version: { version: number } };
}

async function storedVersions(slug: string): Promise<number[]> {
  const result = await database.query<{ version: number }>(
    `SELECT v.version FROM preset_versions v JOIN presets p ON p.id = v.preset_id WHERE p.slug = $1
    ORDER BY v.version`,
    [slug],
  );
  return result.rows.map((row) => row.version);
}

describe('two gateway processes on one PostgreSQL (contract: durable-presets, preset-versions)', () => {
  it(`hold the versioning under ${RACING_CREATES} concurrent creates at one slug, split between them`, async () => {
    // Started together on an empty database: their migrations take turns under the advisory lock.
    const gateways = await Promise.all([gateway(), gateway()]);
    // user@host:port/db: the user is shown, a password never is.
    expect(gateways[0]!.banner).toMatch(
      /Store: PostgreSQL at postgres@127\.0\.0\.1:\d+\/postgres \(DATABASE_URL\)/,
    );
    const responses = await Promise.all(
      Array.from({ length: RACING_CREATES }, (_, i) => create(gateways[i % 2]!.baseUrl, 'raced')),
    );
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as unknown[];
    const versions: number[] = [];
    responses.forEach((response, i) => {
      expect([200, 409]).toContain(response.status);
      if (response.status === 200) {
        expect(validate('preset-response', bodies[i]).ok).toBe(true);
        versions.push((bodies[i] as Created).data.designated_version.version);
      } else {
        expect(bodies[i]).toEqual({
          error: { code: 409, message: 'Resource conflict. Please try again later.' },
        });
      }
    });
    const k = versions.length;
    const oneToK = Array.from({ length: k }, (_, i) => i + 1);
    expect(versions.sort((a, b) => a - b)).toEqual(oneToK);
    expect(await storedVersions('raced')).toEqual(oneToK);
    const designated = await database.query<{ latest_version: number; version: number }>(
      `SELECT p.latest_version, v.version FROM presets p JOIN preset_versions v ON v.id = p.designated_version_id
      WHERE p.slug = 'raced'`,
    );
    expect(designated.rows).toEqual([{ latest_version: k, version: k }]);
    const next = await create(gateways[1]!.baseUrl, 'raced');
    expect(((await next.json()) as Created).data.designated_version.version).toBe(k + 1);
    console.info(
      `race: ${RACING_CREATES} creates over 2 processes: ${k} answered 200 (versions 1..${k}), ${RACING_CREATES - k} answered 409`,
    );
  }, 120_000);

  it(`lose nothing acknowledged when one is killed (SIGKILL) in the middle of ${CRASH_CREATES} creates`, async () => {
    const doomed = await gateway();
    const acknowledged = new Map<string, unknown>();
    const unanswered: string[] = [];
    let answered = 0;
    // Each worker creates versions of its own slug one after another, so every answer is a 200.
    const worker = async (w: number) => {
      for (let n = 0; n < CRASH_CREATES / CRASH_WORKERS; n += 1) {
        const slug = `crash-${w}`;
        let body: Created;
        try {
          const response = await create(doomed.baseUrl, slug);
          expect(response.status).toBe(200);
          body = (await response.json()) as Created;
        } catch (error) {
          if ((error as { name?: string }).name === 'AssertionError') throw error;
          unanswered.push(`${slug}@${n + 1}`);
          return;
        }
        acknowledged.set(`${slug}@${body.data.designated_version.version}`, body.data.designated_version);
        answered += 1;
        if (answered === KILL_AFTER) doomed.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: CRASH_WORKERS }, (_, w) => worker(w)));
    expect(await doomed.exited).toBeNull();
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(CRASH_CREATES);

    const revived = await gateway();
    for (const [key, version] of acknowledged) {
      const [slug, number] = key.split('@') as [string, string];
      const response = await readVersion(revived.baseUrl, slug, Number(number));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: version });
    }
    const stored: string[] = [];
    for (let w = 0; w < CRASH_WORKERS; w += 1) {
      for (const version of await storedVersions(`crash-${w}`)) stored.push(`crash-${w}@${version}`);
    }
    const unacknowledged = stored.filter((key) => !acknowledged.has(key));
    // A version committed whose answer the kill cut off can exist; it is one a client saw fail, never a gap.
    expect(unacknowledged.every((key) => unanswered.includes(key))).toBe(true);
    expect(stored.filter((key) => acknowledged.has(key))).toHaveLength(acknowledged.size);
    console.info(
      `kill -9: ${acknowledged.size} creates answered 200 before and while the kill landed, all readable after the restart with the same body; ${unanswered.length} requests got no answer, of which ${unacknowledged.length} had committed; no other version stored`,
    );
  }, 180_000);

  it('refuse creates (503) and reads (500) while the database is down, keep serving the catalog, and recover', async () => {
    const survivor = await gateway();
    expect((await create(survivor.baseUrl, 'outage')).status).toBe(200);
    server.stop();
    try {
      // A create the store cannot take now is refused for later, as a full store's is (contract: overload).
      const failed = await create(survivor.baseUrl, 'outage');
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toBe('60');
      expect(await failed.text()).toBe(
        JSON.stringify({ error: { code: 503, message: 'Service Unavailable' } }),
      );
      // A version this process wrote is kept in its cache and never changes: it still reads; any other is a 500.
      expect((await readVersion(survivor.baseUrl, 'outage', 1)).status).toBe(200);
      expect((await readVersion(survivor.baseUrl, 'never-written', 1)).status).toBe(500);
      expect((await fetch(`${survivor.baseUrl}/providers`)).status).toBe(200);
    } finally {
      server.start();
    }
    // The database answers again when a version it does not hold reads as 404 rather than 500.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 404; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await readVersion(survivor.baseUrl, 'never-written', 1)).status;
    }
    expect(status).toBe(404);
    const after = await create(survivor.baseUrl, 'outage');
    expect(((await after.json()) as Created).data.designated_version.version).toBe(2);
    expect(survivor.child.exitCode).toBeNull();
  }, 120_000);

  it('create a version in one statement and read it back in one, as the bin runs them', async () => {
    const started = await gateway();
    await database.query(`ALTER SYSTEM SET log_statement = 'all'`);
    await database.query('SELECT pg_reload_conf()');
    const log = join(server.socketDir, 'server.log');
    try {
      const before = readFileSync(log, 'utf8').length;
      for (const slug of ['one-trip-a', 'one-trip-b', 'one-trip-c']) {
        expect((await create(started.baseUrl, slug)).status).toBe(200);
        expect((await readVersion(started.baseUrl, slug, 1)).status).toBe(200);
      }
      const statements = readFileSync(log, 'utf8')
        .slice(before)
        .split('\n')
        .filter((line) => /LOG: {2}(statement|execute [^:]+): /.test(line))
        .map((line) => /LOG: {2}(?:statement|execute ([^:]+)): (.{0,40})/.exec(line)!.slice(1).join(' '));
      // The log also holds this test's own ALTER/reload; the gateway's statements are the rest.
      const gateways = statements.filter((text) => !/(ALTER SYSTEM|SELECT pg_reload)/.test(text));
      // Each create is its compare-and-set alone, prepared once per connection; the version read after it is
      // served from the create's cache.
      expect(gateways).toHaveLength(3);
      for (const statement of gateways) {
        expect(statement).toMatch(/^gateway_[0-9a-f]{16} SELECT \* FROM add_preset_version\(/);
      }
    } finally {
      await database.query('ALTER SYSTEM RESET log_statement');
      await database.query('SELECT pg_reload_conf()');
    }
  }, 60_000);
});

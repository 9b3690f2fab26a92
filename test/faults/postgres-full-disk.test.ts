import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPreset, startServe, type Started } from '../gateway/serve-process.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { readyzTurns } from '../support/readyz-turns.js';
import { mountSmallDisk, smallDiskChange, type SmallDisk } from '../support/small-disk.js';

/*
 * A PostgreSQL server whose own disk fills (contract: faults), on a small tmpfs the test fills: the disk under
 * the gateway's tables (a tablespace), where the server refuses a create with SQLSTATE 53100 and goes on, and
 * the disk under its write-ahead log, where it stops with a PANIC and restarts.
 */

const DISK_MIB = 16;
const { skip, refuse } = smallDiskChange(DISK_MIB);

const KEY = 'gw-mgmt-pg-full-disk';

const versionOf = async (response: Response) =>
  ((await response.json()) as { data: { designated_version: { version: number } } }).data.designated_version
    .version;

const readVersion = (baseUrl: string, slug: string, version: number) =>
  fetch(`${baseUrl}/presets/${slug}/versions/${version}`, { headers: { authorization: `Bearer ${KEY}` } });

let server: PostgresServer | undefined;
let disk: SmallDisk | undefined;
let gateway: Started | undefined;
afterEach(async () => {
  if (gateway && gateway.child.exitCode === null) {
    gateway.child.kill('SIGKILL');
    await gateway.exited;
  }
  server?.destroy();
  disk?.unmount();
  gateway = server = disk = undefined;
});

/** The user the server runs as, who must own what it writes on the small disk. */
function ownedByServer(...paths: string[]): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  for (const path of paths) chownSync(path, uid, gid);
}

/** A tablespace on `dir`, made the default for new tables: the gateway's migrations put its tables there. */
async function tablespaceOn(url: string, dir: string): Promise<void> {
  const location = join(dir, 'tablespace');
  mkdirSync(location, { mode: 0o700 });
  ownedByServer(dir, location);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE TABLESPACE small LOCATION '${location}'`);
    await admin.query('ALTER DATABASE postgres SET default_tablespace = small');
  } finally {
    await admin.end();
  }
}

/** Whether the server takes a connection and answers now. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function serve(url: string): Promise<Started> {
  return startServe({
    DATABASE_URL: url,
    GATEWAY_MANAGEMENT_KEY: KEY,
    // No versions cache: every version read back comes from the database.
    GATEWAY_VERSION_CACHE_BYTES: '0',
  });
}

/**
 * Fills `small` and creates versions of `slug` until one is refused (at most `attempts`), then checks what a
 * load balancer and a client see: 503 with `Retry-After`, `/readyz` 503 within 2 s and while the disk stays
 * full, the rest answering. Resolves with the versions acknowledged, in order.
 */
async function refusedOnFullDisk(
  baseUrl: string,
  small: SmallDisk,
  slug: string,
  attempts: number,
): Promise<number[]> {
  const acknowledged: number[] = [];
  const first = await createPreset(baseUrl, KEY, slug);
  expect(first.status).toBe(200);
  acknowledged.push(await versionOf(first));
  const readyz = new URL('/readyz', baseUrl).href;
  expect((await fetch(readyz)).status).toBe(200);

  // The disk is full, but a create is refused only once it needs room the server has not taken before.
  small.fill();
  let refused: Response | undefined;
  for (let attempt = 0; attempt < attempts && refused === undefined; attempt += 1) {
    const answer = await createPreset(baseUrl, KEY, slug);
    if (answer.status === 200) acknowledged.push(await versionOf(answer));
    else refused = answer;
  }
  const refusedAt = performance.now();
  expect(refused?.status).toBe(503);
  expect(await readyzTurns(baseUrl, 503, refusedAt)).toBe(503);
  expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await refused?.json()).toEqual({ error: { code: 503, message: 'Service Unavailable' } });
  console.info(
    `${slug}: creates acknowledged on the full disk before the first refusal: ${acknowledged.length - 1}`,
  );

  // While the disk stays full, readiness stays 503 and so do creates; what needs no write keeps answering.
  for (let check = 0; check < 3; check += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await fetch(readyz)).status).toBe(503);
  }
  const stillRefused = await createPreset(baseUrl, KEY, slug);
  expect(stillRefused.status).toBe(503);
  expect(stillRefused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await createPreset(baseUrl, KEY, `${slug}-fresh`)).status).toBe(503);
  expect((await fetch(`${baseUrl}/providers`)).status).toBe(200);
  return acknowledged;
}

/** Creates succeed again, and every acknowledged version reads back; the gateway process never ended. */
async function writesAgain(gateway: Started, slug: string, acknowledged: number[]): Promise<void> {
  const again = await createPreset(gateway.baseUrl, KEY, slug);
  expect(again.status).toBe(200);
  acknowledged.push(await versionOf(again));
  expect((await createPreset(gateway.baseUrl, KEY, `${slug}-fresh`)).status).toBe(200);
  // Versions only go up; a create refused mid-commit may have taken a number, never one acknowledged.
  expect(acknowledged).toEqual([...acknowledged].sort((a, b) => a - b));
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  for (const version of acknowledged) {
    expect((await readVersion(gateway.baseUrl, slug, version)).status, `version ${version}`).toBe(200);
  }
  expect(gateway.child.exitCode).toBeNull();
  expect(gateway.child.signalCode).toBeNull();
}

describe.skipIf(skip)(
  `a gateway on PostgreSQL whose disk fills (contract: faults)${skip ? `: ${skip}` : ''}`,
  () => {
    beforeEach(refuse);
    it('under its tables: /readyz 503 within 2 s of the first refused create, 200 within 2 s of room, every version kept', async () => {
      server = await startPostgres();
      const small = mountSmallDisk(DISK_MIB);
      if (typeof small === 'string') throw new Error(small);
      disk = small;
      await tablespaceOn(server.url, small.dir);
      gateway = await serve(server.url);
      const acknowledged = await refusedOnFullDisk(gateway.baseUrl, small, 'tables', 2_000);
      // The refusals were the server's own (SQLSTATE 53100), with the server still up.
      expect(gateway.output()).toMatch(/could not extend file .*No space left on device/);

      small.free();
      expect(await readyzTurns(gateway.baseUrl, 200, performance.now())).toBe(200);
      await writesAgain(gateway, 'tables', acknowledged);
      expect(acknowledged.at(-1)).toBe(acknowledged.length);
    }, 120_000);

    it("under its write-ahead log: 503 through the server's PANIC and stop, 200 within 2 s of it answering again", async () => {
      const small = mountSmallDisk(DISK_MIB);
      if (typeof small === 'string') throw new Error(small);
      disk = small;
      ownedByServer(small.dir);
      server = await startPostgres({ walDir: join(small.dir, 'wal') });
      gateway = await serve(server.url);
      // The log's segments made ahead of time take a few thousand creates to use up.
      const acknowledged = await refusedOnFullDisk(gateway.baseUrl, small, 'wal', 30_000);
      // PostgreSQL 15 stops its connections on it with a PANIC, and its recovery needs the same disk.
      expect(server.log()).toMatch(
        /PANIC: {2}could not write to file "pg_wal\/xlogtemp\.\d+": No space left/,
      );

      small.free();
      // The server restarts by itself, or, when its recovery failed on the full disk, stopped: then it is started
      // as an operator would. Either way the rule holds from the moment it answers again.
      let back = false;
      for (let wait = 0; wait < 60 && !back; wait += 1) {
        if (!server.running()) server.start();
        back = await answers(server.url);
        if (!back) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(back, server.log().slice(-3_000)).toBe(true);
      expect(await readyzTurns(gateway.baseUrl, 200, performance.now())).toBe(200);
      await writesAgain(gateway, 'wal', acknowledged);
    }, 180_000);
  },
);

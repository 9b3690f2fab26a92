import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreset, startServe, type Started } from '../gateway/serve-process.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { readyzTurns } from '../support/readyz-turns.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';

/*
 * A PostgreSQL server whose own disk fills (contract: faults): the gateway's tables live in a tablespace on a
 * small tmpfs the test fills, so creates are refused by the server (SQLSTATE 53100), not by the gateway.
 */

const DISK_MIB = 16;
const probe = mountSmallDisk(DISK_MIB);
const skip = typeof probe === 'string' ? probe : false;
if (typeof probe !== 'string') probe.unmount();

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

/** A tablespace on `dir`, owned by the user the server runs as, made the default for new tables. */
async function tablespaceOn(url: string, dir: string): Promise<void> {
  const location = join(dir, 'tablespace');
  mkdirSync(location, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chownSync(location, uid, gid);
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE TABLESPACE small LOCATION '${location}'`);
    await admin.query('ALTER DATABASE postgres SET default_tablespace = small');
  } finally {
    await admin.end();
  }
}

describe.skipIf(skip)(
  `a gateway on PostgreSQL whose disk fills (contract: faults)${skip ? `: ${skip}` : ''}`,
  () => {
    it('turns /readyz 503 within 2 s of the first refused create, 200 within 2 s of room, and keeps every version', async () => {
      server = await startPostgres();
      const small = mountSmallDisk(DISK_MIB);
      if (typeof small === 'string') throw new Error(small);
      disk = small;
      await tablespaceOn(server.url, small.dir);
      gateway = await startServe({
        DATABASE_URL: server.url,
        GATEWAY_MANAGEMENT_KEY: KEY,
        // No versions cache: every version read back comes from the database.
        GATEWAY_VERSION_CACHE_BYTES: '0',
      });
      const { baseUrl } = gateway;
      const readyz = new URL('/readyz', baseUrl).href;
      const acknowledged: number[] = [];
      const first = await createPreset(baseUrl, KEY, 'kept');
      expect(first.status).toBe(200);
      acknowledged.push(await versionOf(first));
      expect((await fetch(readyz)).status).toBe(200);

      // The disk is full, but a create is refused only once it outgrows the pages its tables have.
      small.fill();
      let refused: Response | undefined;
      for (let attempt = 0; attempt < 2_000 && refused === undefined; attempt += 1) {
        const answer = await createPreset(baseUrl, KEY, 'kept');
        if (answer.status === 200) acknowledged.push(await versionOf(answer));
        else refused = answer;
      }
      const refusedAt = performance.now();
      expect(refused?.status).toBe(503);
      expect(await readyzTurns(baseUrl, 503, refusedAt)).toBe(503);
      expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused?.json()).toEqual({ error: { code: 503, message: 'Service Unavailable' } });
      console.info(
        `creates acknowledged on the full disk before the first refusal: ${acknowledged.length - 1}`,
      );

      // While the disk stays full, readiness stays 503 (each probe asks the disk for a fresh page again) and
      // so do creates; what needs no write keeps answering.
      for (let check = 0; check < 3; check += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        expect((await fetch(readyz)).status).toBe(503);
      }
      const stillRefused = await createPreset(baseUrl, KEY, 'kept');
      expect(stillRefused.status).toBe(503);
      expect(stillRefused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await createPreset(baseUrl, KEY, 'fresh')).status).toBe(503);
      expect((await fetch(`${baseUrl}/providers`)).status).toBe(200);
      expect((await readVersion(baseUrl, 'kept', 1)).status).toBe(200);

      small.free();
      expect(await readyzTurns(baseUrl, 200, performance.now())).toBe(200);
      const again = await createPreset(baseUrl, KEY, 'kept');
      expect(again.status).toBe(200);
      acknowledged.push(await versionOf(again));
      expect(acknowledged.at(-1)).toBe(acknowledged.length);
      expect((await createPreset(baseUrl, KEY, 'fresh')).status).toBe(200);

      for (const version of acknowledged) {
        expect((await readVersion(baseUrl, 'kept', version)).status, `version ${version}`).toBe(200);
      }
      expect(gateway.child.exitCode).toBeNull();
      expect(gateway.child.signalCode).toBeNull();
      // The refusals were the server's own: its disk under the tables was full.
      expect(gateway.output()).toMatch(/could not extend file .*No space left on device/);
    }, 120_000);
  },
);

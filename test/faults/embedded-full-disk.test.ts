import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPgliteEngine } from '../../src/http/store/pglite-engine.js';
import { PresetStoreUnavailable } from '../../src/http/store/preset-store-unavailable.js';
import { createPreset, serveUntilExit, startServe, type Started } from '../gateway/serve-process.js';
import { initializedDataDir } from '../support/initialized-data-dir.js';
import { readyzTurns } from '../support/readyz-turns.js';
import { mountSmallDisk, smallDiskChange, type SmallDisk } from '../support/small-disk.js';
import { walAtTheEdge } from '../support/wal-edge.js';

/** A disk of 48 MiB, a fresh one per test: one data directory takes about 30 MiB of it. */
const DISK_MIB = 48;
const { skip, refuse } = smallDiskChange(DISK_MIB);

const disks: SmallDisk[] = [];
afterEach(() => {
  for (const disk of disks.splice(0)) disk.unmount();
});

function smallDisk(): SmallDisk {
  const disk = mountSmallDisk(DISK_MIB);
  if (typeof disk === 'string') throw new Error(disk);
  disks.push(disk);
  return disk;
}

const running: Started[] = [];
afterEach(async () => {
  for (const started of running.splice(0)) {
    if (started.child.exitCode === null) started.child.kill('SIGKILL');
    await started.exited;
  }
});

const KEY = 'gw-mgmt-full-disk';

async function serve(dataDir: string): Promise<Started> {
  // No versions cache: a version read back after the fault comes from the disk, not from the process.
  const started = await startServe({
    GATEWAY_DATA_DIR: dataDir,
    GATEWAY_MANAGEMENT_KEY: KEY,
    GATEWAY_VERSION_CACHE_BYTES: '0',
  });
  running.push(started);
  return started;
}

const create = (baseUrl: string, slug: string) => createPreset(baseUrl, KEY, slug);

const readVersion = (baseUrl: string, slug: string, version: number) =>
  fetch(`${baseUrl}/presets/${slug}/versions/${version}`, { headers: { authorization: `Bearer ${KEY}` } });

/** Resolves with the exit code, or with `'still running'` after `ms` milliseconds. */
function exitWithin(started: Started, ms: number): Promise<number | null | 'still running'> {
  return Promise.race([
    started.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ]);
}

/** Waits, a bounded while, for the gateway's batched log to hold `text`. */
async function logged(started: Started, text: string): Promise<string> {
  for (let waited = 0; !started.output().includes(text) && waited < 50; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return started.output();
}

describe.skipIf(skip)(
  `the embedded store on a full disk (contract: durable-presets)${skip ? `: ${skip}` : ''}`,
  () => {
    beforeEach(refuse);
    it('answers a create 503 while the disk is full, keeps serving the rest, and writes again once it has room', async () => {
      const small = smallDisk();
      const dataDir = await initializedDataDir(join(small.dir, 'served'));
      const gateway = await serve(dataDir);
      expect((await create(gateway.baseUrl, 'kept')).status).toBe(200);
      expect((await fetch(new URL('/readyz', gateway.baseUrl))).status).toBe(200);

      small.fill();
      const refused = await create(gateway.baseUrl, 'kept');
      const refusedAt = performance.now();
      expect(refused.status).toBe(503);
      // A load balancer sends creates elsewhere while this instance would refuse them.
      expect(await readyzTurns(gateway.baseUrl, 503, refusedAt)).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({ error: { code: 503, message: 'Service Unavailable' } });
      expect((await create(gateway.baseUrl, 'fresh')).status).toBe(503);
      expect((await fetch(`${gateway.baseUrl}/providers`)).status).toBe(200);
      expect((await fetch(`${gateway.baseUrl}/docs/`)).status).toBe(200);
      expect((await readVersion(gateway.baseUrl, 'kept', 1)).status).toBe(200);
      expect(gateway.output()).toContain(
        `the embedded store refuses writes: the disk holding ${dataDir} has 0 bytes free`,
      );

      small.free();
      expect(await readyzTurns(gateway.baseUrl, 200, performance.now())).toBe(200);
      const again = await create(gateway.baseUrl, 'kept');
      expect(again.status).toBe(200);
      expect(
        ((await again.json()) as { data: { designated_version: { version: number } } }).data
          .designated_version.version,
      ).toBe(2);
      expect(await logged(gateway, 'writes again')).toContain('the embedded store writes again');

      small.fill();
      gateway.child.kill('SIGTERM');
      expect(await exitWithin(gateway, 10_000)).toBe(0);
      expect(gateway.output()).toContain('Stopped.\n');
      small.free();
    }, 120_000);

    it('refuses to start on a full disk (exit 2, lock released), and a start once it has room keeps every version', async () => {
      const small = smallDisk();
      const dataDir = await initializedDataDir(join(small.dir, 'restarted'));
      const first = await serve(dataDir);
      expect((await create(first.baseUrl, 'through')).status).toBe(200);
      expect((await create(first.baseUrl, 'through')).status).toBe(200);
      small.fill();
      // Killed on the full disk: no last checkpoint, so the next start must replay the WAL.
      first.child.kill('SIGKILL');
      await first.exited;

      const refused = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir }, []);
      expect(refused.code).toBe(2);
      expect(refused.output).toBe(
        `gateway-contract: cannot open the embedded store: the disk holding ${dataDir} has 0 bytes free, less than the 10.0 MiB a write needs\n`,
      );
      // The killed process's name stays in the lock file, but the lock itself went with it: the start below takes it.
      expect(readFileSync(join(dataDir, 'gateway-contract.lock'), 'utf8')).toMatch(
        new RegExp(`^${first.child.pid}\n`),
      );

      small.free();
      const second = await serve(dataDir);
      expect((await readVersion(second.baseUrl, 'through', 1)).status).toBe(200);
      expect((await readVersion(second.baseUrl, 'through', 2)).status).toBe(200);
      expect((await create(second.baseUrl, 'through')).status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await exitWithin(second, 10_000)).toBe(0);
    }, 120_000);

    it('refuses to start on a read-only disk, saying so', async () => {
      const small = smallDisk();
      const dataDir = await initializedDataDir(join(small.dir, 'read-only'));
      const first = await serve(dataDir);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      small.readOnly(true);
      try {
        const refused = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir }, []);
        expect(refused.code).toBe(2);
        expect(refused.output).toBe(
          `gateway-contract: cannot open the embedded store: the file system holding ${dataDir} is read-only\n`,
        );
      } finally {
        small.readOnly(false);
      }
    }, 120_000);

    it('throws PresetStoreUnavailable at once when PostgreSQL stops mid-commit, and starts it again once there is room', async () => {
      const small = smallDisk();
      const dataDir = await initializedDataDir(join(small.dir, 'stopped'));
      // No free-space margin: the write runs into the full disk inside PostgreSQL, as when another process fills it.
      const faults: string[] = [];
      const engine = await openPgliteEngine(dataDir, {
        minFreeBytes: 0,
        stepDeadlineMs: 2_000,
        onFault: (line) => faults.push(line),
      });
      try {
        await walAtTheEdge(engine, dataDir);
        small.fill();
        let committed = 0;
        let failure: unknown;
        for (let attempt = 0; attempt < 200 && failure === undefined; attempt += 1) {
          await engine
            .transaction((session) => session.query('INSERT INTO t (x) VALUES ($1)', [`row ${attempt}`]))
            .then(
              () => (committed += 1),
              (error: unknown) => (failure = error),
            );
        }
        expect(failure).toBeInstanceOf(PresetStoreUnavailable);
        expect((failure as PresetStoreUnavailable).reason).toMatch(
          /^the embedded store stopped: PANIC: could not write to file "pg_wal\/xlogtemp\.\d+": No space left on device$/,
        );
        await expect(engine.query('SELECT count(*) FROM t')).rejects.toThrow(PresetStoreUnavailable);

        small.free();
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const rows = await engine.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM t WHERE x LIKE 'row %'`,
        );
        expect(rows.rows[0]?.n).toBe(committed);
        await engine.transaction((session) => session.query('INSERT INTO t (x) VALUES ($1)', ['after']));
        expect(faults).toContain('the embedded store started again');
      } finally {
        small.free();
        await engine.close();
      }
    }, 180_000);
  },
);

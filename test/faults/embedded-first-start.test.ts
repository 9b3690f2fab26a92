import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPreset, spawnServe, startServe } from '../gateway/serve-process.js';

/*
 * A first start killed (SIGKILL) while it makes the embedded store leaves nothing a later start refuses
 * (contract: durable-presets): the later start recognises the half-made store as its own, makes it again, and
 * serves. The kill points are spread over the files PostgreSQL's initialisation writes, counted as they appear.
 */

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-first-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const kills: Array<() => void> = [];
afterEach(() => {
  for (const kill of kills.splice(0)) kill();
});

const KEY = 'gw-mgmt-first-start';
const POINTS = 20;
/** About the entries a finished initialisation leaves under the data directory (1,006 with PGlite 0.5). */
const ENTRIES_WHEN_WHOLE = 1_000;
/** Starts at once: each initialisation is seconds of WebAssembly on a core. */
const AT_ONCE = 3;

/** Entries under `dir`, at any depth; those removed while they are counted are not. */
function entriesUnder(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true }).length;
  } catch {
    return 0;
  }
}

/** What a killed start left: how many entries, and whether it was a store made whole. */
interface Left {
  point: number;
  entries: number;
  whole: boolean;
}

/** A first start on `dataDir`, killed once `killAt` entries are under it (0: as soon as it exists). */
async function killedFirstStart(dataDir: string, point: number, killAt: number): Promise<Left> {
  const { child, exited } = spawnServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY }, []);
  kills.push(() => child.kill('SIGKILL'));
  let gone = false;
  void exited.then(() => (gone = true));
  // Bounded: an initialisation on a loaded machine takes under a minute; this waits at most five.
  for (let polls = 0; polls < 30_000 && !gone; polls++) {
    if (existsSync(dataDir) && entriesUnder(dataDir) >= killAt) break;
    await sleep(10);
  }
  expect({ point, alive: !gone }).toEqual({ point, alive: true });
  child.kill('SIGKILL');
  await exited;
  const names = readdirSync(dataDir);
  const whole = names.includes('PG_VERSION') && !names.includes('gateway-contract.initializing');
  return { point, entries: entriesUnder(dataDir), whole };
}

/** A later start on `dataDir` serves: it becomes ready, takes a create and reads it back. */
async function laterStartServes(dataDir: string): Promise<number[]> {
  const started = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
  kills.push(() => started.child.kill('SIGKILL'));
  const origin = new URL(started.baseUrl).origin;
  const statuses = [
    (await fetch(`${origin}/readyz`)).status,
    (await createPreset(started.baseUrl, KEY, 'after-kill')).status,
    (
      await fetch(`${started.baseUrl}/presets/after-kill/versions/1`, {
        headers: { authorization: `Bearer ${KEY}` },
      })
    ).status,
  ];
  started.child.kill('SIGTERM');
  statuses.push((await started.exited) ?? -1);
  return statuses;
}

describe.skipIf(process.platform !== 'linux')(
  'a first start killed while it makes the embedded store (contract: durable-presets)',
  () => {
    it(`is made again and served by the next start, whichever of ${POINTS} points it was killed at`, async () => {
      const points = Array.from({ length: POINTS }, (_, point) => point);
      const left: Left[] = [];
      const served: Array<{ point: number; statuses: number[] }> = [];
      const runPoint = async (point: number) => {
        const dataDir = join(scratch, `point-${point}`);
        const killAt = Math.round((point * ENTRIES_WHEN_WHOLE) / POINTS);
        left.push(await killedFirstStart(dataDir, point, killAt));
        served.push({ point, statuses: await laterStartServes(dataDir) });
      };
      const queue = [...points];
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          for (let point = queue.shift(); point !== undefined; point = queue.shift()) await runPoint(point);
        }),
      );
      left.sort((a, b) => a.point - b.point);
      console.log(`first starts killed, entries left: ${left.map((l) => l.entries).join(' ')}`);
      // Each kill came before the store was whole: the points are all during its initialisation.
      expect(left.filter((l) => l.whole)).toEqual([]);
      served.sort((a, b) => a.point - b.point);
      expect(served).toEqual(points.map((point) => ({ point, statuses: [200, 200, 200, 0] })));
    }, 1_800_000);
  },
);

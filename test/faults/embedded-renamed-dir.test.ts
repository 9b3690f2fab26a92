import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/gateway/data-dir-lock.js';
import { openPgliteEngine } from '../../src/http/store/pglite-engine.js';
import { PresetStoreUnavailable } from '../../src/http/store/preset-store-unavailable.js';
import { createPreset, startServe, type Started } from '../gateway/serve-process.js';
import { initializedDataDir } from '../support/initialized-data-dir.js';

/*
 * The embedded store lives in the directory it locked, not at its path (contract: durable-presets): the data
 * directory renamed away and made again while a gateway serves, with and without a second gateway starting on
 * the new one. Every create a gateway acknowledged reads back afterwards from the directory it was acknowledged
 * in, and whenever a create fails `/readyz` says 503.
 */

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-renamed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const running: Started[] = [];
afterEach(() => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
});

const KEY = 'gw-mgmt-renamed-dir';
const SLUG = 'moved';

async function serve(dataDir: string): Promise<Started> {
  const started = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
  running.push(started);
  return started;
}

async function stop(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  expect(await started.exited).toBe(0);
}

/** A create's outcome: its status, the version it acknowledged, and what `/readyz` said right after. */
interface Outcome {
  status: number;
  acknowledged?: unknown;
  readyz: number;
}

/** One create of `SLUG`, then `/readyz`. */
async function createAndAsk(gateway: Started): Promise<Outcome> {
  const response = await createPreset(gateway.baseUrl, KEY, SLUG);
  const body = (await response.json()) as { data?: { designated_version?: unknown } };
  const readyz = (await fetch(`${new URL(gateway.baseUrl).origin}/readyz`)).status;
  return response.status === 200
    ? { status: 200, acknowledged: body.data?.designated_version, readyz }
    : { status: response.status, readyz };
}

/** Every acknowledged version, read back by a gateway started on `dataDir`; then the next one is not there. */
async function readBack(dataDir: string, outcomes: readonly Outcome[]): Promise<void> {
  const acknowledged = outcomes.filter((outcome) => outcome.status === 200).map((o) => o.acknowledged);
  const gateway = await serve(dataDir);
  for (const version of acknowledged) {
    const number = (version as { version: number }).version;
    const response = await fetch(`${gateway.baseUrl}/presets/${SLUG}/versions/${number}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect({ dataDir, number, status: response.status, body: await response.json() }).toEqual({
      dataDir,
      number,
      status: 200,
      body: { data: version },
    });
  }
  const past = await fetch(`${gateway.baseUrl}/presets/${SLUG}/versions/${acknowledged.length + 1}`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  expect(past.status).toBe(404);
  await stop(gateway);
}

/** Failed creates that `/readyz` did not answer 503 for: none may be. */
const unreadyMissed = (outcomes: readonly Outcome[]) =>
  outcomes.filter((outcome) => outcome.status !== 200 && outcome.readyz !== 503);

describe.skipIf(process.platform !== 'linux')(
  'a data directory renamed away while a gateway serves (contract: durable-presets)',
  () => {
    it('keeps serving from the directory it locked and writes nothing into the one made at its path', async () => {
      const dataDir = await initializedDataDir(join(scratch, 'alone'));
      const moved = `${dataDir}.old`;
      const gateway = await serve(dataDir);
      const outcomes: Outcome[] = [];
      for (let i = 0; i < 3; i += 1) outcomes.push(await createAndAsk(gateway));
      renameSync(dataDir, moved);
      mkdirSync(dataDir, { mode: 0o700 });
      for (let i = 0; i < 12; i += 1) outcomes.push(await createAndAsk(gateway));
      expect(unreadyMissed(outcomes)).toEqual([]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(15).fill(200));
      expect(readdirSync(dataDir)).toEqual([]);
      await stop(gateway);
      await readBack(moved, outcomes);
      expect(readdirSync(dataDir)).toEqual([]);
    }, 240_000);

    it('keeps both stores whole when a second gateway starts on the directory made at the path', async () => {
      const dataDir = await initializedDataDir(join(scratch, 'shared'));
      const moved = `${dataDir}.old`;
      const first = await serve(dataDir);
      const firsts: Outcome[] = [];
      for (let i = 0; i < 3; i += 1) firsts.push(await createAndAsk(first));
      renameSync(dataDir, moved);
      mkdirSync(dataDir, { mode: 0o700 });
      // The second makes a new store in the new directory while the first keeps creating.
      const starting = serve(dataDir);
      const seconds: Outcome[] = [];
      let secondUp = false;
      void starting.then(() => (secondUp = true)).catch(() => {});
      while (!secondUp) firsts.push(await createAndAsk(first));
      const second = await starting;
      for (let i = 0; i < 12; i += 1) {
        firsts.push(await createAndAsk(first));
        seconds.push(await createAndAsk(second));
      }
      expect(unreadyMissed(firsts)).toEqual([]);
      expect(unreadyMissed(seconds)).toEqual([]);
      expect(firsts.filter((outcome) => outcome.status !== 200)).toEqual([]);
      expect(seconds.filter((outcome) => outcome.status !== 200)).toEqual([]);
      await stop(first);
      await stop(second);
      await readBack(moved, firsts);
      await readBack(dataDir, seconds);
      console.log(`renamed directory: first gateway ${firsts.length} creates, second ${seconds.length}`);
    }, 300_000);

    it('answers 503 and is not ready once its directory is removed, and makes nothing at its path', async () => {
      const dataDir = await initializedDataDir(join(scratch, 'removed'));
      const lock = await lockDataDir(dataDir);
      const engine = await openPgliteEngine(dataDir, { directoryFd: lock.directoryFd ?? undefined });
      try {
        await engine.probe();
        await engine.write('CREATE TABLE kept (n integer)');
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { mode: 0o700 });
        const refused = [
          engine.probe(),
          engine.write('INSERT INTO kept VALUES (1)'),
          engine.query('SELECT 1'),
        ];
        for (const call of refused) {
          await expect(call).rejects.toThrow(PresetStoreUnavailable);
          await expect(call).rejects.toThrow(`the data directory ${dataDir} was removed`);
        }
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        await engine.close();
        lock();
      }
      expect(readdirSync(dataDir)).toEqual([]);
    }, 120_000);
  },
);

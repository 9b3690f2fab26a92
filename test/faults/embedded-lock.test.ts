import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPreset, root, startServe, type Started } from '../gateway/serve-process.js';
import { raceForLock } from '../support/lock-racers.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const KEY = 'gw-mgmt-lock-faults';
const RACERS = 200;
/** No process has this pid: Linux caps pids at 2^22. */
const DEAD_PID = 2 ** 22 + 1;

const create = (baseUrl: string, slug: string) => createPreset(baseUrl, KEY, slug);

/** The state letter of `/proc/<pid>/stat` (Z for a zombie), or null once the process is gone. */
function processState(pid: number): string | null {
  try {
    return /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

describe.skipIf(process.platform !== 'linux')('the data directory lock (contract: durable-presets)', () => {
  it(`lets exactly one of ${RACERS} starts racing over a stale lock take it`, async () => {
    const dataDir = join(scratch, 'raced');
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(join(dataDir, 'gateway-contract.lock'), `${DEAD_PID}\n`);
    const said = await raceForLock(join(root, 'dist/src/gateway/data-dir-lock.js'), dataDir, RACERS);
    const winners = said.filter((line) => line === 'won');
    expect(winners).toHaveLength(1);
    const lost = said.filter((line) => line.startsWith(`lost ${dataDir} is in use by `));
    expect(lost).toHaveLength(RACERS - 1);
  }, 180_000);

  it('serves a start made 0.1 s after its process group was killed with SIGKILL', async () => {
    const dataDir = join(scratch, 'killed');
    const first = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY }, [], {
      detached: true,
    });
    cleanups.push(() => first.child.kill('SIGKILL'));
    expect((await create(first.baseUrl, 'before-kill')).status).toBe(200);
    process.kill(-(first.child.pid as number), 'SIGKILL');
    await sleep(100);
    const second = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
    cleanups.push(() => second.child.kill('SIGKILL'));
    expect((await create(second.baseUrl, 'before-kill')).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('serves a start made while the killed holder is still a zombie nobody has reaped', async () => {
    const dataDir = join(scratch, 'zombie');
    // sh starts the gateway, prints its pid, then becomes `sleep`, which never reaps it.
    const parent = spawn(
      'sh',
      ['-c', `"${process.execPath}" dist/lib/bin.js serve & echo "pid $!"; exec sleep 120`],
      {
        cwd: root,
        env: { PATH: process.env['PATH'], PORT: '0', GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY },
      },
    );
    cleanups.push(() => parent.kill('SIGKILL'));
    let output = '';
    await new Promise<void>((resolve) =>
      parent.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('One log line per request follows')) resolve();
      }),
    );
    const holder = Number(/^pid (\d+)$/m.exec(output)?.[1]);
    process.kill(holder, 'SIGKILL');
    for (let waited = 0; processState(holder) !== 'Z' && waited < 100; waited += 1) await sleep(100);
    expect(processState(holder)).toBe('Z');
    const next: Started = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
    cleanups.push(() => next.child.kill('SIGKILL'));
    expect(processState(holder)).toBe('Z');
    expect((await create(next.baseUrl, 'after-zombie')).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 120_000);
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPreset, serveUntilExit, startServe } from '../gateway/serve-process.js';
import { installedNode } from './node24.js';

/*
 * The embedded store's lock where no flock command is on PATH (a distroless image): Node 26 takes it through
 * node:ffi, and it excludes the lock the command takes; an older Node says what to do (contract: durable-presets).
 */

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-lock-runtimes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const KEY = 'gw-mgmt-lock-runtimes';

const create = (baseUrl: string, slug: string) => createPreset(baseUrl, KEY, slug);

const readVersion = (baseUrl: string, slug: string, version: number) =>
  fetch(`${baseUrl}/presets/${slug}/versions/${version}`, { headers: { authorization: `Bearer ${KEY}` } });

describe.skipIf(process.platform !== 'linux')('the data directory lock without a flock command', () => {
  it('takes the lock through node:ffi on Node 26 where no flock command is on PATH, and it excludes one the command takes', async () => {
    const dataDir = join(scratch, 'by-ffi');
    const noFlock = mkdtempSync(join(tmpdir(), 'gateway-contract-no-flock-'));
    cleanups.push(() => rmSync(noFlock, { recursive: true, force: true }));
    const env = { GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY };
    const byFfi = await startServe({ ...env, PATH: noFlock }, [], { node: installedNode('Node 26') });
    cleanups.push(() => byFfi.child.kill('SIGKILL'));
    expect((await create(byFfi.baseUrl, 'by-ffi')).status).toBe(200);
    const byCommand = await serveUntilExit(env, []);
    expect(byCommand.code).toBe(2);
    expect(byCommand.output).toContain(
      `${dataDir} is in use by process ${byFfi.child.pid} on host ${hostname()}`,
    );
    byFfi.child.kill('SIGTERM');
    expect(await byFfi.exited).toBe(0);

    const holder = await startServe(env);
    cleanups.push(() => holder.child.kill('SIGKILL'));
    const refused = await serveUntilExit({ ...env, PATH: noFlock }, [], { node: installedNode('Node 26') });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(
      `${dataDir} is in use by process ${holder.child.pid} on host ${hostname()}`,
    );
    expect((await readVersion(holder.baseUrl, 'by-ffi', 1)).status).toBe(200);
    holder.child.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
  }, 180_000);

  it('says what to do where neither a flock command nor node:ffi is at hand', async () => {
    const dataDir = join(scratch, 'no-lock');
    const noFlock = mkdtempSync(join(tmpdir(), 'gateway-contract-no-flock-'));
    cleanups.push(() => rmSync(noFlock, { recursive: true, force: true }));
    const node = installedNode('Node 22');
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const refused = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir, PATH: noFlock }, [], { node });
    expect(refused.code).toBe(2);
    expect(refused.output).toBe(
      `gateway-contract: cannot lock the data directory "${dataDir}": the embedded store locks it with the ` +
        'flock command (util-linux or BusyBox), which is not on PATH, or through node:ffi, and this Node ' +
        `(${version}) has no node:ffi; add a flock command to the image, run Node 26 or later, or share one ` +
        'PostgreSQL through DATABASE_URL\n',
    );
  });
});

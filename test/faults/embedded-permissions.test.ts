import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { serveUntilExit, startServe, type Started } from '../gateway/serve-process.js';
import { initializedDataDir } from '../support/initialized-data-dir.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-modes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const running: Started[] = [];
afterEach(() => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
});

async function serveAndStop(dataDir: string): Promise<void> {
  const started = await startServe({ GATEWAY_DATA_DIR: dataDir });
  running.push(started);
  started.child.kill('SIGTERM');
  expect(await started.exited).toBe(0);
}

/** Every path under `dir` with its permission bits, the directory itself first. */
function modesUnder(dir: string): Array<{ path: string; mode: number; directory: boolean }> {
  const stat = lstatSync(dir);
  const found = [{ path: dir, mode: stat.mode & 0o7777, directory: stat.isDirectory() }];
  if (stat.isDirectory()) for (const name of readdirSync(dir)) found.push(...modesUnder(join(dir, name)));
  return found;
}

describe('the embedded data directory is its owner’s alone (contract: durable-presets)', () => {
  it('is made 0700 with every file 0600 and every directory 0700 in it', async () => {
    const dataDir = join(scratch, 'fresh');
    await serveAndStop(dataDir);
    const modes = modesUnder(dataDir);
    expect(modes.length).toBeGreaterThan(100);
    expect(modes[0]?.mode).toBe(0o700);
    for (const { path, mode, directory } of modes) {
      expect({ path, mode: mode.toString(8) }).toEqual({ path, mode: directory ? '700' : '600' });
    }
  }, 60_000);

  it.each([0o777, 0o770, 0o702])('refuses at start a directory of mode %o, saying why', async (mode) => {
    const dataDir = join(scratch, `open-${mode.toString(8)}`);
    mkdirSync(dataDir);
    chmodSync(dataDir, mode);
    const { code, output } = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir }, []);
    expect(code).toBe(2);
    expect(output).toBe(
      `gateway-contract: data directory "${dataDir}" has invalid permissions: group or others may write it ` +
        `(mode 0${mode.toString(8)}); it should be u=rwx (0700): chmod 0700 "${dataDir}"\n`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('takes group and others’ bits off a directory an earlier release left 0755 with files 0666', async () => {
    const dataDir = await initializedDataDir(join(scratch, 'earlier'));
    await serveAndStop(dataDir);
    for (const { path, directory } of modesUnder(dataDir)) chmodSync(path, directory ? 0o755 : 0o666);
    await serveAndStop(dataDir);
    for (const { path, mode, directory } of modesUnder(dataDir)) {
      expect({ path, mode: mode.toString(8) }).toEqual({ path, mode: directory ? '700' : '600' });
    }
  }, 60_000);
});

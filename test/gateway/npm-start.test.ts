import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from './serve-process.js';

/**
 * `npm start` as the README gives it: a SIGTERM or SIGINT to the npm process stops the gateway it started, which
 * is never left running on its own. npm runs a script through `sh -c` and signals that shell alone, so the
 * gateway must be the process the shell becomes, not its child.
 */

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command's name, which may hold spaces and parentheses: state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return children;
}

/** Every process below `pid`, with its arguments. */
function descendantsOf(pid: number): { pid: number; argv: string[] }[] {
  const found: { pid: number; argv: string[] }[] = [];
  for (let queue = childrenOf(pid); queue.length > 0;) {
    const next = queue.shift() as number;
    try {
      found.push({ pid: next, argv: readFileSync(`/proc/${next}/cmdline`, 'utf8').split('\0') });
    } catch {
      continue;
    }
    queue = [...queue, ...childrenOf(next)];
  }
  return found;
}

function isRunning(pid: number): boolean {
  try {
    // A zombie has exited; it waits only for its parent to read its status.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Waits, at most `ms`, for `pid` to be gone; whether it is. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50)) {
    if (!isRunning(pid)) return true;
  }
  return !isRunning(pid);
}

const leftRunning: number[] = [];
const dataDirs: string[] = [];
afterEach(() => {
  for (const pid of leftRunning.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops the gateway on a %s to the npm process', async (signal) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-npm-start-'));
    dataDirs.push(dataDir);
    const npm = spawn('npm', ['start', '--silent', '--', '--memory'], {
      cwd: root,
      env: { PATH: process.env['PATH'], HOME: dataDir, PORT: '0', GATEWAY_DATA_DIR: dataDir },
    });
    leftRunning.push(npm.pid as number);
    let output = '';
    const started = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('One log line per request follows')) resolve();
      };
      npm.stdout.on('data', onData);
      npm.stderr.on('data', onData);
      npm.once('close', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    await started;
    // The Node process that runs the bin, not a shell whose command line names it.
    const gateway = descendantsOf(npm.pid as number).find(
      ({ argv }) =>
        basename(argv[0] ?? '') === 'node' && argv[1] === 'dist/lib/bin.js' && argv[2] === 'serve',
    );
    expect(
      gateway,
      `no gateway below npm: ${JSON.stringify(descendantsOf(npm.pid as number))}`,
    ).toBeDefined();
    leftRunning.push(gateway!.pid);

    const exited = once(npm, 'close');
    npm.kill(signal);
    expect(await goneWithin(gateway!.pid, 15_000), `the gateway (pid ${gateway!.pid}) outlived npm`).toBe(
      true,
    );
    await Promise.race([exited, sleep(15_000)]);
    expect(npm.exitCode !== null || npm.signalCode !== null, 'npm start did not exit').toBe(true);
  });
});

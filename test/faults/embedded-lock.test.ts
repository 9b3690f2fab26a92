import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPreset, root, serveUntilExit, startServe, type Started } from '../gateway/serve-process.js';
import { initializedDataDir } from '../support/initialized-data-dir.js';
import { raceForLock } from '../support/lock-racers.js';
import { systemChange } from '../support/system-changes.js';

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const KEY = 'gw-mgmt-lock-faults';
/**
 * Racing starts: every one is ready before any goes, so this many take the lock at the same moment, far more than
 * the machine has cores; each is a Node process and a few flock commands, so the count is what the test costs.
 */
const RACERS = 64;
/** No process has this pid: Linux caps pids at 2^22. */
const DEAD_PID = 2 ** 22 + 1;

const create = (baseUrl: string, slug: string) => createPreset(baseUrl, KEY, slug);

const readVersion = (baseUrl: string, slug: string, version: number) =>
  fetch(`${baseUrl}/presets/${slug}/versions/${version}`, { headers: { authorization: `Bearer ${KEY}` } });

/** A test's gateway in another network namespace, which needs root or user namespaces. */
const otherNamespace = systemChange('starts a gateway in a network namespace of its own (unshare -n)', () =>
  spawnSync('unshare', ['-n', 'true']).status === 0
    ? false
    : 'unshare -n is not permitted here (it needs root or user namespaces)',
);

/**
 * The command that runs one as user `nobody`: `setpriv` replaces itself with the command, so killing the process
 * it started kills the command (a `runuser` killed leaves its child running).
 */
const asNobody = [
  'setpriv',
  '--reuid=nobody',
  `--regid=${spawnSync('id', ['-g', 'nobody']).stdout}`.trim(),
  '--clear-groups',
  '--',
];

/** A test's process run as user `nobody`, which only root can start. */
const asNobodyChange = systemChange('runs a process as user nobody (setpriv)', () =>
  process.getuid?.() === 0 &&
  spawnSync(asNobody[0]!, [...asNobody.slice(1), process.execPath, '-e', '']).status === 0
    ? false
    : 'only root can run a process as user nobody (setpriv)',
);

/** The abstract socket name (after its leading NUL) an earlier release bound to own `dataDir`, from its device and inode. */
function earlierLockSocket(dataDir: string): string {
  const { dev, ino } = statSync(dataDir, { bigint: true });
  return `gateway-contract-data-dir-${createHash('sha256').update(`${dev}:${ino}`).digest('hex').slice(0, 32)}`;
}

/**
 * What user `nobody` does to keep a gateway off `dataDir`: binds the socket name an earlier release locked it
 * by, and tries to open, create or lock the lock file. It says what each attempt gave, then holds on.
 */
const squatter = `
const net = require('node:net');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const [dataDir, socketName] = process.argv.slice(1);
const lockFile = dataDir + '/gateway-contract.lock';
const tried = (what, attempt) => {
  try { attempt(); return what + ' ok'; } catch (error) { return what + ' ' + error.code; }
};
const said = [
  tried('open', () => fs.openSync(lockFile, 'r')),
  tried('create', () => fs.openSync(dataDir + '/squat', 'wx')),
  'flock ' + spawnSync('flock', ['-n', lockFile, 'true']).status,
];
const server = net.createServer().listen({ path: '\\0' + socketName, exclusive: true }, () => {
  process.stdout.write(['bound', ...said].join('; ') + '\\n');
});
server.on('error', (error) => process.stdout.write('not bound ' + error.code + '\\n'));
setTimeout(() => process.exit(0), 120000);
`;

/** Writes an empty file at `path`, for a test to move somewhere; returns the path. */
function writeNew(path: string): string {
  writeFileSync(path, '');
  return path;
}

/** The state letter of `/proc/<pid>/stat` (Z for a zombie), or null once the process is gone. */
function processState(pid: number): string | null {
  try {
    return /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

describe.skipIf(process.platform !== 'linux')('the data directory lock (contract: durable-presets)', () => {
  it('refuses a second gateway whatever was done to the lock file, while the first serves creates and loses none', async () => {
    const dataDir = await initializedDataDir(join(scratch, 'lock-file-gone'));
    const lockFile = join(dataDir, 'gateway-contract.lock');
    const link = join(scratch, 'link-to-live');
    const env = { GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY };
    const undoings: Array<[string, () => void]> = [
      ['deleted', () => rmSync(lockFile)],
      ['renamed', () => renameSync(lockFile, join(dataDir, 'stale.lock'))],
      ['replaced by a new file', () => renameSync(writeNew(join(dataDir, 'new.lock')), lockFile)],
      ['reached through a symbolic link to the directory', () => symlinkSync(dataDir, link)],
    ];
    const printed: Record<string, string> = {};
    let acknowledged = 0;
    for (const [done, undo] of undoings) {
      const first = await startServe(env);
      cleanups.push(() => first.child.kill('SIGKILL'));
      // Creates run one after another for as long as the second start is tried.
      const answers: Array<number | string> = [];
      let creating = true;
      const writer = (async () => {
        while (creating) {
          answers.push(await create(first.baseUrl, 'kept').then((answer) => answer.status, String));
        }
      })();
      try {
        undo();
        const second = await serveUntilExit(
          { ...env, GATEWAY_DATA_DIR: done.startsWith('reached') ? link : dataDir },
          [],
        );
        expect({ done, code: second.code }).toEqual({ done, code: 2 });
        printed[done] = second.output;
      } finally {
        creating = false;
        await writer;
      }
      expect({ done, refused: answers.filter((status) => status !== 200) }).toEqual({ done, refused: [] });
      expect((await create(first.baseUrl, 'kept')).status).toBe(200);
      acknowledged += answers.length + 1;
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    const inUse =
      `gateway-contract: ${dataDir} is in use by another process: one process owns an embedded store ` +
      '(share one PostgreSQL through DATABASE_URL instead)\n';
    expect(printed).toEqual({
      deleted: inUse,
      renamed: inUse,
      'replaced by a new file': inUse,
      'reached through a symbolic link to the directory':
        `gateway-contract: data directory "${link}" is a symbolic link (to "${dataDir}"), and the embedded ` +
        'store uses a real directory only: give the directory itself as the data directory (GATEWAY_DATA_DIR), ' +
        'not a link to it\n',
    });

    const restarted = await startServe(env);
    cleanups.push(() => restarted.child.kill('SIGKILL'));
    for (let version = 1; version <= acknowledged; version += 1) {
      expect({ version, status: (await readVersion(restarted.baseUrl, 'kept', version)).status }).toEqual({
        version,
        status: 200,
      });
    }
    expect((await readVersion(restarted.baseUrl, 'kept', acknowledged + 1)).status).toBe(404);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 300_000);

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
    const dataDir = await initializedDataDir(join(scratch, 'killed'));
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

  it.skipIf(otherNamespace.skip)(
    `refuses a second gateway on the directory started in another network namespace, and loses no create${
      otherNamespace.skip ? `: ${otherNamespace.skip}` : ''
    }`,
    async () => {
      otherNamespace.refuse();
      const dataDir = await initializedDataDir(join(scratch, 'namespaces'));
      const first = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
      cleanups.push(() => first.child.kill('SIGKILL'));
      const CREATES = 40;
      for (let made = 0; made < CREATES; made += 1) {
        expect((await create(first.baseUrl, 'shared')).status).toBe(200);
      }
      const [, , since] = readFileSync(join(dataDir, 'gateway-contract.lock'), 'utf8').split('\n');

      const second = await serveUntilExit({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY }, [], {
        under: ['unshare', '-n'],
      });
      expect(second.code).toBe(2);
      expect(second.output).toBe(
        `gateway-contract: ${dataDir} is in use by process ${first.child.pid} on host ${hostname()} ` +
          `(since ${since}): one process owns an embedded store (share one PostgreSQL through DATABASE_URL instead)\n`,
      );
      expect((await create(first.baseUrl, 'shared')).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const restarted = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
      cleanups.push(() => restarted.child.kill('SIGKILL'));
      for (let version = 1; version <= CREATES + 1; version += 1) {
        expect((await readVersion(restarted.baseUrl, 'shared', version)).status).toBe(200);
      }
      expect((await readVersion(restarted.baseUrl, 'shared', CREATES + 2)).status).toBe(404);
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
    },
    120_000,
  );

  it.skipIf(asNobodyChange.skip)(
    `starts while another user squats every name it could${asNobodyChange.skip ? `: ${asNobodyChange.skip}` : ''}`,
    async () => {
      asNobodyChange.refuse();
      // A parent others may enter, so that the squatter gets as near to the data directory as it can.
      const open = join(scratch, 'open');
      mkdirSync(open, { mode: 0o755 });
      chmodSync(scratch, 0o755);
      const dataDir = await initializedDataDir(join(open, 'squatted'));
      const first = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
      cleanups.push(() => first.child.kill('SIGKILL'));
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const squatting = spawn(asNobody[0]!, [
        ...asNobody.slice(1),
        process.execPath,
        '-e',
        squatter,
        dataDir,
        earlierLockSocket(dataDir),
      ]);
      cleanups.push(() => squatting.kill('SIGKILL'));
      const said = await new Promise<string>((resolve) => {
        let output = '';
        squatting.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('\n')) resolve(output.trim());
        });
        squatting.once('close', () => resolve(output.trim()));
      });
      // 66 is flock's exit code for a file it cannot open.
      expect(said).toBe('bound; open EACCES; create EACCES; flock 66');

      const next = await startServe({ GATEWAY_DATA_DIR: dataDir, GATEWAY_MANAGEMENT_KEY: KEY });
      cleanups.push(() => next.child.kill('SIGKILL'));
      expect((await create(next.baseUrl, 'squatted')).status).toBe(200);
      expect(squatting.exitCode).toBe(null);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
    120_000,
  );

  it('serves a start made while the killed holder is still a zombie nobody has reaped', async () => {
    const dataDir = await initializedDataDir(join(scratch, 'zombie'));
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

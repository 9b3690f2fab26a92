import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPgliteEngine } from '../src/http/store/pglite-engine.js';
import { raceForLock } from '../test/support/lock-racers.js';
import { mountSmallDisk } from '../test/support/small-disk.js';
import { walAtTheEdge } from '../test/support/wal-edge.js';
import { writeSection } from './load-runs.js';
import { repoRoot } from './paths.js';

/*
 * Faults of the embedded store (PGlite), each a function that returns one row: the creates acknowledged (200)
 * before the fault, how many of those are there after it, and the time from the end of the fault (the kill,
 * the freed disk) to the next acknowledged create. The rows have the shape of a table of faults, to join one.
 *
 *   npm run bench:faults runs these after the PostgreSQL faults; alone: node dist/bench/embedded-faults.js [--write]; --write replaces `## Embedded store faults`
 *   in RESULTS.md. The full disk needs root, to mount a tmpfs.
 */

export interface FaultRow {
  fault: string;
  /** Creates answered 200 before the fault; null where the fault is not about writes. */
  acknowledged: number | null;
  /** Of those, the ones read back after it. */
  present: number | null;
  /** Milliseconds from the end of the fault to the next 200 (a restart included where there is one). */
  recoverMs: number | null;
  note: string;
}

const KEY = 'gw-mgmt-fault-bench';
const CREATES = 40;
const body = JSON.stringify({
  model: 'anthropic/claude-4.6-sonnet',
  messages: [{ role: 'user', content: 'hello' }],
  max_tokens: 64,
});

interface Gateway {
  child: ChildProcess;
  baseUrl: string;
}

/** The built gateway on a free port, in a process group of its own; resolves once it listens. */
async function startGateway(dataDir: string): Promise<Gateway> {
  const child = spawn(process.execPath, [join(repoRoot, 'dist/lib/bin.js'), 'serve'], {
    // No versions cache: a version read back after the fault comes from the disk, not from the process.
    env: {
      PATH: process.env['PATH'],
      PORT: '0',
      GATEWAY_DATA_DIR: dataDir,
      GATEWAY_MANAGEMENT_KEY: KEY,
      GATEWAY_VERSION_CACHE_BYTES: '0',
      // The human lines, which this reads its URL from.
      GATEWAY_LOG_FORMAT: 'text',
    },
    detached: true,
  });
  let output = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /listening on (\S+)/.exec(output)?.[1];
      if (url && output.includes('One log line per request follows')) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited with ${code}: ${output}`)));
  });
  return { child, baseUrl };
}

async function stopGateway(gateway: Gateway): Promise<void> {
  if (gateway.child.exitCode !== null) return;
  const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
  gateway.child.kill('SIGTERM');
  await exited;
}

const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const create = (gateway: Gateway, slug: string) =>
  fetch(`${gateway.baseUrl}/presets/${slug}/messages`, { method: 'POST', headers, body }).then(
    (response) => response.status,
    () => 0,
  );

/** Creates versions 1..count of `slug` one after another; returns how many were answered 200. */
async function createVersions(gateway: Gateway, slug: string, count: number): Promise<number> {
  let acknowledged = 0;
  for (let index = 0; index < count; index += 1) if ((await create(gateway, slug)) === 200) acknowledged += 1;
  return acknowledged;
}

/** How many of versions 1..count of `slug` read back 200. */
async function presentVersions(gateway: Gateway, slug: string, count: number): Promise<number> {
  let present = 0;
  for (let version = 1; version <= count; version += 1) {
    const response = await fetch(`${gateway.baseUrl}/presets/${slug}/versions/${version}`, { headers });
    if (response.status === 200) present += 1;
  }
  return present;
}

/** Milliseconds until a create at a fresh slug is answered 200, trying every 20 ms for at most a minute. */
async function untilAcknowledged(gateway: () => Gateway | undefined, since: number): Promise<number | null> {
  for (let attempt = 0; Date.now() - since < 60_000; attempt += 1) {
    const running = gateway();
    if (running && (await create(running, `recovered-${attempt}`)) === 200) return Date.now() - since;
    await sleep(20);
  }
  return null;
}

/** SIGKILL to the gateway's process group after its creates, then a start on the same directory. */
export async function killedAndRestarted(): Promise<FaultRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-contract-fault-kill-'));
  let next: Gateway | undefined;
  try {
    const first = await startGateway(dataDir);
    const acknowledged = await createVersions(first, 'kept', CREATES);
    process.kill(-(first.child.pid as number), 'SIGKILL');
    const killedAt = Date.now();
    next = await startGateway(dataDir);
    const recoverMs = await untilAcknowledged(() => next, killedAt);
    const present = await presentVersions(next, 'kept', acknowledged);
    return {
      fault: 'SIGKILL of the process group, then a start on the same directory',
      acknowledged,
      present,
      recoverMs,
      note: 'no lock is left behind; the start replays the WAL',
    };
  } finally {
    if (next) await stopGateway(next);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The data directory's disk (a 48 MiB tmpfs) filled to the last byte under a running gateway, then freed. */
export async function diskFilled(): Promise<FaultRow> {
  const fault = 'disk full to the last byte (48 MiB tmpfs), then freed';
  const disk = mountSmallDisk(48);
  if (typeof disk === 'string')
    return { fault, acknowledged: null, present: null, recoverMs: null, note: disk };
  let gateway: Gateway | undefined;
  try {
    gateway = await startGateway(join(disk.dir, 'data'));
    const acknowledged = await createVersions(gateway, 'kept', CREATES);
    disk.fill();
    const refusedAt = Date.now();
    const refused = await create(gateway, 'kept');
    const refusedMs = Date.now() - refusedAt;
    const catalog = (await fetch(`${gateway.baseUrl}/providers`)).status;
    disk.free();
    const freedAt = Date.now();
    const running = gateway;
    const recoverMs = await untilAcknowledged(() => running, freedAt);
    const present = await presentVersions(gateway, 'kept', acknowledged);
    return {
      fault,
      acknowledged,
      present,
      recoverMs,
      note: `a create while full: ${refused} in ${refusedMs} ms; /providers ${catalog}; no restart`,
    };
  } finally {
    if (gateway) await stopGateway(gateway);
    disk.unmount();
  }
}

/**
 * PostgreSQL stopped by a PANIC in the middle of a commit (the disk filled by someone else past the engine's
 * free-space margin, here set to nothing): the engine throws at once and starts again once the disk has room.
 */
export async function stoppedMidCommit(): Promise<FaultRow> {
  const fault = 'PostgreSQL PANIC mid-commit (WAL segment on a full disk), then freed';
  const disk = mountSmallDisk(48);
  if (typeof disk === 'string')
    return { fault, acknowledged: null, present: null, recoverMs: null, note: disk };
  const dataDir = join(disk.dir, 'data');
  const engine = await openPgliteEngine(dataDir, { minFreeBytes: 0 });
  try {
    await walAtTheEdge(engine, dataDir);
    disk.fill();
    let acknowledged = 0;
    let failedMs = 0;
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const began = Date.now();
      const ok = await engine
        .transaction((session) => session.query('INSERT INTO t (x) VALUES ($1)', [`row ${attempt}`]))
        .then(
          () => true,
          () => false,
        );
      if (!ok) {
        failedMs = Date.now() - began;
        break;
      }
      acknowledged += 1;
    }
    disk.free();
    const freedAt = Date.now();
    let recoverMs: number | null = null;
    while (recoverMs === null && Date.now() - freedAt < 60_000) {
      recoverMs = await engine.query('SELECT 1').then(
        () => Date.now() - freedAt,
        () => null,
      );
      if (recoverMs === null) await sleep(20);
    }
    const rows = await engine.query<{ n: number }>(`SELECT count(*)::int AS n FROM t WHERE x LIKE 'row %'`);
    return {
      fault,
      acknowledged,
      present: rows.rows[0]?.n ?? 0,
      recoverMs,
      note: `the failed commit answered in ${failedMs} ms; the engine restarted in process`,
    };
  } finally {
    disk.free();
    await engine.close();
    disk.unmount();
  }
}

/** Two hundred starts racing over a stale lock file: how many took the lock. */
export async function racingStarts(): Promise<FaultRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-contract-fault-race-'));
  writeFileSync(join(dataDir, 'gateway-contract.lock'), `${2 ** 22 + 1}\n`);
  try {
    const said = await raceForLock(join(repoRoot, 'dist/src/gateway/data-dir-lock.js'), dataDir, 200);
    const won = said.filter((line) => line === 'won').length;
    const lost = said.filter((line) => line.startsWith('lost ')).length;
    return {
      fault: '200 starts racing over a stale lock file',
      acknowledged: null,
      present: null,
      recoverMs: null,
      note: `${won} took the lock, ${lost} were refused`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const SECTION = '## Embedded store faults';

/** Meets each embedded-store fault once and prints its table (into RESULTS.md with `--write`). */
export async function runEmbeddedFaults(): Promise<void> {
  const rows: FaultRow[] = [];
  for (const measure of [killedAndRestarted, diskFilled, stoppedMidCommit, racingStarts]) {
    rows.push(await measure());
    console.error(JSON.stringify(rows.at(-1)));
  }
  const cell = (value: number | null) => (value === null ? '-' : String(value));
  const section = [
    SECTION,
    '',
    `\`npm run bench:faults\` (its second part), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the ` +
      `shared 2-core machine at load average ${loadavg()[0]?.toFixed(1)}. Each fault once, on the built gateway: ` +
      `${CREATES} creates one after another before the fault (for the PANIC, on the engine alone, the commits ` +
      'until the one that failed), then every one of them read back after it; the time to recover runs from the ' +
      'kill, or from the moment the disk has room again, to the next create answered 200 (a start included after ' +
      'a kill).',
    '',
    '| fault | acknowledged | present | to recover (ms) | note |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.fault} | ${cell(row.acknowledged)} | ${cell(row.present)} | ${cell(row.recoverMs)} | ${row.note} |`,
    ),
    '',
  ].join('\n');
  console.log(section);
  if (process.argv.includes('--write')) await writeSection(SECTION, section);
}

if (process.argv[1]?.endsWith('embedded-faults.js')) await runEmbeddedFaults();

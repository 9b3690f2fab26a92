import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { MANAGEMENT_KEY, STANDARD_KEY } from './attack-keys.js';
import { GATEWAY_BIN, startServerChild, type ServerChild } from './gateway-child.js';

/*
 * `npm run bench:attack`: the attacks on the reference gateway that once took it down or got wrong answers
 * (docs/security.md), replayed from another process on loopback, each against a fresh gateway started as a child
 * process in production mode. While each runs, this process probes `GET /providers` on a new connection every
 * 100 ms (each probe waits up to 5 s). The table shows each attack's outcome, the gateway's peak resident memory,
 * whether its process still runs and answers a probe right after, and the probes' answers and 99th percentile.
 * An attack is held when its outcome is the one the gateway must give, every probe was answered, their p99 is
 * under 1 s, and the gateway answers after it. Every attack is bounded in count and time. An attack that needs
 * two management keys runs against the library's Node server with two (two-keys-server.ts) instead, as a team
 * serving several clients from the library runs it.
 */

const attacks: Array<[id: string, what: string, shards?: number, server?: 'two keys']> = [
  ['A', 'no key: 600 connections each write 4,000 pipelined GETs and never read'],
  ['B', 'no key: 20,400 idle connections (two attacker processes)', 2],
  ['C', 'management key: 48 concurrent 4 MiB bodies of arrays nested to the depth limit'],
  ['D', 'management key: up to 1,069 creates of 3.9 MiB configs, until the store refuses (25 s at most)'],
  ['E', '`fetch` uploads of 8-50 MiB, past the size limit or with a wrong key'],
  ['F', 'early rejection of a small body, 20 times on one kept-alive connection'],
  ['G', 'pipelined create, then GET of the new slug'],
  ['H', 'two `Authorization` headers, the valid one first'],
  ['I', 'tool `input_schema` with properties `__proto__`, `constructor`, `prototype`'],
  ['J', 'library: a cyclic object in a free-form field'],
  ['K', '4 MiB of objects with 127 keys new to the engine'],
  [
    'L',
    'no key: 17 connections each declare a 4 MiB body, send none and reconnect when closed, for 12 s, beside 30 keyed creates',
  ],
  [
    'M',
    "management key: 17 connections each send 4 MiB less one byte of a 4 MiB body and stall, beside the key's own 5 creates and another management key's 30 (library server, two keys)",
    1,
    'two keys',
  ],
  [
    'N',
    "four management keys of four workspaces: 16 connections each send 4 MiB less one byte of a 4 MiB body and stall (4 for each key, its whole share), beside a fifth key's 10 creates of 300 kB and a sixth's 10 of 2 kB (library server)",
    1,
    'two keys',
  ],
  [
    'O',
    "32 management keys of 32 workspaces: 32 connections each send 4 MiB less one byte of a 4 MiB body and stall (one for each key, under its share), beside a 33rd key's 10 creates of 300 kB (library server)",
    1,
    'two keys',
  ],
  ['clean: create and read', '50 creates of the example, each read back'],
  ['clean: 1,000 keep-alive GETs', '`GET /providers`, one at a time'],
  ['clean: 4 MiB of turns', '5 creates of 4 MiB of short user turns'],
];

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CLIENT = here('./attack-client.js');
const TWO_KEYS_SERVER = here('./two-keys-server.js');
/** No attack runs longer than this; past it its processes are stopped and it counts as not held. */
const ATTACK_MS = 150_000;
const PROBE_EVERY_MS = 100;
const PROBE_TIMEOUT_MS = 5_000;

function startGateway(server?: 'two keys'): Promise<ServerChild> {
  if (server === 'two keys') return startServerChild(TWO_KEYS_SERVER, [], {});
  return startServerChild(GATEWAY_BIN, ['serve', '--memory', '--port', '0'], {
    GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
    GATEWAY_API_KEY: STANDARD_KEY,
  });
}

/** The gateway's peak resident memory so far, in MiB, from the kernel's high-water mark. */
function peakRssMiB(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** One probe: milliseconds to a 200 on a new connection, or undefined for anything else. */
function probe(origin: string): Promise<number | undefined> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = get(
      `${origin}/api/v1/providers`,
      { agent: false, timeout: PROBE_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve(response.statusCode === 200 ? performance.now() - started : undefined),
        );
        response.on('error', () => resolve(undefined));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

function runClient(id: string, origin: string, shard: number): Promise<{ result: string; held: boolean }> {
  const child = spawn(process.execPath, ['--max-old-space-size=4096', CLIENT, id, origin, String(shard)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), ATTACK_MS);
  return new Promise((resolve) => {
    child.on('exit', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(output.trim().split('\n').pop() ?? '') as { result: string; held: boolean });
      } catch {
        resolve({ result: 'the attacker stopped without a result', held: false });
      }
    });
  });
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN;
}

/** Attack ids given on the command line run alone; none given, all run. */
const chosen = process.argv.slice(2);
const rows: string[] = [];
const started = Date.now();
for (const [id, what, shards = 1, server] of attacks) {
  if (chosen.length > 0 && !chosen.includes(id)) continue;
  const gateway = await startGateway(server);
  const pid = gateway.child.pid as number;
  let exited = false;
  gateway.child.once('exit', () => (exited = true));
  let attacking = true;
  const latencies: number[] = [];
  let failed = 0;
  const probing = (async () => {
    while (attacking) {
      const next = new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      const ms = await probe(gateway.origin);
      if (ms === undefined) failed++;
      else latencies.push(ms);
      await next;
    }
  })();
  const outcomes = await Promise.all(
    Array.from({ length: shards }, (_, shard) => runClient(id, gateway.origin, shard)),
  );
  attacking = false;
  await probing;
  const peak = peakRssMiB(pid);
  const answersAfter = !exited && (await probe(gateway.origin)) !== undefined;
  const alive = !exited;
  gateway.child.kill('SIGKILL');
  const p99 = percentile(latencies, 0.99);
  const held = outcomes.every((outcome) => outcome.held) && answersAfter && failed === 0 && p99 < 1000;
  rows.push(
    `| ${id} | ${what} | ${outcomes.map((outcome) => outcome.result).join('; ')} | ${peak?.toFixed(0) ?? '?'} | ` +
      `${alive ? 'yes' : '**no**'} | ${answersAfter ? 'yes' : '**no**'} | ${latencies.length} of ${latencies.length + failed} | ${p99.toFixed(0)} | ${held ? 'yes' : '**no**'} |`,
  );
  console.error(`${id}: done after ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

console.log(
  `Attacks on the reference gateway (NODE_ENV=production, default bounds), each from its own process on loopback; node ${process.version}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
console.log('');
console.log(
  '| # | attack | what the attacker saw | gateway peak RSS (MiB) | process lives | answers right after | probes answered | probe p99 (ms) | held |',
);
console.log('|---|---|---|---:|---|---|---:|---:|---|');
for (const row of rows) console.log(row);

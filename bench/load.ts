import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestCases } from '../test/fixtures/payloads.js';
import { startPostgres, type PostgresServer } from '../test/support/postgres-server.js';
import {
  CONNECTIONS,
  grouped,
  measure,
  numberOption,
  range,
  spread,
  startServer,
  stopServer,
  writeSection,
  type Sample,
  type ServerProcess,
  type Spread,
} from './load-runs.js';
import { benchScript } from './paths.js';
import { validate } from '../src/core/validators.js';
import type { PresetResponse } from '../src/generated/types.js';

/*
 * The load benchmark: autocannon against each server on loopback, each server in its own process (load-server.ts),
 * every request the typical create request (POST /presets/{slug}/messages) of test/fixtures/payloads.ts at a fresh
 * slug. The reference gateway in production mode (requests validated) over the memory store, PGlite and
 * PostgreSQL, beside a bare node:http server that reads the body, runs JSON.parse and answers a preset-shaped JSON
 * of the same size; and the Express, Fastify and Hono adapters of the gateway, each beside a bare route of its own
 * framework. The servers of a group run one after the other within each round, in an order that rotates, and
 * every ratio is taken within a round, so a burst of load from elsewhere on the machine touches both sides alike.
 *
 *   node dist/bench/load.js [--rounds N] [--seconds S] [--write]   --write replaces `## HTTP load` in RESULTS.md
 *   node dist/bench/load.js --only bare,memory,memory-log             those rows alone, for a short run beside a change
 */

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(argv, name, fallback);
const ROUNDS = option('--rounds', 5);
const SECONDS = option('--seconds', 2);
const WARM_UP_SECONDS = 1;
const MANAGEMENT_KEY = 'bench-management-key';
const SECTION = '## HTTP load';
const onlyAt = argv.indexOf('--only');
/** The rows `--only` names; every row without it. */
const only = onlyAt < 0 ? undefined : new Set((argv[onlyAt + 1] ?? '').split(','));
if (only !== undefined && argv.includes('--write'))
  throw new Error('--only measures a part: it cannot --write');
const chosen = (id: string) => only === undefined || only.has(id);

interface Row {
  id: string;
  label: string;
  /** The row this one is a ratio of; none for a bare server. */
  bare?: string;
  /** For PostgreSQL, its URL; for PGlite, a data directory. */
  where?: string;
}

const groups: Row[][] = [
  [
    { id: 'bare', label: 'bare `node:http` (the floor)' },
    { id: 'checked', label: 'bare `node:http`, body guards and validation only', bare: 'bare' },
    { id: 'memory', label: 'gateway, memory store (`--memory`)', bare: 'bare' },
    { id: 'memory-log', label: 'gateway, memory store, JSON request log to /dev/null', bare: 'bare' },
    { id: 'pglite', label: 'gateway, PGlite (embedded, the default)', bare: 'bare' },
    { id: 'postgres', label: 'gateway, PostgreSQL (`DATABASE_URL`)', bare: 'bare' },
  ],
  [
    { id: 'express-bare', label: 'Express 5, bare route (`express.json()`)' },
    { id: 'express-gateway', label: 'Express 5, `expressGateway`', bare: 'express-bare' },
  ],
  [
    { id: 'fastify-bare', label: "Fastify 5, bare route (Fastify's JSON parser)" },
    {
      id: 'fastify-checked',
      label: 'Fastify 5, bare route with `rawBodies` and `validateBody`',
      bare: 'fastify-bare',
    },
    { id: 'fastify-gateway', label: 'Fastify 5, `fastifyGateway`', bare: 'fastify-bare' },
  ],
  [
    { id: 'hono-bare', label: 'Hono 4, bare route (`c.req.json()`)' },
    { id: 'hono-gateway', label: 'Hono 4, `fetchGateway`', bare: 'hono-bare' },
  ],
];

const typical = requestCases.find((testCase) => testCase.name === 'typical')?.value;
const body = JSON.stringify(typical);

interface Server extends ServerProcess {
  row: Row;
}

let slugs = 0;
/** The JSON of the version the memory store keeps per create, in bytes. */
let versionBytes = NaN;

/** One timed run: every request creates a preset at a new slug, so none waits on another's version. */
function measureCreates(server: Server, seconds: number): Promise<Sample> {
  const basePath = new URL(server.baseUrl).pathname;
  return measure(
    server,
    [
      {
        method: 'POST',
        headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
        body,
        setupRequest: (request) => ({ ...request, path: `${basePath}/presets/load-${slugs++}/messages` }),
      },
    ],
    seconds,
  );
}

/** Before anything is timed, a create must answer 200 with a valid preset-response, bare routes alike. */
async function checkVerdict(server: Server): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/presets/verdict-check/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  const created: unknown = JSON.parse(text);
  if (response.status !== 200 || !validate('preset-response', created).ok) {
    throw new Error(`${server.row.id}: the create request got ${response.status}, not a valid 200`);
  }
  if (server.row.id === 'memory') {
    versionBytes = JSON.stringify((created as PresetResponse).data.designated_version).length;
  }
  return text.length;
}

/** Microseconds one `validate` call takes on `value` in this process: the cost without HTTP's noise around it. */
function validateAlone(root: 'messages-request' | 'preset-response', value: unknown): number {
  for (let i = 0; i < 2000; i++) validate(root, value);
  const runs = 20000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) validate(root, value);
  return Number(process.hrtime.bigint() - started) / 1000 / runs;
}

/** What touching memory costs here, per 4 KiB page: the first write to a fresh page, and a second write. */
function pageTouch(): { first: number; again: number } {
  const pages = 8192;
  const bytes = new Uint8Array(pages * 4096);
  const started = process.hrtime.bigint();
  bytes.fill(1);
  const touched = process.hrtime.bigint();
  bytes.fill(2);
  const again = process.hrtime.bigint();
  return { first: Number(touched - started) / 1000 / pages, again: Number(again - touched) / 1000 / pages };
}

/**
 * What the body guards and validation leave of each target: the rest of a create (auth, routing, normalizing,
 * storing, the answer) must fit in the difference, which a row that only guards and validates shows.
 */
function headroom(ratio: (id: string, bare: string) => Spread): string[] {
  const lines = [
    ['checked', 'bare', 0.75, 'the bare `node:http` server'],
    ['fastify-checked', 'fastify-bare', 0.85, "Fastify's bare route"],
  ].map(([id, bare, target, what]) => {
    const { median } = ratio(id as string, bare as string);
    if (!Number.isFinite(median)) return '';
    const left = median - (target as number);
    return (
      `Against ${what}, the body guards and validation alone run at ${median.toFixed(2)}x, so for its target ` +
      `of ${(target as number).toFixed(2)}x the rest of a create has ${
        left > 0 ? `${Math.round(left * 100)}% of that server's throughput left` : 'nothing left'
      }.`
    );
  });
  return [
    'The rows "body guards and validation only" answer as their bare server does after the library\'s body ' +
      'guards (size, UTF-8, depth, repeated keys, cost bounds, `JSON.parse`) and the validation of the request, ' +
      'and nothing else: the part of a create that the contract lets no gateway skip. ' +
      lines.filter((line) => line !== '').join(' '),
    '',
  ];
}

const ratioText = ({ median, low, high }: Spread) =>
  `${median.toFixed(2)}x (${low.toFixed(2)}-${high.toFixed(2)})`;

function render(
  rows: Row[],
  samples: Map<string, Sample[]>,
  skipped: string[],
  answerBytes: Map<string, number>,
  alone: number,
  touch: { first: number; again: number; versionBytes: number },
): string {
  const column = (id: string, key: keyof Sample) => spread((samples.get(id) ?? []).map((run) => run[key]));
  // A ratio per round, of two servers measured back to back in that round; the median of the rounds.
  const ratio = (id: string, bare: string) => {
    const own = samples.get(id) ?? [];
    const floor = samples.get(bare) ?? [];
    return spread(own.map((run, round) => run.rps / (floor[round]?.rps ?? NaN)));
  };
  const bytes = [...new Set(answerBytes.values())].map(grouped).join(' or ');
  return [
    SECTION,
    '',
    `\`npm run bench:load\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the shared 2-core ` +
      `machine at load average ${loadavg()[0]?.toFixed(1)}. autocannon (${CONNECTIONS} connections, in this process) ` +
      'against each server on 127.0.0.1, one process per server (the gateway in production mode: requests ' +
      'validated, responses not; request log off); every request is the typical create request of ' +
      `test/fixtures/payloads.ts (${grouped(body.length)} bytes) at a fresh slug, every answer ${bytes} bytes. ` +
      `After ${WARM_UP_SECONDS} s of warm-up per server, ${ROUNDS} rounds of ${SECONDS} s; in each round the ` +
      'servers of a group run one after the other, in an order that rotates. Each cell is the median round, ' +
      'with the lowest and highest in brackets; a ratio is taken within each round, then its median.',
    '',
    '| server | requests/s | against its bare server | p50 latency (ms) | p99 latency (ms) | server CPU per request (µs) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows
      .filter((row) => samples.has(row.id))
      .map(
        (row) =>
          `| ${row.label} | ${range(column(row.id, 'rps'))} | ` +
          `${row.bare === undefined ? '1' : ratioText(ratio(row.id, row.bare))} | ${range(column(row.id, 'p50'))} | ` +
          `${range(column(row.id, 'p99'))} | ${range(column(row.id, 'cpu'))} |`,
      ),
    ...skipped.map((reason) => `\nNot measured: ${reason}`),
    '',
    ...headroom(ratio),
    `Validating the request, timed in one process without HTTP around it, is ${alone.toFixed(1)} µs of that ` +
      "CPU (`validate('messages-request')` on this body). The targets: the gateway on the memory store at 0.75x " +
      "the bare server or more, each adapter at 0.85x its framework's bare route or more. Client and server share " +
      'the two cores with other work, so rounds swing; the CPU per request is the steadier figure.',
    '',
    `On this machine the first write to a fresh 4 KiB page of memory costs ${touch.first.toFixed(1)} µs ` +
      `(${touch.again.toFixed(2)} µs the second time, measured in this process on 32 MiB). The memory store keeps ` +
      `each version's JSON (${grouped(touch.versionBytes)} bytes here, ${(touch.versionBytes / 4096).toFixed(2)} of a ` +
      'page per create) in memory it has not written before, so its growth alone costs the gateway about ' +
      `${((touch.first * touch.versionBytes) / 4096).toFixed(0)} µs of CPU per request that the bare server, which ` +
      'keeps nothing, does not pay.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-contract-load-'));
  let postgres: PostgresServer | undefined;
  const skipped: string[] = [];
  const running: Server[][] = [];
  try {
    try {
      if (chosen('postgres')) postgres = await startPostgres();
    } catch (error) {
      skipped.push(`the gateway on PostgreSQL: ${(error as Error).message}`);
      console.log(`skipping PostgreSQL: ${(error as Error).message}`);
    }
    const where: Record<string, string | undefined> = { pglite: dataDir, postgres: postgres?.url };
    for (const group of groups) {
      const servers: Server[] = [];
      for (const row of group) {
        if ((row.id === 'postgres' && postgres === undefined) || !chosen(row.id)) continue;
        const args = [row.id, ...(where[row.id] === undefined ? [] : [where[row.id] as string])];
        servers.push({ row, ...(await startServer(benchScript('load-server'), args)) });
      }
      if (servers.length > 0) running.push(servers);
    }
    const answerBytes = new Map<string, number>();
    for (const server of running.flat()) {
      answerBytes.set(server.row.id, (await checkVerdict(server)) as number);
      await measureCreates(server, WARM_UP_SECONDS);
    }
    const samples = new Map<string, Sample[]>(running.flat().map((server) => [server.row.id, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const servers of running) {
        // The order rotates, so no server always runs right after the same other one.
        const turn = round % servers.length;
        for (const server of [...servers.slice(turn), ...servers.slice(0, turn)]) {
          const sample = await measureCreates(server, SECONDS);
          samples.get(server.row.id)?.push(sample);
          console.log(
            `round ${round + 1}, ${server.row.id}: ${Math.round(sample.rps)} requests/s, ` +
              `p99 ${sample.p99} ms, ${Math.round(sample.cpu)} µs CPU per request`,
          );
        }
      }
    }
    const section = render(
      groups.flat(),
      samples,
      skipped,
      answerBytes,
      validateAlone('messages-request', JSON.parse(body)),
      { ...pageTouch(), versionBytes },
    );
    console.log(`\n${section}`);
    if (argv.includes('--write')) await writeSection(SECTION, section);
  } finally {
    await Promise.all(running.flat().map((server) => stopServer(server.child)));
    postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

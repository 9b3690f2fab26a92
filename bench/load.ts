import { loadavg } from 'node:os';
import { requestCases } from '../test/fixtures/payloads.js';
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
import { reportUsage } from './server-usage.js';
import { gatewayKeys } from '../src/gateway/keys.js';
import { startGateway } from '../src/gateway/server.js';
import type { HandlerOptions } from '../src/http/types.js';
import { validate } from '../src/core/validators.js';

/*
 * The load benchmark: autocannon against the reference gateway on loopback, the gateway in its own process,
 * every request the typical create request (POST /presets/{slug}/messages) of test/fixtures/payloads.ts at a fresh slug,
 * with validation off, on requests only (the production default), and on requests and responses (development
 * mode). Modes take turns over the rounds, so a burst of load from elsewhere on the machine spreads over all of
 * them.
 *
 *   node dist/bench/load.js [--rounds N] [--seconds S] [--write]   --write replaces `## HTTP load` in RESULTS.md
 */

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(argv, name, fallback);
const ROUNDS = option('--rounds', 5);
const SECONDS = option('--seconds', 2.5);
const WARM_UP_SECONDS = 1;
const MANAGEMENT_KEY = 'bench-management-key';
const SECTION = '## HTTP load';

interface Mode {
  id: string;
  label: string;
  handler: Pick<HandlerOptions, 'validateRequests' | 'validateResponses'>;
}

const modes: Mode[] = [
  { id: 'off', label: 'none', handler: { validateRequests: false, validateResponses: false } },
  {
    id: 'requests',
    label: 'requests (production default)',
    handler: { validateRequests: true, validateResponses: false },
  },
  {
    id: 'all',
    label: 'requests and responses (development default)',
    handler: { validateRequests: true, validateResponses: true },
  },
];

const typical = requestCases.find((testCase) => testCase.name === 'typical')?.value;
const body = JSON.stringify(typical);

/** The server side: the reference gateway in one mode, its address on stdout, until SIGTERM. */
async function serve(modeId: string): Promise<void> {
  const mode = modes.find((candidate) => candidate.id === modeId);
  if (mode === undefined) throw new Error(`unknown mode ${modeId}`);
  const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: 'bench-standard-key' });
  let served = 0;
  const gateway = await startGateway({ keys, port: 0, handler: mode.handler, log: () => served++ });
  // The parent reads this process's own CPU time per request: far steadier than throughput on a shared machine.
  reportUsage(() => served);
  process.once('SIGTERM', () => void gateway.close().then(() => process.disconnect()));
  console.log(gateway.baseUrl);
}

interface Server extends ServerProcess {
  mode: Mode;
}

let slugs = 0;

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

/** Before anything is timed, a create must answer 200 with a valid preset-response in every mode. */
async function checkVerdict(baseUrl: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}/presets/verdict-check/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
    body,
  });
  const created: unknown = await response.json();
  if (response.status !== 200 || !validate('preset-response', created).ok) {
    throw new Error(`the create request got ${response.status}, not a valid 200`);
  }
  return created;
}

/** Microseconds one `validate` call takes on `value` in this process: the cost without HTTP's noise around it. */
function validateAlone(root: 'messages-request' | 'preset-response', value: unknown): number {
  for (let i = 0; i < 2000; i++) validate(root, value);
  const runs = 20000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) validate(root, value);
  return Number(process.hrtime.bigint() - started) / 1000 / runs;
}

/** One mode's rounds, each column's median with its lowest and highest round. */
interface Row {
  mode: Mode;
  columns: Record<keyof Sample, Spread>;
}

function summarize(mode: Mode, runs: readonly Sample[]): Row {
  const column = (key: keyof Sample) => spread(runs.map((run) => run[key]));
  return {
    mode,
    columns: { rps: column('rps'), p50: column('p50'), p99: column('p99'), cpu: column('cpu') },
  };
}

function render(rows: Row[], alone: { request: number; response: number }): string {
  const [off, requests, all] = rows.map((row) => row.columns.cpu.median);
  const added = (cpu: number | undefined) => grouped((cpu ?? NaN) - (off ?? NaN));
  const share = (micros: number) => `${((micros / (off ?? NaN)) * 100).toFixed(1)}%`;
  return [
    SECTION,
    '',
    `\`npm run bench:load\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the shared 2-core ` +
      `machine at load average ${loadavg()[0]?.toFixed(1)}. autocannon (${CONNECTIONS} connections, in this process) ` +
      'against the reference gateway on 127.0.0.1, one gateway process per mode (request log off); every request ' +
      `is the typical create request of test/fixtures/payloads.ts (${grouped(body.length)} bytes) at a fresh slug. After ` +
      `${WARM_UP_SECONDS} s of warm-up per mode, ${ROUNDS} rounds of ${SECONDS} s, the modes taking turns in an ` +
      'order that rotates each round. Each cell is the median round, with the lowest and highest in brackets.',
    '',
    '| validation | requests/s | p50 latency (ms) | p99 latency (ms) | server CPU per request (µs) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ mode, columns }) =>
        `| ${mode.label} | ${range(columns.rps)} | ${range(columns.p50)} | ${range(columns.p99)} | ` +
        `${range(columns.cpu)} |`,
    ),
    '',
    `Against no validation, the median server CPU per request differs by ${added(requests)} µs for requests only ` +
      `and ${added(all)} µs for requests and responses. Client and server share the two cores with other work, ` +
      'so a round swings by more than validation costs, and throughput and latency more still; the cost itself, ' +
      `timed in one process without HTTP around it, is ${alone.request.toFixed(1)} µs for ` +
      `\`validate('messages-request')\` on this body (${share(alone.request)} of a request's server CPU without ` +
      `validation) and ${alone.response.toFixed(1)} µs for \`validate('preset-response')\` on the preset it ` +
      `creates (${share(alone.response)}). The rest of a request is HTTP, reading and guarding the body ` +
      '(`parseJsonBody`), normalizing it, the store, and serializing the response.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const servers: Server[] = [];
  try {
    for (const mode of modes) {
      servers.push({ mode, ...(await startServer(benchScript('load'), ['--serve', mode.id])) });
    }
    let created: unknown;
    for (const server of servers) {
      created = await checkVerdict(server.baseUrl);
      await measureCreates(server, WARM_UP_SECONDS);
    }
    const samples = new Map<Server, Sample[]>(servers.map((server) => [server, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // The order rotates, so no mode always runs right after the same other one.
      for (const server of [
        ...servers.slice(round % servers.length),
        ...servers.slice(0, round % servers.length),
      ]) {
        const sample = await measureCreates(server, SECONDS);
        samples.get(server)?.push(sample);
        console.log(
          `round ${round + 1}, ${server.mode.label}: ${Math.round(sample.rps)} requests/s, ` +
            `p99 ${sample.p99} ms, ${Math.round(sample.cpu)} µs CPU per request`,
        );
      }
    }
    const rows = servers.map((server) => summarize(server.mode, samples.get(server) ?? []));
    const alone = {
      request: validateAlone('messages-request', JSON.parse(body)),
      response: validateAlone('preset-response', created),
    };
    const section = render(rows, alone);
    console.log(`\n${section}`);
    if (argv.includes('--write')) await writeSection(SECTION, section);
  } finally {
    await Promise.all(servers.map((server) => stopServer(server.child)));
  }
}

if (argv[0] === '--serve') await serve(argv[1] ?? '');
else await main();

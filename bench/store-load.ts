import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestCases } from '../test/fixtures/payloads.js';
import { startPostgres, type PostgresServer } from '../test/support/postgres-server.js';
import { chooseStore, openGatewayStore } from '../src/gateway/gateway-store.js';
import { gatewayKeys } from '../src/gateway/keys.js';
import { MemoryPresetStore } from '../src/http/store/memory-preset-store.js';
import { openPgliteEngine } from '../src/http/store/pglite-engine.js';
import type { PresetStore } from '../src/http/store/preset-store.js';
import { migrate } from '../src/http/store/sql-migrations.js';
import { SqlPresetStore } from '../src/http/store/sql-preset-store.js';
import { startGateway } from '../src/gateway/server.js';
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
} from './load-runs.js';
import { benchScript } from './paths.js';
import { reportUsage } from './server-usage.js';

/*
 * The preset stores under load: the reference gateway in its own process over the in-memory store, PGlite in
 * a temporary data directory (as the gateway opens it, and without its fsync at commit, to show that cost),
 * and a PostgreSQL server this benchmark starts; autocannon creates presets at
 * fresh slugs, then reads one version back, the stores taking turns over the rounds.
 *
 *   node dist/bench/store-load.js [--rounds N] [--seconds S] [--write]   --write replaces `## Preset stores`
 */

const argv = process.argv.slice(2);
const ROUNDS = numberOption(argv, '--rounds', 3);
const SECONDS = numberOption(argv, '--seconds', 2);
const MANAGEMENT_KEY = 'bench-management-key';
const SECTION = '## Preset stores';
const body = JSON.stringify(requestCases.find((testCase) => testCase.name === 'typical')?.value);

const stores = [
  { id: 'memory', label: 'in memory (`--memory`)' },
  { id: 'pglite', label: 'PGlite (embedded, the default; fsync at each commit)' },
  { id: 'pglite-unsynced', label: 'PGlite without the fsync (`sync: false`, not durable)' },
  { id: 'postgres', label: 'PostgreSQL 15 (`DATABASE_URL`, pool of 10)' },
] as const;
type StoreId = (typeof stores)[number]['id'];

/** The engine without its fsync, opened as the gateway opens its store, to show what the fsync costs. */
async function unsyncedPglite(dataDir: string): Promise<{ presets: PresetStore; close(): Promise<void> }> {
  const engine = await openPgliteEngine(dataDir, { sync: false });
  await migrate(engine);
  return { presets: new SqlPresetStore(engine), close: () => engine.close() };
}

/** The server side: the gateway over one store, its address on stdout, until SIGTERM. */
async function serve(id: StoreId, where: string): Promise<void> {
  const env = id === 'postgres' ? { DATABASE_URL: where } : { GATEWAY_DATA_DIR: where };
  const store =
    id === 'pglite-unsynced'
      ? await unsyncedPglite(where)
      : id === 'memory'
        ? // The caps of `--memory` (10,000 presets) end a fast run early: every create here is a fresh slug.
          {
            presets: new MemoryPresetStore({
              maxPresets: 1_000_000,
              maxPresetsPerWorkspace: 1_000_000,
              maxConfigBytes: 2 ** 31,
              maxConfigBytesPerWorkspace: 2 ** 31,
            }),
            close: async () => {},
          }
        : await openGatewayStore(chooseStore(false, env), () => {});
  const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: 'bench-standard-key' });
  let served = 0;
  const gateway = await startGateway({ keys, port: 0, presets: store.presets, log: () => served++ });
  reportUsage(() => served);
  process.once(
    'SIGTERM',
    () =>
      void gateway
        .close()
        .then(() => store.close())
        .then(() => process.disconnect()),
  );
  console.log(gateway.baseUrl);
}

interface Server extends ServerProcess {
  id: StoreId;
  /** The one-statement bare server on the same engine, the row's floor; none for the memory store. */
  floor?: ServerProcess;
}

const headers = { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' };
/** Reads spread over this many presets, version 1 of each, as a catalog of presets is read. */
const READ_PRESETS = 200;
let slugs = 0;

function measureCreates(server: ServerProcess): Promise<Sample> {
  const basePath = new URL(server.baseUrl).pathname;
  return measure(
    server,
    [
      {
        method: 'POST',
        headers,
        body,
        setupRequest: (request) => ({ ...request, path: `${basePath}/presets/store-${slugs++}/messages` }),
      },
    ],
    SECONDS,
  );
}

let reads = 0;
function measureReads(server: ServerProcess): Promise<Sample> {
  const basePath = new URL(server.baseUrl).pathname;
  return measure(
    server,
    [
      {
        method: 'GET',
        headers: { authorization: headers.authorization },
        setupRequest: (request) => ({
          ...request,
          path: `${basePath}/presets/read-${reads++ % READ_PRESETS}/versions/1`,
        }),
      },
    ],
    SECONDS,
  );
}

/** The samples of one row: the gateway's, and its floor's taken in the same rounds. */
interface RowSamples {
  creates: Sample[];
  reads: Sample[];
  floorCreates: Sample[];
  floorReads: Sample[];
}

function render(rows: Array<{ label: string } & RowSamples>): string {
  const cell = (samples: Sample[], key: 'rps' | 'p99') =>
    samples.length === 0 ? '' : range(spread(samples.map((sample) => sample[key])));
  const ratio = (gateway: Sample[], floor: Sample[]) => {
    if (floor.length === 0) return '';
    const { median, low, high } = spread(
      gateway.map((sample, i) => sample.rps / (floor[i]?.rps ?? Number.NaN)),
    );
    return `${median.toFixed(2)}x (${low.toFixed(2)}-${high.toFixed(2)})`;
  };
  return [
    SECTION,
    '',
    `\`npm run bench:store\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the shared ` +
      `2-core machine at load average ${loadavg()[0]?.toFixed(1)}. autocannon (${CONNECTIONS} connections) against ` +
      'the reference gateway on 127.0.0.1, one gateway process per store, request validation on (the production ' +
      'default). Creates post the typical create request of test/fixtures/payloads.ts ' +
      `(${grouped(body.length)} bytes) at a fresh slug; reads get version 1 of ${READ_PRESETS} presets in turn. ` +
      'Beside each database store, its floor: a bare `node:http` server on the same engine that does one ' +
      'statement per request (an upsert of the body into one table; a read answers the stored text) and nothing ' +
      `else. ${ROUNDS} rounds of ${SECONDS} s per server and operation, the servers taking turns; each cell is the ` +
      'median round with the lowest and highest in brackets, and a ratio is the gateway over its floor in the ' +
      'same round. PGlite keeps its data directory in the temporary directory ' +
      `(${tmpdir()}, on the machine's disk) and, as the gateway opens it, syncs its WAL at each commit, as its ` +
      'floor does; the unsynced row and its floor are the same engine with `sync: false`, what PGlite does by ' +
      'itself. PostgreSQL runs on the same two cores (fsync off: the figures are the gateway and the protocol, ' +
      'not the disk).',
    '',
    '| store | creates/s | floor | ratio | create p99 (ms) | reads/s | floor | ratio | read p99 (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${cell(row.creates, 'rps')} | ${cell(row.floorCreates, 'rps')} | ` +
        `${ratio(row.creates, row.floorCreates)} | ${cell(row.creates, 'p99')} | ${cell(row.reads, 'rps')} | ` +
        `${cell(row.floorReads, 'rps')} | ${ratio(row.reads, row.floorReads)} | ${cell(row.reads, 'p99')} |`,
    ),
    '',
  ].join('\n');
}

/** Gives `server` the presets the reads ask for. */
async function seed(server: ServerProcess): Promise<void> {
  for (let i = 0; i < READ_PRESETS; i++) {
    const response = await fetch(`${server.baseUrl}/presets/read-${i}/messages`, {
      method: 'POST',
      headers,
      body,
    });
    if (response.status !== 200)
      throw new Error(`${server.baseUrl}: a seeding create got ${response.status}`);
  }
}

async function main(): Promise<void> {
  const dataDirs = [0, 1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'gateway-contract-bench-')));
  let postgres: PostgresServer | undefined;
  const servers: Server[] = [];
  const started = (server: Server) => [server, ...(server.floor ? [server.floor] : [])];
  try {
    postgres = await startPostgres();
    const where: Record<StoreId, string> = {
      memory: '',
      pglite: dataDirs[0]!,
      'pglite-unsynced': dataDirs[2]!,
      postgres: postgres.url,
    };
    const floorWhere: Partial<Record<StoreId, string>> = {
      pglite: dataDirs[1]!,
      'pglite-unsynced': dataDirs[3]!,
      postgres: postgres.url,
    };
    for (const { id } of stores) {
      const gateway = await startServer(benchScript('store-load'), ['--serve', id, where[id]]);
      const at = floorWhere[id];
      const floor = at === undefined ? undefined : await startServer(benchScript('store-floor'), [id, at]);
      servers.push({ id, ...gateway, ...(floor ? { floor } : {}) });
    }
    for (const server of servers.flatMap(started)) {
      await seed(server);
      await measureCreates(server);
    }
    const samples = new Map<Server, RowSamples>(
      servers.map((server) => [server, { creates: [], reads: [], floorCreates: [], floorReads: [] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of [
        ...servers.slice(round % servers.length),
        ...servers.slice(0, round % servers.length),
      ]) {
        const row = samples.get(server) as RowSamples;
        // The gateway and its floor alternate which goes first, so neither always meets a warmer machine.
        const pair = round % 2 === 0 ? started(server) : started(server).reverse();
        for (const target of pair) {
          const creates = await measureCreates(target);
          const read = await measureReads(target);
          const isFloor = target === server.floor;
          (isFloor ? row.floorCreates : row.creates).push(creates);
          (isFloor ? row.floorReads : row.reads).push(read);
          console.log(
            `round ${round + 1}, ${server.id}${isFloor ? ' floor' : ''}: ${Math.round(creates.rps)} creates/s ` +
              `(p99 ${creates.p99} ms), ${Math.round(read.rps)} reads/s (p99 ${read.p99} ms)`,
          );
        }
      }
    }
    const section = render(
      servers.map((server) => ({
        label: stores.find((store) => store.id === server.id)?.label ?? server.id,
        ...(samples.get(server) as RowSamples),
      })),
    );
    console.log(`\n${section}`);
    if (argv.includes('--write')) await writeSection(SECTION, section);
  } finally {
    await Promise.all(servers.flatMap(started).map((server) => stopServer(server.child)));
    postgres?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (argv[0] === '--serve') await serve(argv[1] as StoreId, argv[2] ?? '');
else await main();

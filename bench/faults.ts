import { loadavg } from 'node:os';
import {
  drill,
  READYZ_WAIT_MS,
  type DrilledGateway,
  type Fault,
  type FaultOutcome,
} from '../test/support/fault-drill.js';
import { startFaultProxy, type FaultProxy } from '../test/support/fault-proxy.js';
import { startPgBouncer } from '../test/support/pgbouncer.js';
import { postgresFaults } from '../test/support/postgres-faults.js';
import { startPostgres } from '../test/support/postgres-server.js';
import { sigtermDuringSilence, type StopOutcome } from '../test/support/sigterm-drill.js';
import { heldTableLock, silence } from '../test/support/silence-faults.js';
import { startServe, type Started } from '../test/gateway/serve-process.js';
import { runEmbeddedFaults } from './embedded-faults.js';
import { writeSection } from './load-runs.js';

/*
 * The gateway through faults outside it: for each store, one `gateway-contract serve` process (the tsc build of
 * the bin) meets each fault in turn while three writers create versions of one slug; each row says how many
 * creates were acknowledged, how many of those read back afterwards, what a create and /readyz answered while
 * the store was down, and how long after the fault cleared creates succeeded again. A new fault is one more
 * entry in its group's list; a new store is one more group.
 *
 *   node dist/bench/faults.js [--write]   --write replaces `## Faults` (and `## Embedded store faults`) in bench/RESULTS.md
 */

const argv = process.argv.slice(2);
const SECTION = '## Faults';
const MANAGEMENT_KEY = 'bench-faults-management';
/** The bin as tsc builds it, so the benchmark needs no bundle. */
const BIN = 'dist/src/cli/bin.js';

/** How long the database is silent, and another session holds a table lock, in the rows of those faults. */
const SILENT_FOR_MS = 10_000;
const LOCKED_FOR_MS = 25_000;

/** One store's gateway and the faults it meets, in order, without a restart in between. */
interface FaultGroup {
  /** The store, as the table names it. */
  store: string;
  open(): Promise<{
    gateway: DrilledGateway;
    faults: Fault[];
    /** SIGTERM during a silence, on gateways of its own, once the faults are done. */
    stop(): Promise<StopOutcome>;
    close(): Promise<void>;
  }>;
}

function drilled(started: Started): DrilledGateway {
  return {
    baseUrl: started.baseUrl,
    managementKey: MANAGEMENT_KEY,
    alive: () => started.child.exitCode === null && started.child.signalCode === null,
  };
}

async function stopGateway(started: Started): Promise<void> {
  if (started.child.exitCode === null) started.child.kill('SIGTERM');
  await started.exited;
}

const gatewayEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  // No versions cache: what is read back, and read while the database is down, comes from the database.
  GATEWAY_VERSION_CACHE_BYTES: '0',
  GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
  GATEWAY_API_KEY: 'bench-faults-standard',
});

/**
 * A gateway reaching `url` (the server's, or PgBouncer's) through a fault proxy, the faults that need the server
 * (`serverFaults`) and those of silence, and the SIGTERM drill on gateways of its own.
 */
async function throughProxy(url: string, serverUrl: string, serverFaults: Fault[]) {
  const proxy: FaultProxy = await startFaultProxy(Number(new URL(url).port));
  const start = () => startServe(gatewayEnv(proxy.through(url)), [], { bin: BIN });
  const started = await start();
  return {
    gateway: drilled(started),
    faults: [...serverFaults, silence(proxy, SILENT_FOR_MS), heldTableLock(serverUrl, LOCKED_FOR_MS)],
    stop: () => sigtermDuringSilence(start, proxy, MANAGEMENT_KEY, 'fault-stop'),
    async close() {
      await stopGateway(started);
      await proxy.close();
    },
  };
}

const groups: FaultGroup[] = [
  {
    store: 'PostgreSQL 15 (`DATABASE_URL`)',
    async open() {
      const server = await startPostgres();
      const opened = await throughProxy(server.url, server.url, postgresFaults(server));
      return {
        ...opened,
        async close() {
          await opened.close();
          server.destroy();
        },
      };
    },
  },
  {
    store: 'PostgreSQL 15 through PgBouncer 1.18 (transaction pooling)',
    async open() {
      const server = await startPostgres();
      const bouncer = await startPgBouncer(server.url);
      const opened = await throughProxy(bouncer.url, server.url, []);
      return {
        ...opened,
        async close() {
          await opened.close();
          bouncer.stop();
          server.destroy();
        },
      };
    },
  },
];

const seconds = (ms: number | null) => (ms === null ? 'not within 15 s' : `${(ms / 1000).toFixed(2)} s`);

function whileDownCells(outcome: FaultOutcome): [string, string] {
  const down = outcome.whileDown;
  if (down === undefined) return ['(the server stays up)', '—'];
  const retry =
    down.createRetryAfter === null ? 'no `Retry-After`' : `\`Retry-After: ${down.createRetryAfter}\``;
  return [
    `${down.createStatus} in ${Math.round(down.createMs)} ms, ${retry}; a read ${down.readStatus}, ` +
      `\`/providers\` ${down.providersStatus}, \`/healthz\` ${down.healthzStatus}, the page ${down.pageStatus}`,
    down.readyzDownMs === null
      ? `not within ${READYZ_WAIT_MS / 1000} s`
      : `${Math.round(down.readyzDownMs)} ms`,
  ];
}

function answersCell(outcome: FaultOutcome): string {
  return Object.entries(outcome.answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count}x ${status}`)
    .join(', ');
}

function stopRow(store: string, stop: StopOutcome): string {
  const exit = stop.exitMs === null ? '**not within 25 s** (killed)' : `${(stop.exitMs / 1000).toFixed(2)} s`;
  return (
    `| ${store} | ${exit} | ${stop.exitCode ?? '—'} | ${stop.inFlight.map((status) => (status === 0 ? 'cut' : status)).join(', ')} | ` +
    `${stop.present} of ${stop.acknowledged} |`
  );
}

function render(
  rows: Array<{ store: string; outcome: FaultOutcome }>,
  stops: Array<{ store: string; stop: StopOutcome }>,
  elapsedS: number,
): string {
  return [
    SECTION,
    '',
    `\`npm run bench:faults\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the shared ` +
      `2-core machine at load average ${loadavg()[0]?.toFixed(1)}; ${Math.round(elapsedS)} s in all. One ` +
      '`gateway-contract serve` process per store meets the faults in turn, never restarted, while three writers ' +
      'create versions of one slug (a 10 ms pause between creates, 50 ms after a refusal). "Read back" counts the ' +
      'acknowledged (200) versions read afterwards with the same body; "while down" is what a create, a read, ' +
      '`/providers` and `/readyz` answered right after the store went down, timed from then; the last columns ' +
      'time, from the fault clearing, the first create sent after it to be answered 200 and `/readyz` to answer ' +
      '200 again; "slowest create" is the longest any create of the row waited for its answer. The gateway ' +
      'reaches its database (or PgBouncer) through a TCP proxy of the tests (test/support/fault-proxy.ts) that ' +
      'swallows every byte both ways, on open and new connections, without closing any, for the silence. The ' +
      'server runs with fsync off (test/support/postgres-server.ts): the faults are of the server process and ' +
      'the network, not the machine.',
    '',
    '| store | fault | answers | acknowledged | read back | slowest create | while down: create | while down: `/readyz` 503 after | creates again after | `/readyz` 200 again after | process lived |',
    '| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows.map(({ store, outcome }) => {
      const [create, readyz] = whileDownCells(outcome);
      return (
        `| ${store} | ${outcome.fault} | ${answersCell(outcome)} | ${outcome.acknowledged} | ` +
        `${outcome.present} of ${outcome.acknowledged}${outcome.duplicated > 0 ? ` (${outcome.duplicated} duplicated)` : ''} | ` +
        `${(outcome.slowestCreateMs / 1000).toFixed(2)} s | ${create} | ${readyz} | ${seconds(outcome.recoverMs)} | ${seconds(outcome.readyMs)} | ${outcome.lived ? 'yes' : '**no**'} |`
      );
    }),
    '',
    'SIGTERM while the database is silent: a gateway with five creates acknowledged and three in flight on the ' +
      'silent database is sent SIGTERM; the time to its end, its exit code, what the creates in flight were ' +
      'answered ("cut": the connection closed with no answer), and, on a gateway started again once the database ' +
      'answers, the acknowledged versions read back with the same body.',
    '',
    '| store | ended after SIGTERM | exit code | creates in flight answered | read back after a restart |',
    '| --- | ---: | ---: | --- | ---: |',
    ...stops.map(({ store, stop }) => stopRow(store, stop)),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Array<{ store: string; outcome: FaultOutcome }> = [];
  const stops: Array<{ store: string; stop: StopOutcome }> = [];
  for (const group of groups) {
    const { gateway, faults, stop, close } = await group.open();
    try {
      for (const [index, fault] of faults.entries()) {
        const outcome = await drill(gateway, `fault-${index + 1}`, fault);
        rows.push({ store: group.store, outcome });
        console.log(
          `${group.store}: ${outcome.fault}: ${outcome.acknowledged} acknowledged, ${outcome.present} read back, ` +
            `creates again after ${seconds(outcome.recoverMs)}, /readyz 200 again after ${seconds(outcome.readyMs)}, ` +
            `answers ${answersCell(outcome)}${outcome.whileDown ? `; while down: ${whileDownCells(outcome).join('; /readyz 503 after ')}` : ''}; ` +
            `slowest create ${(outcome.slowestCreateMs / 1000).toFixed(2)} s; process ${outcome.lived ? 'lived' : 'DIED'}`,
        );
      }
      const stopped = await stop();
      stops.push({ store: group.store, stop: stopped });
      console.log(`${group.store}: SIGTERM while silent: ${stopRow(group.store, stopped)}`);
    } finally {
      await close();
    }
  }
  const section = render(rows, stops, (performance.now() - started) / 1000);
  console.log(`\n${section}`);
  if (argv.includes('--write')) await writeSection(SECTION, section);
}

await main();
// The embedded store's faults are of its disk and its lock rather than of a server: a table of their own.
await runEmbeddedFaults();

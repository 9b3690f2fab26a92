import { loadavg } from 'node:os';
import {
  drill,
  READYZ_WAIT_MS,
  type DrilledGateway,
  type Fault,
  type FaultOutcome,
} from '../test/support/fault-drill.js';
import { postgresFaults } from '../test/support/postgres-faults.js';
import { startPostgres } from '../test/support/postgres-server.js';
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

/** One store's gateway and the faults it meets, in order, without a restart in between. */
interface FaultGroup {
  /** The store, as the table names it. */
  store: string;
  open(): Promise<{ gateway: DrilledGateway; faults: Fault[]; close(): Promise<void> }>;
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

const groups: FaultGroup[] = [
  {
    store: 'PostgreSQL 15 (`DATABASE_URL`)',
    async open() {
      const server = await startPostgres();
      const started = await startServe(
        {
          DATABASE_URL: server.url,
          // No versions cache: what is read back, and read while the database is down, comes from the database.
          GATEWAY_VERSION_CACHE_BYTES: '0',
          GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
          GATEWAY_API_KEY: 'bench-faults-standard',
        },
        [],
        { bin: BIN },
      );
      return {
        gateway: drilled(started),
        faults: postgresFaults(server),
        async close() {
          await stopGateway(started);
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
    `${down.createStatus} in ${Math.round(down.createMs)} ms, ${retry}; a read ${down.readStatus}, \`/providers\` ${down.providersStatus}`,
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

function render(rows: Array<{ store: string; outcome: FaultOutcome }>, elapsedS: number): string {
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
      '200 again. The server runs with fsync off (test/support/postgres-server.ts): the faults are of the ' +
      'server process, not the machine.',
    '',
    '| store | fault | answers | acknowledged | read back | while down: create | while down: `/readyz` 503 after | creates again after | `/readyz` 200 again after | process lived |',
    '| --- | --- | --- | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows.map(({ store, outcome }) => {
      const [create, readyz] = whileDownCells(outcome);
      return (
        `| ${store} | ${outcome.fault} | ${answersCell(outcome)} | ${outcome.acknowledged} | ` +
        `${outcome.present} of ${outcome.acknowledged}${outcome.duplicated > 0 ? ` (${outcome.duplicated} duplicated)` : ''} | ` +
        `${create} | ${readyz} | ${seconds(outcome.recoverMs)} | ${seconds(outcome.readyMs)} | ${outcome.lived ? 'yes' : '**no**'} |`
      );
    }),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Array<{ store: string; outcome: FaultOutcome }> = [];
  for (const group of groups) {
    const { gateway, faults, close } = await group.open();
    try {
      for (const [index, fault] of faults.entries()) {
        const outcome = await drill(gateway, `fault-${index + 1}`, fault);
        rows.push({ store: group.store, outcome });
        console.log(
          `${group.store}: ${outcome.fault}: ${outcome.acknowledged} acknowledged, ${outcome.present} read back, ` +
            `creates again after ${seconds(outcome.recoverMs)}, /readyz 200 again after ${seconds(outcome.readyMs)}, ` +
            `answers ${answersCell(outcome)}${outcome.whileDown ? `; while down: ${whileDownCells(outcome).join('; /readyz 503 after ')}` : ''}; ` +
            `process ${outcome.lived ? 'lived' : 'DIED'}`,
        );
      }
    } finally {
      await close();
    }
  }
  const section = render(rows, (performance.now() - started) / 1000);
  console.log(`\n${section}`);
  if (argv.includes('--write')) await writeSection(SECTION, section);
}

await main();
// The embedded store's faults are of its disk and its lock rather than of a server: a table of their own.
await runEmbeddedFaults();

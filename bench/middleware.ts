import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { requestCases } from '../test/fixtures/payloads.js';
import {
  CONNECTIONS,
  grouped,
  measure,
  numberOption,
  middle,
  range,
  spread,
  startServer,
  stopServer,
  writeSection,
  type Sample,
  type ServerProcess,
  type Spread,
} from './load-runs.js';
import { ROUTE, scenarios, type Scenario } from './middleware-scenarios.js';
import { benchScript } from './paths.js';

/*
 * The middleware benchmark: one route, POST /v1/messages answering `{ model }`, in Express, Fastify and Hono,
 * each with this library's middleware beside the same route validated the way the framework's users do it
 * today, against the same schema. Every server runs in a process of its own; autocannon sends the typical
 * request of test/fixtures/payloads.ts over loopback, the scenarios taking turns over the rounds. Start-up is
 * timed in fresh processes, from the route's first import to listening.
 *
 *   node dist/bench/middleware.js [--rounds N] [--seconds S] [--starts N] [--write]
 *       --write replaces `## Middleware` in RESULTS.md
 */

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(argv, name, fallback);
const ROUNDS = option('--rounds', 5);
const SECONDS = option('--seconds', 1.5);
const STARTS = option('--starts', 3);
const WARM_UP_SECONDS = 1;
const SECTION = '## Middleware';
const SERVER = benchScript('middleware-server');

const typical = requestCases.find((testCase) => testCase.name === 'typical')?.value;
const body = JSON.stringify(typical);
const json = { 'content-type': 'application/json' };

interface Server extends ServerProcess {
  scenario: Scenario;
}

/** Start-up in milliseconds: importing the route's modules, then building it and listening. */
interface StartUp {
  imports: number;
  build: number;
}

async function timeStartUp(scenario: Scenario): Promise<StartUp> {
  const { stdout } = await promisify(execFile)(process.execPath, [SERVER, scenario.id, '--startup']);
  return JSON.parse(stdout) as StartUp;
}

/** What a route answers to a request, before anything is timed: the verdicts differ, and the table says so. */
interface Verdicts {
  valid: number;
  invalid: number;
  repeatedKey: number;
  /** Whether the answer to an invalid request holds a value it was sent (a secret, say). */
  echoes: boolean;
}

async function verdicts(baseUrl: string): Promise<Verdicts> {
  const post = (text: string) => fetch(`${baseUrl}${ROUTE}`, { method: 'POST', headers: json, body: text });
  const valid = await post(body);
  if (valid.status !== 200) throw new Error(`${baseUrl} answered ${valid.status} to a valid request`);
  const invalid = await post('{"model":"m","api_key":"sk-bench-secret"}');
  const repeated = await post('{"model":"a","messages":[],"model":"b"}');
  return {
    valid: valid.status,
    invalid: invalid.status,
    repeatedKey: repeated.status,
    echoes: (await invalid.text()).includes('sk-bench-secret'),
  };
}

interface Row {
  scenario: Scenario;
  verdicts: Verdicts;
  load: Record<keyof Sample, Spread>;
  startUp: Record<keyof StartUp, number>;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : grouped(value));

function render(rows: readonly Row[], seconds: number): string {
  const lines = [
    SECTION,
    '',
    `\`npm run bench:middleware\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the shared ` +
      `2-core machine at load average ${loadavg()[0]?.toFixed(1)}; the run took ${Math.round(seconds)} s. One ` +
      `route, \`POST ${ROUTE}\` answering \`{ model }\`, each server in a process of its own; autocannon ` +
      `(${CONNECTIONS} connections, in the parent process) sends the typical request of ` +
      `test/fixtures/payloads.ts (${grouped(body.length)} bytes) over 127.0.0.1. After ${WARM_UP_SECONDS} s ` +
      `of warm-up per route, ${ROUNDS} rounds of ${SECONDS} s, the routes taking turns; each cell is the median ` +
      `round with the lowest and highest in brackets. Start-up is the median of ${STARTS} fresh processes: the ` +
      'time to import the framework and the validation, plus the time to build the route and listen (which ' +
      "includes compiling the schema, for some); Node's own start-up, the same for all, is left out.",
    '',
    '| framework | validation | requests/s | p99 latency (ms) | server CPU per request (µs) | start-up (ms) | of which building (ms) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ scenario, load, startUp }) =>
        `| ${scenario.framework} | ${scenario.ours ? '**' : ''}${scenario.validation}${scenario.ours ? '**' : ''} | ` +
        `${range(load.rps)} | ${range(load.p99)} | ${range(load.cpu)} | ${ms(startUp.imports + startUp.build)} | ` +
        `${ms(startUp.build)} |`,
    ),
    '',
    ...comparisons(rows),
    '',
    "Hono's `sValidator` given this library's own validator runs the same validator without the body guards: " +
      'what the middleware costs beyond it is theirs, chiefly the scan of the raw text for nesting depth and ' +
      'repeated keys. That route, like the others without the middleware, takes a repeated key, and it echoes the ' +
      'body it was sent in its errors (the table below).',
    '',
    'What each route answers besides a valid request (checked before timing): a body the schema rejects, one ' +
      'with a repeated key, and whether the answer to the first echoes what was sent.',
    '',
    '| framework | validation | invalid | repeated key | error echoes the input |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map(
      ({ scenario, verdicts: v }) =>
        `| ${scenario.framework} | ${scenario.validation} | ${v.invalid} | ${v.repeatedKey} | ${v.echoes ? 'yes' : 'no'} |`,
    ),
    '',
    "The others judge the same schema as this library's validator does: Express's and Fastify's Ajv read the " +
      'emitted 2020-12 file (dist/schemas/messages-request.json) with coercion, defaults and removal off and ' +
      "`maxTotalLength` as an annotation (Fastify's draft-07 Ajv gets the 2019-09 vocabulary for " +
      '`dependentSchemas`, and no meta-schema check); zod is built from the same schema objects by the converter ' +
      "of bench/competitors/zod.ts. Fastify's own route parses with its JSON parser (1 MiB limit); ours reads " +
      'the raw body under the 4 MiB body limit, with the depth and repeated-key checks.',
    '',
  ];
  return lines.join('\n');
}

/** Per framework, ours against each other route: throughput, CPU per request and start-up. */
function comparisons(rows: readonly Row[]): string[] {
  const startUp = ({ startUp: { imports, build } }: Row) => imports + build;
  const sentences: string[] = [];
  for (const ours of rows.filter((row) => row.scenario.ours)) {
    for (const other of rows) {
      if (other.scenario.ours || other.scenario.framework !== ours.scenario.framework) continue;
      const cpu = other.load.cpu.median - ours.load.cpu.median;
      const started = startUp(other) - startUp(ours);
      sentences.push(
        `- ${ours.scenario.framework}, against ${other.scenario.validation}: ` +
          `${(ours.load.rps.median / other.load.rps.median).toFixed(2)}x the requests/s, ` +
          `${grouped(Math.abs(cpu))} µs ${cpu >= 0 ? 'less' : 'more'} server CPU per request, ` +
          `${ms(Math.abs(started))} ms ${started >= 0 ? 'less' : 'more'} start-up.`,
      );
    }
  }
  return sentences;
}

async function main(): Promise<void> {
  const began = performance.now();
  const servers: Server[] = [];
  try {
    const startUps = new Map<Scenario, StartUp[]>(scenarios.map((scenario) => [scenario, []]));
    for (let start = 0; start < STARTS; start++) {
      for (const scenario of scenarios) startUps.get(scenario)?.push(await timeStartUp(scenario));
    }
    for (const scenario of scenarios) {
      servers.push({ scenario, ...(await startServer(SERVER, [scenario.id])) });
    }
    const checked = new Map<Server, Verdicts>();
    const request = { method: 'POST', path: ROUTE, headers: json, body };
    for (const server of servers) {
      checked.set(server, await verdicts(server.baseUrl));
      await measure(server, [request], WARM_UP_SECONDS);
    }
    const samples = new Map<Server, Sample[]>(servers.map((server) => [server, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // The order rotates, so no route always runs right after the same other one.
      const turn = round % servers.length;
      for (const server of [...servers.slice(turn), ...servers.slice(0, turn)]) {
        const sample = await measure(server, [request], SECONDS);
        samples.get(server)?.push(sample);
        console.log(
          `round ${round + 1}, ${server.scenario.id}: ${Math.round(sample.rps)} requests/s, ` +
            `p99 ${sample.p99} ms, ${Math.round(sample.cpu)} µs CPU per request`,
        );
      }
    }
    const rows = servers.map((server): Row => {
      const runs = samples.get(server) ?? [];
      const column = (key: keyof Sample) => spread(runs.map((run) => run[key]));
      const starts = startUps.get(server.scenario) ?? [];
      const startUp = (key: keyof StartUp) => middle(starts.map((run) => run[key]));
      return {
        scenario: server.scenario,
        verdicts: checked.get(server) as Verdicts,
        load: { rps: column('rps'), p50: column('p50'), p99: column('p99'), cpu: column('cpu') },
        startUp: { imports: startUp('imports'), build: startUp('build') },
      };
    });
    const section = render(rows, (performance.now() - began) / 1000);
    console.log(`\n${section}`);
    if (argv.includes('--write')) await writeSection(SECTION, section);
  } finally {
    await Promise.all(servers.map((server) => stopServer(server.child)));
  }
}

await main();

import autocannon from 'autocannon';
import { requestCases } from '../test/fixtures/payloads.js';
import { MANAGEMENT_KEY, STANDARD_KEY } from './attack-keys.js';
import { GATEWAY_BIN, startServerChild, type ServerChild } from './gateway-child.js';
import { middle, numberOption, writeSection } from './load-runs.js';

/*
 * `npm run bench:operator`: what the routes for operators cost under concurrent load. The reference gateway with
 * `--metrics`, in production mode over the memory store, in a child process on loopback; autocannon sends
 * `GET /healthz`, then `GET /metrics`, from 16 connections for a few seconds each, in rounds, while creates are
 * made one after the other beside the flood. A scrape must answer at least a third of what `/healthz` does, and
 * creates must not slow much more beside a flood of scrapes than beside one of `/healthz`.
 *
 *   node dist/bench/operator-endpoints.js [--rounds N] [--seconds S] [--gateway path/to/bin.js] [--write]
 *
 * `--gateway` runs another build of the gateway (such as one from before the scrape was rendered once a second);
 * `--write` replaces `## Operator endpoints` in RESULTS.md.
 */

const argv = process.argv.slice(2);
const ROUNDS = numberOption(argv, '--rounds', 3);
const SECONDS = numberOption(argv, '--seconds', 3);
const CONNECTIONS = 16;
const gatewayAt = argv.indexOf('--gateway');
const GATEWAY = gatewayAt < 0 ? GATEWAY_BIN : (argv[gatewayAt + 1] as string);
const SECTION = '## Operator endpoints';
const typical = JSON.stringify(requestCases.find((testCase) => testCase.name === 'typical')?.value);

/** Creates, one after the other at fresh slugs, until `stop` resolves: the milliseconds of each answered 200. */
async function createsBeside(baseUrl: string, stop: Promise<unknown>, round: string): Promise<number[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const times: number[] = [];
  // Bounded by count as well as by the flood's end.
  for (let i = 0; i < 10_000 && !stopped; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/presets/beside-${round}-${i}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
      body: typical,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`a create beside the flood got ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

interface Run {
  rps: number;
  createP50: number;
}

/** One flood of `path` from 16 connections, with creates beside it. */
async function flood({ origin }: ServerChild, path: string, round: string): Promise<Run> {
  const result = autocannon({ url: `${origin}${path}`, connections: CONNECTIONS, duration: SECONDS });
  const creates = createsBeside(`${origin}/api/v1`, result, round);
  const [finished, times] = await Promise.all([result, creates]);
  if (finished.non2xx > 0 || finished.errors > 0) {
    throw new Error(
      `${path}: ${finished.non2xx} answers were not 2xx and ${finished.errors} requests failed`,
    );
  }
  return { rps: finished.requests.average, createP50: middle(times) };
}

const gateway = await startServerChild(GATEWAY, ['serve', '--memory', '--metrics', '--port', '0'], {
  GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
  GATEWAY_API_KEY: STANDARD_KEY,
});
const rounds: Array<{ healthz: Run; metrics: Run }> = [];
try {
  // A warm-up of each, not counted.
  await flood(gateway, '/healthz', 'warm-h');
  await flood(gateway, '/metrics', 'warm-m');
  for (let round = 0; round < ROUNDS; round++) {
    const healthz = await flood(gateway, '/healthz', `${round}-h`);
    const metrics = await flood(gateway, '/metrics', `${round}-m`);
    rounds.push({ healthz, metrics });
    console.error(
      `round ${round + 1}: /healthz ${healthz.rps.toFixed(0)}/s, /metrics ${metrics.rps.toFixed(0)}/s`,
    );
  }
} finally {
  gateway.child.kill('SIGTERM');
}

const median = (pick: (round: { healthz: Run; metrics: Run }) => number) => middle(rounds.map(pick));
const ratios = rounds.map((round) => round.metrics.rps / round.healthz.rps);
const rows = [
  `| \`GET /healthz\` | ${median((r) => r.healthz.rps).toFixed(0)} | 1 | ${median((r) => r.healthz.createP50).toFixed(1)} |`,
  `| \`GET /metrics\` | ${median((r) => r.metrics.rps).toFixed(0)} | ${middle(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) | ${median((r) => r.metrics.createP50).toFixed(1)} |`,
];
const section = [
  SECTION,
  '',
  `\`npm run bench:operator\`: the reference gateway with \`--metrics\` (production mode, memory store) in its own process on loopback; autocannon floods each route from ${CONNECTIONS} connections for ${SECONDS} s, ${ROUNDS} rounds after a warm-up, while creates of the typical request go one after the other beside the flood. Medians over the rounds; the ratio is taken within each round. Node ${process.version}${gatewayAt < 0 ? '' : `, gateway ${GATEWAY}`}.`,
  '',
  '| route flooded | requests/s | against `/healthz` | create p50 beside it (ms) |',
  '| --- | ---: | ---: | ---: |',
  ...rows,
].join('\n');
console.log(section);
if (argv.includes('--write')) await writeSection(SECTION, section);

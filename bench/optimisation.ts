import { spawnSync } from 'node:child_process';
import { benchScript } from './paths.js';

/**
 * Checks that V8 optimises the hot validators rather than leaving them interpreted: runs them in a child
 * under `node --trace-opt --trace-deopt --allow-natives-syntax`, first the request root on the typical
 * request alone, then mixed traffic (every request payload, valid and invalid, and the two response roots),
 * and reads which of our validator functions were optimised (TurboFan or Maglev) and which deoptimised, and
 * why. `node dist/bench/optimisation.js` exits 1 when the request root is never optimised.
 */

const PHASE = '@@phase ';
const REPORT = '@@report ';

/** Bits of V8's %GetOptimizationStatus. */
const OPTIMIZED = 1 << 4;
const MAGLEVVED = 1 << 5;
const TURBOFANNED = 1 << 6;

export interface Deopt {
  phase: string;
  fn: string;
  kind: string;
  reason: string;
  count: number;
}

export interface Optimisation {
  root: string;
  /** The root's tier at the end, from %GetOptimizationStatus. */
  rootTier: 'TurboFan' | 'Maglev' | 'optimised' | 'not optimised';
  rootOptimised: boolean;
  /** Our functions (the generated `v<N>`, `validate`, helpers) V8 optimised, by tier. */
  optimised: { fn: string; tier: string }[];
  deopts: Deopt[];
  calls: Record<string, number>;
}

interface ChildReport {
  root: string;
  status: number;
  calls: Record<string, number>;
}

async function child(): Promise<void> {
  const library = await import('../src/index.js');
  const { benchCases } = await import('../test/fixtures/payloads.js');
  const status = new Function('f', 'return %GetOptimizationStatus(f)') as (fn: unknown) => number;
  const parsed = (name: string) =>
    JSON.parse(JSON.stringify(benchCases.find((c) => c.name === name)!.value)) as unknown;
  const calls: Record<string, number> = {};
  const run = (label: string, ms: number, work: () => void) => {
    console.log(`${PHASE}${label}`);
    const end = performance.now() + ms;
    let count = 0;
    while (performance.now() < end) {
      for (let i = 0; i < 50; i++) work();
      count += 50;
    }
    calls[label] = count;
  };

  const typical = parsed('typical');
  run('typical request', 1500, () => library.validate('messages-request', typical));
  const requests = benchCases.filter((c) => c.kind === 'messages-request').map((c) => parsed(c.name));
  const endpoints = parsed('model endpoints (20)');
  const providers = parsed('providers (60)');
  let next = 0;
  run('mixed traffic', 1500, () => {
    library.validate('messages-request', requests[next++ % requests.length]);
    library.validate('model-endpoints-response', endpoints);
    library.validate('providers-response', providers);
  });
  // The root's own validator, loaded by the first call: the exported guard only hands the value to it.
  const { validatorOf } = await import('../src/core/profiles.js');
  const root = validatorOf('default', 'verdict', 'messages-request')!;
  const report: ChildReport = { root: root.name, status: status(root), calls };
  console.log(`${REPORT}${JSON.stringify(report)}`);
}

/** Ours: the generated validators and the library's wrappers and helpers around them. */
const ours = (fn: string) =>
  /^(validate|v\d+|check|ucs2length|pattern_[0-9a-f]{8}|failAt(With)?|prefixed|issuesFrom\w+|collectIssues|ownedErrorBody)$/.test(
    fn,
  );

export function parseTrace(trace: string): Optimisation {
  let phase = 'start';
  let report: ChildReport | undefined;
  const optimised = new Map<string, string>();
  const deopts = new Map<string, Deopt>();
  for (const line of trace.split('\n')) {
    if (line.startsWith(PHASE)) phase = line.slice(PHASE.length);
    else if (line.startsWith(REPORT)) report = JSON.parse(line.slice(REPORT.length)) as ChildReport;
    const done = /^\[completed (?:optimizing|compiling) \S+ <JSFunction (\S+) [^>]*> \(target (\w+)\)/.exec(
      line,
    );
    if (done !== null && ours(done[1]!)) optimised.set(done[1]!, done[2]!);
    const bailout = /^\[bailout \(kind: ([^,]+), reason: ([^)]*)\).*?<JSFunction (\S+) /.exec(line);
    const lazy =
      /^\[marking dependent code \S+ <(?:SharedFunctionInfo|JSFunction) (\S+?)>?[ >].*reason: ([^\]]+)\]/.exec(
        line,
      );
    const [fn, kind, reason] =
      bailout !== null
        ? [bailout[3]!, bailout[1]!, bailout[2]!]
        : lazy !== null
          ? [lazy[1]!, 'lazy', lazy[2]!]
          : [];
    if (fn !== undefined && ours(fn)) {
      const key = `${phase}|${fn}|${kind}|${reason}`;
      const seen = deopts.get(key);
      if (seen === undefined) deopts.set(key, { phase, fn, kind: kind!, reason: reason!, count: 1 });
      else seen.count++;
    }
  }
  if (report === undefined) throw new Error('the optimisation run did not report');
  const { status } = report;
  const rootTier =
    status & TURBOFANNED
      ? 'TurboFan'
      : status & MAGLEVVED
        ? 'Maglev'
        : status & OPTIMIZED
          ? 'optimised'
          : 'not optimised';
  const rootOptimised = rootTier !== 'not optimised' || optimised.has(report.root);
  return {
    root: report.root,
    rootTier,
    rootOptimised,
    optimised: [...optimised].map(([fn, tier]) => ({ fn, tier })),
    deopts: [...deopts.values()],
    calls: report.calls,
  };
}

export function checkOptimisation(): Optimisation {
  const result = spawnSync(
    process.execPath,
    ['--trace-opt', '--trace-deopt', '--allow-natives-syntax', benchScript('optimisation'), '--child'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`optimisation run failed: ${result.stderr}`);
  return parseTrace(result.stdout);
}

export function describeOptimisation(result: Optimisation): string[] {
  const lines = [
    `request root \`${result.root}\`: ${result.rootTier} at the end of the run`,
    `our functions optimised: ${result.optimised.length} (${result.optimised
      .map(({ fn, tier }) => `${fn}${tier === 'TURBOFAN' ? '' : ` (${tier})`}`)
      .join(', ')})`,
  ];
  if (result.deopts.length === 0) lines.push('deoptimisations of our functions: none');
  for (const deopt of result.deopts) {
    lines.push(`deopt in ${deopt.phase}: \`${deopt.fn}\` ${deopt.kind}, ${deopt.reason} (x${deopt.count})`);
  }
  return lines;
}

if (process.argv[1]?.endsWith('optimisation.js')) {
  if (process.argv.includes('--child')) {
    await child();
  } else {
    const result = checkOptimisation();
    for (const line of describeOptimisation(result)) console.log(line);
    if (!result.rootOptimised) {
      console.error(`the request root ${result.root} was never optimised`);
      process.exit(1);
    }
  }
}

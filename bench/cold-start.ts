import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchScript } from './paths.js';
import { median } from './timing.js';

/**
 * Cold start, each in a fresh process (`node --expose-gc dist/bench/cold-start.js <mode>`):
 * - `precompiled`: importing the library by its name, as a user does: the bundled main entry (dist/lib/),
 *   whose validators are precompiled at build time;
 * - `unbundled`: the same entry as tsc emits it (dist/src/index.js), one file per source module;
 * - `validators`: importing the validators alone (dist/src/validators.js and what it imports), the part of
 *   that load that is validation rather than the body guards, router patterns and the rest of the entry;
 * - `schemas`: importing the schemas alone (dist/schemas/roots.js), the part of the library's load that is not
 *   validator code;
 * - `compiled`: importing Ajv and the schemas and compiling every root (and the preset config) with
 *   `compileValidator` at start, as a user extending the schemas would.
 * Time is wall-clock from before the import to the last validator ready; heap is `heapUsed` growth between
 * two full collections. Then the first `validate()` of the typical request: the code V8 compiles lazily on
 * first use.
 *
 * And the first use as a server sees it (`firstUse`, `node dist/bench/cold-start.js first-use <payloads.json>`):
 * after Node's module loader has started on an empty module, the bundled main entry's import and the first
 * `validate()` of the typical request, then the process's first rejection (the typical request invalid at the
 * end, every issue reported), each timed on its own. The payloads are read from JSON, so nothing of ours or of
 * the fixtures loads before the clock starts. And the same A/B against another checkout's build, fresh processes of
 * the two taking turns (`node dist/bench/cold-start.js ab <checkout> [pairs] [node]`, `measureFirstUseAB`): set up
 * B with `git worktree add /tmp/<commit> <commit>`, its node_modules (`npm ci`, or a hard-linked copy when the lock
 * files match) and `npm run build` there; both sides run this child, importing A's or B's dist/lib/index.js by
 * path; it prints the median of the pairs' A/B by the clock (with its quartiles) and by CPU time, which a shared
 * machine's load inflates less, and the load average. On a loaded machine use 30 pairs or more and run it more
 * than once. And a library user's compile cache, `module.enableCompileCache(dir)` first thing in the application
 * against without it (`node dist/bench/cold-start.js compile-cache [pairs] [node 22.8+]`, `measureCompileCacheAB`).
 */

export type ColdStartMode = 'precompiled' | 'unbundled' | 'validators' | 'schemas' | 'compiled';

const modes: readonly ColdStartMode[] = ['precompiled', 'unbundled', 'validators', 'schemas', 'compiled'];

/** Not a literal, so tsc does not resolve the package before the build that makes it. */
const packageName: string = 'gateway-contract';

export interface FirstUse {
  /** Median ms of importing the main entry and the first `validate()` of a valid typical request. */
  importAndFirstMs: number;
  /** Median ms of the import alone. */
  importMs: number;
  /** Median ms of the process's first rejection, right after. */
  firstRejectionMs: number;
  /** Median ms of the second rejection of the same body: what a rejection costs once loaded. */
  laterRejectionMs: number;
  runs: number;
  /** The Node that ran it, e.g. `v20.20.2`. */
  node: string;
}

interface FirstUseSample {
  importMs: number;
  firstCallMs: number;
  firstRejectionMs: number;
  laterRejectionMs: number;
  /** The process's CPU time (all its threads) over the import and first `validate()`, and the first rejection. */
  importAndFirstCpuMs?: number;
  firstRejectionCpuMs?: number;
}

/** Set in a first-use child's environment: the main entry it imports by path instead of the package's name. */
const FIRST_USE_ENTRY = 'FIRST_USE_ENTRY';

/** Set in a first-use child's environment: the directory of the compile cache its application line turns on. */
const ENABLE_COMPILE_CACHE = 'FIRST_USE_ENABLE_COMPILE_CACHE';

async function firstUseChild(payloads: string): Promise<FirstUseSample> {
  const cacheDirectory = process.env[ENABLE_COMPILE_CACHE];
  // The one line of docs/performance.md, first thing in the application, before it imports the library.
  if (cacheDirectory !== undefined) {
    const module = (await import('node:module')) as { enableCompileCache?: (directory: string) => unknown };
    module.enableCompileCache?.(cacheDirectory);
  }
  await import('./empty-module.js');
  const { typical, invalid } = JSON.parse(readFileSync(payloads, 'utf8')) as Record<string, unknown>;
  const entry = process.env[FIRST_USE_ENTRY];
  const cpuAtStart = process.cpuUsage();
  const start = performance.now();
  const library = (await import(
    entry === undefined ? packageName : pathToFileURL(entry).href
  )) as typeof import('../src/index.js');
  const imported = performance.now();
  const accepted = library.validate('messages-request', typical).ok;
  const firstCalled = performance.now();
  const cpuAtFirstCall = process.cpuUsage();
  const rejected = !library.validate('messages-request', invalid).ok;
  const firstRejected = performance.now();
  const cpuAtFirstRejection = process.cpuUsage();
  library.validate('messages-request', invalid);
  const laterRejected = performance.now();
  if (!accepted || !rejected) throw new Error('first use: a wrong verdict');
  return {
    importMs: imported - start,
    firstCallMs: firstCalled - imported,
    firstRejectionMs: firstRejected - firstCalled,
    laterRejectionMs: laterRejected - firstRejected,
    importAndFirstCpuMs: cpuMs(cpuAtStart, cpuAtFirstCall),
    firstRejectionCpuMs: cpuMs(cpuAtFirstCall, cpuAtFirstRejection),
  };
}

const cpuMs = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) =>
  (to.user - from.user + to.system - from.system) / 1000;

/**
 * The median of `runs` fresh processes of `node` (this one by default), each timing the first use; with
 * `compileCache`, Node's own compile cache on (`NODE_COMPILE_CACHE`, Node 22.1 or later), filled by one process
 * before the runs, as on a server's second start.
 */
export async function measureFirstUse(
  runs: number,
  node: string = process.execPath,
  { compileCache = false } = {},
): Promise<FirstUse> {
  const directory = mkdtempSync(join(tmpdir(), 'first-use-'));
  const payloads = await writtenPayloads(directory);
  const samples: FirstUseSample[] = [];
  const env = compileCache ? { ...process.env, NODE_COMPILE_CACHE: join(directory, 'cache') } : process.env;
  try {
    for (let run = compileCache ? -1 : 0; run < runs; run++) {
      const sample = firstUseSample(node, benchScript('cold-start'), payloads, env);
      if (run >= 0) samples.push(sample);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return firstUseOf(samples, node);
}

/** The typical request and its invalid twin, written as JSON in `directory` for the children to read. */
async function writtenPayloads(directory: string): Promise<string> {
  const { requestCases } = await import('../test/fixtures/payloads.js');
  const value = (name: string) => requestCases.find((c) => c.name === name)!.value;
  const payloads = join(directory, 'payloads.json');
  writeFileSync(
    payloads,
    JSON.stringify({ typical: value('typical'), invalid: value('typical, invalid at the end') }),
  );
  return payloads;
}

/** One fresh process of `node` running `script`'s first-use child. */
function firstUseSample(node: string, script: string, payloads: string, env = process.env): FirstUseSample {
  const result = spawnSync(node, [script, 'first-use', payloads], { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`first use (${node}, ${script}) failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as FirstUseSample;
}

function firstUseOf(samples: FirstUseSample[], node: string): FirstUse {
  return {
    importAndFirstMs: median(samples.map((sample) => sample.importMs + sample.firstCallMs)),
    importMs: median(samples.map((sample) => sample.importMs)),
    firstRejectionMs: median(samples.map((sample) => sample.firstRejectionMs)),
    laterRejectionMs: median(samples.map((sample) => sample.laterRejectionMs)),
    runs: samples.length,
    node: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim(),
  };
}

/** The first use of two builds, A and B, with each pair's A over B. */
export interface FirstUseAB {
  a: FirstUse;
  b: FirstUse;
  /** Medians over pairs of A's import + first `validate()` over B's, and of A's first rejection over B's. */
  importAndFirstRatio: number;
  firstRejectionRatio: number;
  /** The quartiles of the same ratios over pairs: how far a shared machine's load spreads them. */
  importAndFirstQuartiles: readonly [number, number];
  firstRejectionQuartiles: readonly [number, number];
  /** The same medians of CPU time, which a shared machine's load inflates less than wall-clock time. */
  importAndFirstCpuRatio: number;
  firstRejectionCpuRatio: number;
}

/** The first and third quartiles of `values`. */
function quartiles(values: readonly number[]): readonly [number, number] {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return [at(0.25), at(0.75)];
}

/**
 * The first use of this build (A) against the build of another checkout (B, at `otherRoot`, built), in fresh
 * processes taking turns, A then B then B then A, so that a shared machine's load weighs on both alike. Both
 * run this build's child, which imports A's or B's main entry (dist/lib/index.js) by its path, and times it by
 * the clock and by the process's CPU time.
 */
export async function measureFirstUseAB(
  otherRoot: string,
  pairs: number,
  node: string = process.execPath,
): Promise<FirstUseAB> {
  const directory = mkdtempSync(join(tmpdir(), 'first-use-ab-'));
  const script = benchScript('cold-start');
  const entries = [
    fileURLToPath(new URL('../lib/index.js', import.meta.url)),
    join(otherRoot, 'dist/lib/index.js'),
  ];
  const envs = entries.map((entry) => ({ ...process.env, [FIRST_USE_ENTRY]: entry }));
  const a: FirstUseSample[] = [];
  const b: FirstUseSample[] = [];
  try {
    const payloads = await writtenPayloads(directory);
    for (let pair = 0; pair < pairs; pair++) {
      const aFirst = pair % 2 === 0;
      const first = firstUseSample(node, script, payloads, envs[aFirst ? 0 : 1]);
      const second = firstUseSample(node, script, payloads, envs[aFirst ? 1 : 0]);
      a.push(aFirst ? first : second);
      b.push(aFirst ? second : first);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  const ratios = (figure: (sample: FirstUseSample) => number) =>
    a.map((sample, i) => figure(sample) / figure(b[i]!));
  const importAndFirst = ratios((sample) => sample.importMs + sample.firstCallMs);
  const firstRejection = ratios((sample) => sample.firstRejectionMs);
  return {
    a: firstUseOf(a, node),
    b: firstUseOf(b, node),
    importAndFirstRatio: median(importAndFirst),
    firstRejectionRatio: median(firstRejection),
    importAndFirstQuartiles: quartiles(importAndFirst),
    firstRejectionQuartiles: quartiles(firstRejection),
    importAndFirstCpuRatio: median(ratios((sample) => sample.importAndFirstCpuMs!)),
    firstRejectionCpuRatio: median(ratios((sample) => sample.firstRejectionCpuMs!)),
  };
}

/** A library user's first use with the compile cache their application turns on, against without it. */
export interface CompileCacheAB {
  off: FirstUse;
  on: FirstUse;
  /** Medians over pairs of on over off: import + first `validate()`, and the first rejection. */
  importAndFirstRatio: number;
  firstRejectionRatio: number;
}

/**
 * The first use of this build with `module.enableCompileCache(dir)` called first thing in the application (the
 * line docs/performance.md gives; Node 22.8 or later), filled by one process before the runs, against the same
 * without it: fresh processes of `node` taking turns, off then on then on then off.
 */
export async function measureCompileCacheAB(pairs: number, node: string): Promise<CompileCacheAB> {
  const directory = mkdtempSync(join(tmpdir(), 'first-use-cache-'));
  const script = benchScript('cold-start');
  const cached = { ...process.env, [ENABLE_COMPILE_CACHE]: join(directory, 'cache') };
  const off: FirstUseSample[] = [];
  const on: FirstUseSample[] = [];
  try {
    const payloads = await writtenPayloads(directory);
    firstUseSample(node, script, payloads, cached);
    for (let pair = 0; pair < pairs; pair++) {
      const offFirst = pair % 2 === 0;
      const first = firstUseSample(node, script, payloads, offFirst ? process.env : cached);
      const second = firstUseSample(node, script, payloads, offFirst ? cached : process.env);
      off.push(offFirst ? first : second);
      on.push(offFirst ? second : first);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  const ratio = (figure: (sample: FirstUseSample) => number) =>
    median(on.map((sample, i) => figure(sample) / figure(off[i]!)));
  return {
    off: firstUseOf(off, node),
    on: firstUseOf(on, node),
    importAndFirstRatio: ratio((sample) => sample.importMs + sample.firstCallMs),
    firstRejectionRatio: ratio((sample) => sample.firstRejectionMs),
  };
}

export interface ColdStart {
  mode: ColdStartMode;
  loadMs: number;
  heapBytes: number;
  firstCallMs: number;
  runs: number;
}

interface Sample {
  loadMs: number;
  heapBytes: number;
  firstCallMs: number;
}

async function child(mode: ColdStartMode): Promise<Sample> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  // The payload is built before the clock starts; it is not part of the load.
  const { requestCases } = await import('../test/fixtures/payloads.js');
  const typical = JSON.parse(
    JSON.stringify(requestCases.find((c) => c.name === 'typical')!.value),
  ) as unknown;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  let validateTypical: () => unknown;
  if (mode === 'precompiled') {
    const library = (await import(packageName)) as typeof import('../src/index.js');
    validateTypical = () => library.validate('messages-request', typical);
  } else if (mode === 'unbundled') {
    const library = await import('../src/index.js');
    validateTypical = () => library.validate('messages-request', typical);
  } else if (mode === 'validators') {
    const validators = await import('../src/core/validators.js');
    validateTypical = () => validators.validate('messages-request', typical);
  } else if (mode === 'schemas') {
    const { rootSchemas } = await import('../schemas/roots.js');
    validateTypical = () => rootSchemas['messages-request'];
  } else {
    const [{ compileValidator }, { rootSchemas, innerSchemas }] = await Promise.all([
      import('../src/compile.js'),
      import('../schemas/roots.js'),
    ]);
    const validators = Object.fromEntries(
      Object.entries({ ...rootSchemas, ...innerSchemas }).map(([name, schema]) => [
        name,
        compileValidator(schema),
      ]),
    );
    validateTypical = () => validators['messages-request']!(typical);
  }
  const loadMs = performance.now() - start;
  gc();
  const heapBytes = process.memoryUsage().heapUsed - heapBefore;
  const firstStart = performance.now();
  validateTypical();
  const firstCallMs = performance.now() - firstStart;
  return { loadMs, heapBytes, firstCallMs };
}

/** The median of `runs` fresh processes per mode. */
export function measureColdStart(runs: number): ColdStart[] {
  return modes.map((mode) => {
    const samples: Sample[] = [];
    for (let run = 0; run < runs; run++) {
      const result = spawnSync(process.execPath, ['--expose-gc', benchScript('cold-start'), mode], {
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`cold start (${mode}) failed: ${result.stderr}`);
      samples.push(JSON.parse(result.stdout) as Sample);
    }
    return {
      mode,
      loadMs: median(samples.map((sample) => sample.loadMs)),
      heapBytes: median(samples.map((sample) => sample.heapBytes)),
      firstCallMs: median(samples.map((sample) => sample.firstCallMs)),
      runs,
    };
  });
}

if (process.argv[1]?.endsWith('cold-start.js')) {
  const mode = process.argv[2];
  if (mode === 'first-use') {
    console.log(JSON.stringify(await firstUseChild(process.argv[3]!)));
  } else if (mode === 'ab') {
    // node dist/bench/cold-start.js ab <other checkout, built> [pairs] [node binary]
    const [otherRoot, pairs = '15', node = process.execPath] = process.argv.slice(3);
    const loadBefore = loadavg()[0]!;
    const ab = await measureFirstUseAB(otherRoot!, Number(pairs), node);
    const ms = (first: FirstUse) =>
      `import + first validate() ${first.importAndFirstMs.toFixed(2)} ms, first rejection ${first.firstRejectionMs.toFixed(2)} ms`;
    const spread = ([low, high]: readonly [number, number]) =>
      `(quartiles ${low.toFixed(3)}-${high.toFixed(3)})`;
    console.log(`first use, Node ${ab.a.node}, ${pairs} pairs taking turns`);
    console.log(`  A (this build): ${ms(ab.a)}`);
    console.log(`  B (${otherRoot}): ${ms(ab.b)}`);
    console.log(
      `  A/B, median of pairs: import + first validate() ${ab.importAndFirstRatio.toFixed(3)} ` +
        `${spread(ab.importAndFirstQuartiles)}, first rejection ${ab.firstRejectionRatio.toFixed(3)} ` +
        `${spread(ab.firstRejectionQuartiles)}`,
    );
    console.log(
      `  A/B of CPU time, median of pairs: import + first validate() ${ab.importAndFirstCpuRatio.toFixed(3)}, ` +
        `first rejection ${ab.firstRejectionCpuRatio.toFixed(3)}`,
    );
    console.log(`  load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
  } else if (mode === 'compile-cache') {
    // node dist/bench/cold-start.js compile-cache [pairs] [node binary, 22.8 or later]
    const [pairs = '15', node = process.execPath] = process.argv.slice(3);
    const loadBefore = loadavg()[0]!;
    const cache = await measureCompileCacheAB(Number(pairs), node);
    const ms = (first: FirstUse) =>
      `import + first validate() ${first.importAndFirstMs.toFixed(2)} ms (import ${first.importMs.toFixed(2)} ms), ` +
      `first rejection ${first.firstRejectionMs.toFixed(2)} ms`;
    console.log(`first use, Node ${cache.on.node}, ${pairs} pairs taking turns`);
    console.log(`  without the compile cache: ${ms(cache.off)}`);
    console.log(`  module.enableCompileCache(dir), filled: ${ms(cache.on)}`);
    console.log(
      `  on/off, median of pairs: import + first validate() ${cache.importAndFirstRatio.toFixed(3)}, ` +
        `first rejection ${cache.firstRejectionRatio.toFixed(3)}`,
    );
    console.log(`  load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
  } else if (modes.includes(mode as ColdStartMode)) {
    console.log(JSON.stringify(await child(mode as ColdStartMode)));
  } else {
    for (const result of measureColdStart(5)) {
      console.log(
        `${result.mode}: load ${result.loadMs.toFixed(1)} ms, heap ${(result.heapBytes / 1024).toFixed(0)} KB, ` +
          `first validate() ${result.firstCallMs.toFixed(2)} ms (median of ${result.runs} processes)`,
      );
    }
    const first = await measureFirstUse(9);
    console.log(
      `first use (Node ${first.node}): import + first validate() ${first.importAndFirstMs.toFixed(2)} ms ` +
        `(import ${first.importMs.toFixed(2)} ms), first rejection ${first.firstRejectionMs.toFixed(2)} ms, ` +
        `later rejection ${first.laterRejectionMs.toFixed(2)} ms (median of ${first.runs} processes)`,
    );
  }
}

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { importsOf } from '../build/module-imports.js';
import { requestCases } from '../test/fixtures/payloads.js';
import { numberOption, writeSection } from './load-runs.js';
import {
  packedApp,
  runProgram,
  runtimesDir,
  runtimesIn,
  thisNode,
  type PackedApp,
  type Runtime,
} from './runtimes.js';
import { median } from './timing.js';

/**
 * Cold start on every runtime the package is tested on: the packed package in a fresh project, and in each
 * runtime, one fresh process per run, the time `import('gateway-contract')` takes to resolve, then the first
 * `validate()` of the typical request (the code V8 compiles lazily on first use). workerd, through miniflare,
 * is measured by the start-up of a Worker (`workerdColdStart`).
 *
 *   node dist/bench/runtime-cold-start.js [--runs N] [--write]   --write replaces `## Cold start by runtime`
 *
 * test/runtimes/install.sh installs the runtimes first.
 */

const SECTION = '## Cold start by runtime';

interface Sample {
  loadMs: number;
  firstCallMs: number;
}

const typical = requestCases.find((testCase) => testCase.name === 'typical')!.value;

/** The program each run is: the payload is parsed before the clock starts. */
const coldStart = (entry: (name: '.') => string) => `
  const typical = JSON.parse(${JSON.stringify(JSON.stringify(typical))});
  const start = performance.now();
  const library = await import(${entry('.')});
  const loaded = performance.now();
  const verdict = library.validate('messages-request', typical);
  const done = performance.now();
  if (!verdict.ok) throw new Error('the typical request is not valid');
  return { loadMs: loaded - start, firstCallMs: done - loaded };`;

function versionOf(runtime: Runtime, dir: string): string {
  if (runtime.kind === 'workerd') {
    const manifest = join(dir, 'node_modules', 'workerd', 'package.json');
    return `workerd ${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
  }
  const printed = spawnSync(runtime.binary, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]!;
  // Deno adds its build's details in parentheses.
  return printed.replace(/\(.*\)/, '').trim();
}

/** Starts workerd through miniflare on a Worker of the given files (the first is the Worker), calls it once. */
const workerdDriver = `
const { createRequire } = require('node:module');
const { readFileSync } = require('node:fs');
const { Miniflare } = createRequire(require('node:path').join(process.argv[1], 'package.json'))('miniflare');
(async () => {
  const modules = JSON.parse(process.argv[2]).map((path) => ({ type: 'ESModule', path, contents: readFileSync(path, 'utf8') }));
  const start = performance.now();
  const worker = new Miniflare({ modules, modulesRoot: process.cwd(), compatibilityDate: '2026-01-01' });
  await worker.ready;
  const startMs = performance.now() - start;
  try {
    const response = await worker.dispatchFetch('http://runtimes.test/');
    process.stdout.write(JSON.stringify({ startMs, ...(await response.json()) }));
  } finally {
    await worker.dispose();
  }
})();
`;

/** The package's files a Worker holds when it imports `entry`: all it imports, followed as miniflare would. */
function packageFiles(app: PackedApp, entry: string, found = new Set<string>()): Set<string> {
  if (found.has(entry)) return found;
  found.add(entry);
  for (const { name } of importsOf(readFileSync(join(app.dir, entry), 'utf8'))) {
    if (name?.startsWith('.')) packageFiles(app, `./${join(dirname(entry), name)}`, found);
  }
  return found;
}

/**
 * workerd compiles every module of a Worker when it starts, so an `import()` inside a request finds the work
 * done: its cost is the start-up of a Worker that imports the main entry less that of an empty Worker, with the
 * modules listed up front so that miniflare's own search for them is not timed.
 */
function workerdColdStart(runtime: Runtime, app: PackedApp): Sample {
  const entry = JSON.parse(app.entry('workerd', '.')) as string;
  writeFileSync(
    join(app.dir, 'with-package.mjs'),
    `import { validate } from ${JSON.stringify(entry)};
const typical = JSON.parse(${JSON.stringify(JSON.stringify(typical))});
export default {
  fetch() {
    const start = performance.now();
    const verdict = validate('messages-request', typical);
    return Response.json({ firstCallMs: performance.now() - start, ok: verdict.ok });
  },
};
`,
  );
  writeFileSync(
    join(app.dir, 'without-package.mjs'),
    'export default { fetch: () => Response.json({ firstCallMs: 0, ok: true }) };\n',
  );
  const workers = {
    with: ['./with-package.mjs', ...packageFiles(app, entry)],
    without: ['./without-package.mjs'],
  };
  const samples: Record<keyof typeof workers, Array<{ startMs: number; firstCallMs: number }>> = {
    with: [],
    without: [],
  };
  for (let run = 0; run < runs; run++) {
    for (const worker of ['with', 'without'] as const) {
      const started = spawnSync(
        runtime.binary,
        ['--input-type=commonjs', '--eval', workerdDriver, runtime.home!, JSON.stringify(workers[worker])],
        { cwd: app.dir, encoding: 'utf8', timeout: 60_000 },
      );
      if (started.status !== 0) throw new Error(`workerd failed: ${started.stderr}`);
      const sample = JSON.parse(started.stdout) as { startMs: number; firstCallMs: number; ok: boolean };
      if (!sample.ok) throw new Error('the typical request is not valid in workerd');
      samples[worker].push(sample);
    }
  }
  const startOf = (worker: keyof typeof workers) => median(samples[worker].map((sample) => sample.startMs));
  return {
    loadMs: startOf('with') - startOf('without'),
    firstCallMs: median(samples.with.map((sample) => sample.firstCallMs)),
  };
}

const runs = numberOption(process.argv, '--runs', 9);
const loadAtStart = loadavg()[0]!;
const dir = runtimesDir();
const app = packedApp();
try {
  const rows: string[] = [];
  for (const runtime of [thisNode, ...runtimesIn(dir)]) {
    let sample: Sample;
    if (runtime.kind === 'workerd') {
      sample = workerdColdStart(runtime, app);
    } else {
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run++) samples.push(runProgram(runtime, app, coldStart) as Sample);
      sample = {
        loadMs: median(samples.map((one) => one.loadMs)),
        firstCallMs: median(samples.map((one) => one.firstCallMs)),
      };
    }
    const { loadMs, firstCallMs } = sample;
    console.error(
      `${runtime.name}: import ${loadMs.toFixed(1)} ms, first validate() ${firstCallMs.toFixed(2)} ms`,
    );
    rows.push(
      `| ${runtime.name} | ${versionOf(runtime, dir)} | ${loadMs.toFixed(1)} | ${firstCallMs.toFixed(2)} |`,
    );
  }
  const section = [
    SECTION,
    '',
    '`node dist/bench/runtime-cold-start.js --write`: the packed package unpacked into a fresh project, and on each ' +
      `runtime, ${runs} fresh processes (the median): the time \`await import('gateway-contract')\` takes to ` +
      "resolve, then the first `validate()` of the typical request. workerd compiles all of a Worker's modules when " +
      'it starts, so its import is the start-up of a Worker that imports the main entry (and holds every file that ' +
      'entry can load) less that of an empty Worker, both through miniflare; its clock counts whole milliseconds. ' +
      `Machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} when the run began (shared: ` +
      'compare runtimes within one run, not across runs).',
    '',
    '| runtime | version | import (ms) | first typical `validate()` (ms) |',
    '| --- | --- | ---: | ---: |',
    ...rows,
  ].join('\n');
  console.log(section);
  if (process.argv.includes('--write')) await writeSection(SECTION, section);
} finally {
  app.remove();
}

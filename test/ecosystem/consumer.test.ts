import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './support/json-cases.js';
import { pack } from './support/package.js';

/*
 * The package as a user gets it: the packed tarball in the node_modules of a scratch project, with only its own
 * dependencies beside it (and the frameworks the samples use), and every TypeScript sample of the README and the
 * docs (the files of examples/) compiled with `strict` and `skipLibCheck: false`, on the TypeScript the project
 * builds with and on the oldest one the README supports; then each sample runs and must exit 0.
 */

/**
 * Each check of a consumer's project may make at most this many type instantiations, on either compiler: a count
 * tsc reports the same on any machine, where a time would measure the machine (about 150 000 today, most of them
 * the framework's own types).
 */
const INSTANTIATION_BUDGET = 300_000;

const compilers = [
  { label: 'TypeScript (project)', dir: `${root}node_modules/typescript/` },
  { label: 'TypeScript (oldest supported)', dir: `${root}node_modules/typescript-oldest/` },
].map((compiler) => ({
  ...compiler,
  version: (JSON.parse(readFileSync(`${compiler.dir}package.json`, 'utf8')) as { version: string }).version,
}));

/**
 * A consumer's compiler options: strict, every declaration file checked (skipLibCheck false), Node's module
 * resolution, the ES2022 library and Node's types (the repository's own settings).
 */
const tscFlags = [
  '--strict',
  '--skipLibCheck',
  'false',
  '--module',
  'NodeNext',
  '--moduleResolution',
  'NodeNext',
  '--target',
  'ES2022',
  '--lib',
  'ES2022',
  '--types',
  'node',
];

/**
 * The README's first sample (validating a parsed body) and a plain import of the main entry: with json-schema-to-ts
 * types in the declarations, the first failed with TS2589 and the second inside the schemas' declarations.
 */
const readmeSamples = {
  'readme-validate.ts': `import { validate } from 'gateway-contract';

const body = '{"model":"openai/gpt-5","messages":[{"role":"user","content":"Hi"}]}';
const r = validate('messages-request', JSON.parse(body));
if (r.ok) console.log(r.value.model);
const model: string | undefined = r.ok ? r.value.model : undefined;
if (model !== 'openai/gpt-5') throw new Error('validate did not accept the body');
`,
  'readme-import.ts': `import { errorBody } from 'gateway-contract';

if (errorBody(404).error.code !== 404) throw new Error('errorBody(404) is not a 404');
`,
};

const examplesDir = `${root}examples/`;
const examples = readdirSync(examplesDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .sort();

let project = '';

/** The packages a file imports by name (`express`, `@scope/name`), but the package itself and node: builtins. */
function bareImports(text: string): string[] {
  const names = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'".][^'"]*)['"]/g)].map(
    ([, specifier]) =>
      specifier!
        .split('/')
        .slice(0, specifier!.startsWith('@') ? 2 : 1)
        .join('/'),
  );
  return [...new Set(names)].filter((name) => name !== 'gateway-contract' && !name.startsWith('node:'));
}

const usesFramework = (file: string) => bareImports(readFileSync(`${examplesDir}${file}`, 'utf8')).length > 0;

/**
 * The files of each tsc run, with a label: the samples that use the package alone (the README's among them)
 * together, and each sample that uses a framework on its own, as each framework's declarations cost about a
 * second more to check.
 */
const checkGroups: Array<[string, string[]]> = [
  [
    'the README samples and the samples without a framework',
    [...Object.keys(readmeSamples), ...examples.filter((file) => !usesFramework(file))],
  ],
  ...examples.filter(usesFramework).map((file): [string, string[]] => [file, [file]]),
];

/** A package of the repository's node_modules, linked into the scratch project's. */
function link(name: string): void {
  const target = `${root}node_modules/${name}`;
  const path = join(project, 'node_modules', name);
  if (existsSync(path)) return;
  if (!existsSync(target)) throw new Error(`${name} is not installed in the repository`);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path, 'dir');
}

/**
 * Checks each group of files as a program of its own (a checker of its own, so each check's counts are its own),
 * in one process per compiler: the declaration files all programs share (the standard library, Node's types, the
 * package's) are read and parsed once, not once per check. With `--outDir` given, each program also emits.
 */
const checker = `const ts = require(process.argv[2]);
const { performance } = require('node:perf_hooks');
const [flags, groups] = JSON.parse(process.argv[3]);
const { options, errors } = ts.parseCommandLine(flags);
if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost({})));
const host = ts.createCompilerHost(options);
const parsed = new Map();
const parse = host.getSourceFile;
host.getSourceFile = (name, version, ...rest) => {
  const key = name + '|' + (typeof version === 'object' ? version.impliedNodeFormat : version);
  if (!parsed.has(key)) parsed.set(key, parse.call(host, name, version, ...rest));
  return parsed.get(key);
};
for (const files of groups) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const program = ts.createProgram(files, options, host);
  const diagnostics = [...ts.getPreEmitDiagnostics(program)];
  const checked = program.getTypeChecker();
  if (!options.noEmit) diagnostics.push(...program.emit().diagnostics);
  const { user, system } = process.cpuUsage(cpu);
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  console.log(JSON.stringify({
    errors: ts.formatDiagnostics(errors, host).split('\\n').filter((line) => /error TS\\d+/.test(line)),
    ms: performance.now() - started,
    diagnostics: {
      Types: String(checked.getTypeCount()),
      Instantiations: String(checked.getInstantiationCount()),
      'CPU time': ((user + system) / 1e6).toFixed(2) + 's',
    },
  }));
}
`;

interface Compiled {
  /** The error lines (`file(line,col): error TS...`). */
  errors: string[];
  /** Wall time of the check, from the program's creation to its last diagnostic. */
  ms: number;
  /** The checker's figures (`Instantiations`, `Types`) and the check's `CPU time`. */
  diagnostics: Record<string, string>;
}

/** Checks each group of files on a compiler, in one process; the flags are those of `tsc` on its command line. */
async function tsc(
  compiler: (typeof compilers)[number],
  groups: string[][],
  flags: string[],
): Promise<Compiled[]> {
  const child = spawn(
    process.execPath,
    ['checker.cjs', `${compiler.dir}lib/typescript.js`, JSON.stringify([[...tscFlags, ...flags], groups])],
    { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000 },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const [status] = (await once(child, 'close')) as [number | null];
  if (status !== 0)
    throw new Error(`the checker on TypeScript ${compiler.version} exited ${status}: ${stderr}`);
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Compiled);
}

function report(
  compiler: (typeof compilers)[number],
  what: string,
  run: Compiled,
  baseline?: Compiled,
): void {
  const { Instantiations, Types, 'CPU time': cpu } = run.diagnostics;
  const own =
    baseline === undefined
      ? ''
      : `; beyond an empty project: ${Number(Types) - Number(baseline.diagnostics['Types'])} types`;
  console.log(
    `tsc ${compiler.version} (${compiler.label}), ${what}: ${(run.ms / 1000).toFixed(2)} s wall, ${cpu ?? '?'} CPU ` +
      `(${Types ?? '?'} types, ${Instantiations ?? '?'} instantiations${own})`,
  );
}

/**
 * The errors that fail a check: those of the samples and of the package's declarations. On the oldest
 * compiler, a framework's own declarations may need a newer one (Hono's use generic typed arrays, TypeScript
 * 5.7); those are listed, not held against the package.
 */
function ourErrors(compiler: (typeof compilers)[number], run: Compiled): string[] {
  if (compiler !== compilers[1]) return run.errors;
  const theirs = run.errors.filter(
    (line) => line.includes('node_modules/') && !line.includes('node_modules/gateway-contract/'),
  );
  if (theirs.length > 0)
    console.log(`tsc ${compiler.version}: errors in other packages' declarations:\n${theirs.join('\n')}`);
  return run.errors.filter((line) => !theirs.includes(line));
}

/** The work tsc does for a check stays within the budget; its times are reported, never asserted. */
function withinBudget(run: Compiled): void {
  const instantiations = Number(run.diagnostics['Instantiations']);
  expect(instantiations, `${instantiations} type instantiations`).toBeLessThan(INSTANTIATION_BUDGET);
}

beforeAll(() => {
  const packed = pack();
  project = mkdtempSync(join(tmpdir(), 'gateway-contract-consumer-'));
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  // The tarball as npm would unpack it, and its own dependencies from the repository's node_modules: nothing
  // else of the repository (json-schema-to-ts in particular) is there to be found.
  const installed = join(project, 'node_modules', 'gateway-contract');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', packed.tarball, '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) link(name);
  link('@types/node');
  // The frameworks the samples use, and their types where they come apart.
  for (const file of examples) {
    for (const name of bareImports(readFileSync(`${examplesDir}${file}`, 'utf8'))) {
      link(name);
      const types = `@types/${name.replace(/^@/, '').replace('/', '__')}`;
      if (existsSync(`${root}node_modules/${types}`)) link(types);
    }
  }
  for (const file of examples) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    copyFileSync(`${examplesDir}${file}`, join(project, file));
  }
  for (const [file, text] of Object.entries(readmeSamples)) writeFileSync(join(project, file), text);
  writeFileSync(join(project, 'checker.cjs'), checker);
  writeFileSync(join(project, 'empty.ts'), 'export {};\n');
}, 120_000);

afterAll(() => {
  if (project !== '') rmSync(project, { recursive: true, force: true });
});

describe('a consumer project with the packed package (skipLibCheck false)', () => {
  it('holds every sample of examples/', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  /** The samples' JavaScript, emitted by the project's compiler along with its checks, for the runs below. */
  const outDir = 'out';
  /** Per compiler, the check of an empty project, then one per group of `checkGroups`. */
  const checks = new Map<(typeof compilers)[number], Promise<Compiled[]>>();
  beforeAll(() => {
    // The compilers' processes run side by side: two at most, each checking its programs one after another.
    for (const compiler of compilers) {
      const emit = compiler === compilers[0] ? ['--outDir', outDir, '--rootDir', '.'] : ['--noEmit'];
      const runs = tsc(compiler, [['empty.ts'], ...checkGroups.map(([, files]) => files)], emit);
      runs.catch(() => {});
      checks.set(compiler, runs);
    }
  });

  for (const compiler of compilers) {
    describe(`on TypeScript ${compiler.version}`, () => {
      let runs: Compiled[] = [];
      beforeAll(async () => {
        runs = await checks.get(compiler)!;
        // The same options on an empty file: what checking the standard library and Node's types costs alone.
        report(compiler, 'an empty project', runs[0]!);
      }, 600_000);

      it.each(
        checkGroups.map(([label, files], index): [string, string[], number] => [label, files, index + 1]),
      )('type-checks %s within the budget', (_label, files, index) => {
        const run = runs[index]!;
        report(compiler, files.join(' '), run, runs[0]);
        expect(run.diagnostics['Types'], 'tsc ran to its end').toBeDefined();
        expect(ourErrors(compiler, run)).toEqual([]);
        withinBudget(run);
      });
    });
  }

  it('serves validate() from its first call in a Node application a bundler built, away from the package', async () => {
    // A bundler targeting Node resolves the `module` condition before `node`: the entry that imports the
    // validators statically, since the per-root files a Node process requires are not beside a bundle.
    const app = join(project, 'bundled-app.js');
    writeFileSync(
      app,
      `import { loadProfile, validate } from 'gateway-contract';
const good = validate('messages-request', { model: 'openai/gpt-5', messages: [{ role: 'user', content: 'Hi' }] });
const bad = validate('messages-request', { model: 7, messages: 'x' });
await loadProfile('default');
const later = validate('messages-request', { model: 7, messages: 'x' });
console.log(JSON.stringify({ good: good.ok, first: bad.error.error.metadata, later: later.error.error.metadata }));
`,
    );
    const { build } = await import('rolldown');
    const outDir = mkdtempSync(join(tmpdir(), 'gateway-contract-bundled-'));
    try {
      await build({ input: app, cwd: project, platform: 'node', output: { dir: outDir, format: 'esm' } });
      const result = spawnSync(process.execPath, [join(outDir, 'bundled-app.js')], {
        cwd: outDir,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.stderr).toBe('');
      const answer = JSON.parse(result.stdout) as Record<string, unknown>;
      // `validate` imports the default profile whole, its collecting validators too: every issue from the first.
      expect(answer).toEqual({
        good: true,
        first: {
          issues: [
            { path: '/model', message: 'must be a string' },
            { path: '/messages', message: 'must be an array' },
          ],
        },
        later: {
          issues: [
            { path: '/model', message: 'must be a string' },
            { path: '/messages', message: 'must be an array' },
          ],
        },
      });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);

  describe('runs each sample', () => {
    beforeAll(async () => {
      // Every check of the project's compiler passed (above) and emitted its files: nothing is run unchecked.
      const runs = await checks.get(compilers[0]!)!;
      expect(runs.flatMap((run) => run.errors)).toEqual([]);
    }, 600_000);

    it.each([...examples, ...Object.keys(readmeSamples)])(
      '%s exits 0',
      (file) => {
        const result = spawnSync(process.execPath, [join(outDir, file.replace(/\.ts$/, '.js'))], {
          cwd: project,
          encoding: 'utf8',
          // A sample that starts a server must close it; one that does not would hang here.
          timeout: 30_000,
        });
        expect(result.error, 'the sample did not exit in 30 s').toBeUndefined();
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
      },
      60_000,
    );
  });
});

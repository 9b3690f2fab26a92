import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSteps, generateSteps } from '../../build/build-steps.mjs';
import {
  importClosure,
  runSteps,
  runUnchecked,
  sourceFiles,
  stepIsCurrent,
  type BuildStep,
} from '../../build/build-stamp.mjs';

/*
 * Each step of the build reruns only when a file it reads, or one it wrote, changed since its stamp. Shown on a
 * scratch repository with two steps in the build's shape: "code" copies src/ into dist/code/, and "docs" copies
 * docs/ into dist/docs/ after reading the module src/docs-entry.ts imports.
 */

let repository: string;

const copyStep = (name: string, from: string): BuildStep => ({
  name,
  command: [
    'node',
    '-e',
    `require('node:fs').cpSync(${JSON.stringify(from)}, 'dist/${name}', { recursive: true })`,
  ],
  reads: (file) => file.startsWith(`${from}/`),
  writes: (file) => file.startsWith(`dist/${name}/`),
});
const steps: BuildStep[] = [
  copyStep('code', 'src'),
  { ...copyStep('docs', 'docs'), entries: ['tools/docs-entry.ts'] },
];

/** `npm run build`: the names of the steps that ran. */
async function build(): Promise<string[]> {
  const { ran, failed } = await runSteps(repository, steps, { log: () => {} });
  expect(failed).toBeUndefined();
  return ran;
}

const write = (file: string, text: string) => {
  mkdirSync(join(repository, file, '..'), { recursive: true });
  writeFileSync(join(repository, file), text);
};

beforeAll(() => {
  repository = mkdtempSync(join(tmpdir(), 'gc-build-stamp-'));
  write('.gitignore', 'dist/\n*.log\n');
  write('src/index.ts', 'export const a = 1;\n');
  write('docs/guide.md', '# A guide\n');
  write('tools/docs-entry.ts', "import { phrase } from './phrases.js';\nexport const title = phrase;\n");
  write('tools/phrases.ts', "export const phrase = 'a';\n");
  execFileSync('git', ['init', '-q'], { cwd: repository });
});

afterAll(() => rmSync(repository, { recursive: true, force: true }));

describe('the build steps', () => {
  it('run where there is no dist/, then are skipped while nothing changed', async () => {
    expect(await build()).toEqual(['code', 'docs']);
    expect(readFileSync(join(repository, 'dist/code/index.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(await build()).toEqual([]);
  });

  it('rerun only the step that reads a changed file', async () => {
    write('docs/guide.md', '# A guide, edited\n');
    expect(await stepIsCurrent(repository, steps[1]!)).toBe(false);
    expect(await stepIsCurrent(repository, steps[0]!)).toBe(true);
    expect(await build()).toEqual(['docs']);
    expect(await stepIsCurrent(repository, steps[1]!)).toBe(true);
    write('src/index.ts', 'export const a = 2;\n');
    expect(await build()).toEqual(['code']);
    expect(await build()).toEqual([]);
  });

  it('rerun a step when a module its entry imports, followed, changed', async () => {
    write('tools/phrases.ts', "export const phrase = 'b';\n");
    expect(await build()).toEqual(['docs']);
  });

  it('rerun after a new file that git does not ignore appears, untracked, but not for an ignored one', async () => {
    write('src/extra.ts', 'export const b = 1;\n');
    expect(await build()).toEqual(['code']);
    write('debug.log', 'ignored\n');
    expect(await build()).toEqual([]);
  });

  it('rerun a step whose output was removed or changed since', async () => {
    rmSync(join(repository, 'dist/code/extra.ts'));
    expect(await build()).toEqual(['code']);
    writeFileSync(join(repository, 'dist/docs/guide.md'), 'edited by hand\n');
    expect(await build()).toEqual(['docs']);
    expect(await build()).toEqual([]);
  });

  it('stop at a failed step, leaving it unstamped so that it runs again, and the steps after it unrun', async () => {
    write('src/index.ts', 'export const a = 3;\n');
    write('docs/guide.md', '# A guide, edited again\n');
    const failing = [{ ...steps[0]!, command: ['node', '-e', 'process.exit(3)'] }, steps[1]!];
    expect(await runSteps(repository, failing, { log: () => {} })).toEqual({
      ran: [],
      failed: 'code',
      status: 3,
    });
    expect(await build()).toEqual(['code', 'docs']);
  });

  it('stamp without running the steps named as just written, and run the others', async () => {
    write('src/index.ts', 'export const a = 4;\n');
    write('docs/guide.md', '# A guide, written\n');
    const { ran } = await runSteps(repository, steps, { log: () => {}, written: ['code'] });
    expect(ran).toEqual(['docs']);
    // Stamped, not run: dist/ still holds the copy from before, and the next build leaves it so.
    expect(readFileSync(join(repository, 'dist/code/index.ts'), 'utf8')).toBe('export const a = 3;\n');
    expect(await build()).toEqual([]);
  });
});

/** The command of a step that runs `script` with `fs` in scope. */
const script = (text: string) => ['node', '-e', `const fs = require('node:fs'); ${text}`];

describe('a step that generates source files', () => {
  // "gen" logs its run and writes src/made.txt, a file git sees and the step reads, from tools/phrases.ts.
  const gen: BuildStep = {
    name: 'gen',
    command: script(
      `fs.appendFileSync('gen.log', 'ran\\n'); fs.writeFileSync('src/made.txt', fs.readFileSync('tools/phrases.ts', 'utf8'));`,
    ),
    reads: (file) => file.startsWith('src/') || file.startsWith('tools/'),
    writes: (file) => file === 'src/made.txt',
  };
  const runs = () => readFileSync(join(repository, 'gen.log'), 'utf8').split('\n').length - 1;

  it('is stamped after writing what it reads, reruns when an input changes, and when its output was edited', async () => {
    rmSync(join(repository, 'gen.log'), { force: true });
    expect((await runSteps(repository, [gen], { log: () => {} })).ran).toEqual(['gen']);
    expect(await stepIsCurrent(repository, gen)).toBe(true);
    expect((await runSteps(repository, [gen], { log: () => {} })).ran).toEqual([]);
    write('tools/phrases.ts', "export const phrase = 'c';\n");
    expect((await runSteps(repository, [gen], { log: () => {} })).ran).toEqual(['gen']);
    expect(readFileSync(join(repository, 'src/made.txt'), 'utf8')).toBe("export const phrase = 'c';\n");
    write('src/made.txt', 'edited by hand\n');
    expect((await runSteps(repository, [gen], { log: () => {} })).ran).toEqual(['gen']);
    expect(readFileSync(join(repository, 'src/made.txt'), 'utf8')).toBe("export const phrase = 'c';\n");
    expect(runs()).toBe(3);
  });
});

describe('a step with a cache', () => {
  // "cached" records whether its cache was there, then writes it and copies src/index.ts into dist/cached/.
  const cached: BuildStep = {
    name: 'cached',
    command: script(
      `fs.appendFileSync('cache.log', (fs.existsSync('dist/.cache') ? 'kept' : 'none') + '\\n'); fs.writeFileSync('dist/.cache', 'x'); fs.mkdirSync('dist/cached', { recursive: true }); fs.copyFileSync('src/index.ts', 'dist/cached/index.ts');`,
    ),
    reads: (file) => file === 'src/index.ts',
    writes: (file) => file.startsWith('dist/cached/'),
    cache: 'dist/.cache',
  };
  const seen = () => readFileSync(join(repository, 'cache.log'), 'utf8').trim().split('\n');
  const run = async () => (await runSteps(repository, [cached], { log: () => {} })).ran;

  it('keeps it while the outputs are as stamped, and drops it when an output was removed', async () => {
    rmSync(join(repository, 'cache.log'), { force: true });
    expect(await run()).toEqual(['cached']);
    write('src/index.ts', 'export const a = 5;\n');
    expect(await run()).toEqual(['cached']);
    rmSync(join(repository, 'dist/cached/index.ts'));
    expect(await run()).toEqual(['cached']);
    expect(seen()).toEqual(['none', 'kept', 'none']);
  });

  it('run unchecked: runs with the extra arguments, stamps no inputs, so the full run follows with the cache', async () => {
    write('src/index.ts', 'export const a = 6;\n');
    rmSync(join(repository, 'cache.log'), { force: true });
    const unchecked = {
      ...cached,
      command: [
        ...cached.command.slice(0, 2),
        `${cached.command[2]} fs.appendFileSync('cache.log', process.argv[1] + '\\n');`,
      ],
    };
    expect(await runUnchecked(repository, unchecked, ['fast'], { log: () => {} })).toBe(0);
    expect(await stepIsCurrent(repository, unchecked)).toBe(false);
    expect(await run()).toEqual(['cached']);
    expect(seen()).toEqual(['kept', 'fast', 'kept']);
    // Current: neither runs it again.
    expect(await runUnchecked(repository, unchecked, ['fast'], { log: () => {} })).toBe(0);
    expect(await run()).toEqual([]);
    expect(seen()).toHaveLength(3);
  });
});

describe('the sources of a copy without git', () => {
  it('are the files git lists, so an unpacked archive or a CI copy of the tree builds', async () => {
    await build();
    write('build.log', 'ignored\n');
    const copy = mkdtempSync(join(tmpdir(), 'gc-build-stamp-copy-'));
    try {
      cpSync(repository, copy, { recursive: true, filter: (path) => !path.endsWith('/.git') });
      expect(sourceFiles(copy).sort()).toEqual(sourceFiles(repository).sort());
      expect(sourceFiles(copy)).not.toContain('build.log');
      expect(sourceFiles(copy).some((file) => file.startsWith('dist/'))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("the project's build steps", () => {
  const byName = new Map(buildSteps.map((step) => [step.name, step]));

  it('compile the TypeScript, check the generated code, then write the documents, the bundle and the page', () => {
    expect([...byName.keys()]).toEqual(['compile', 'validators', 'types', 'documents', 'bundle', 'page']);
  });

  it('leave prose out of every step but none of the code', () => {
    for (const step of buildSteps) {
      expect(step.reads('docs/contract.md'), step.name).toBe(false);
      expect(step.reads('CONTRIBUTING.md'), step.name).toBe(false);
    }
    expect(byName.get('compile')!.reads('src/core/errors.ts')).toBe(true);
    expect(byName.get('compile')!.reads('src/page/playground.ts')).toBe(false);
    expect(byName.get('validators')!.reads('src/generated/validators.js')).toBe(true);
    expect(byName.get('bundle')!.reads('src/core/errors.ts')).toBe(true);
    expect(byName.get('bundle')!.reads('src/page/page.css')).toBe(false);
    expect(byName.get('page')!.reads('src/page/playground.ts')).toBe(true);
  });

  it("of generate: a prose edit reruns the tables' step alone, and the types do not read the build's code", async () => {
    for (const step of generateSteps) {
      expect(step.reads('docs/contract.md') || step.reads('CONTRIBUTING.md'), step.name).toBe(false);
      expect(step.writes('docs/contract.md'), step.name).toBe(step.name === 'write-docs');
    }
    const types = generateSteps.find((step) => step.name === 'write-types')!;
    const closure = await importClosure(fileURLToPath(new URL('../..', import.meta.url)), types.entries!);
    expect(closure).toContain('schemas/tool.ts');
    expect(closure).not.toContain('src/core/schema-refs.ts');
  });

  it('keep apart what each writes, so one step rerun leaves the others stamped', () => {
    const outputs = [
      'dist/src/index.js',
      'dist/schemas/preset.json',
      'dist/openapi.json',
      'dist/lib/index.js',
      // tsc emits the types module; the validators step copies the validators, which tsc does not emit.
      'dist/src/generated/types.js',
      'dist/src/generated/validators.js',
      'dist/src/generated/validator-facts.d.ts',
    ];
    for (const file of [...outputs, 'dist/page/index.html', 'dist/schemas/preset.js']) {
      expect(buildSteps.filter((step) => step.writes(file)).length, file).toBe(1);
    }
    // Of the build this suite runs on, compile claims what tsc emits and nothing else: it claimed the validators
    // the next step copies beside tsc's output, which changed its outputs after its stamp, so that every build
    // after a clean one compiled again.
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const compile = byName.get('compile')!;
    const built = readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
      .filter((file) => /^dist\/(src|build|schemas|bench)\/.*\.(d\.ts|js)$/.test(file));
    expect(built.length).toBeGreaterThan(100);
    const emittedByTsc = (file: string) =>
      existsSync(join(root, file.replace(/^dist\//, '').replace(/(\.d\.ts|\.js)$/, '.ts')));
    expect(built.filter((file) => compile.writes(file) !== emittedByTsc(file))).toEqual([]);
    expect(byName.get('validators')!.writes('dist/src/generated/validators.js')).toBe(true);
  });
});

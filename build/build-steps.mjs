// `npm run build` and `npm run generate`: their steps, each with what it reads and what it writes, run in order
// by build/build-stamp.mjs, which skips a step whose inputs and outputs are what its stamp recorded.
// Plain JavaScript, as it runs before tsc has compiled anything of build/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runSteps, runUnchecked } from './build-stamp.mjs';

const under =
  (...folders) =>
  (file) =>
    folders.some((folder) => file.startsWith(folder));
const typescriptOrJson = (file) => /\.([cm]?ts|json)$/.test(file);
const isDeclarationOrModule = (file) => /\.(d\.ts|js)$/.test(file);
/** The generated validators and their facts, which tsc does not emit: the validators step copies them to dist/. */
const copiedValidators = (file) => /^dist\/src\/generated\/validator[^/]*\.(d\.ts|js)$/.test(file);

/** @type {import('./build-stamp.mjs').BuildStep[]} */
export const buildSteps = [
  {
    // tsc over what tsconfig.json includes: every other step runs its output. Incremental, so a one-file change
    // compiles and checks that file and those its change reaches, not the whole project again.
    name: 'compile',
    command: [
      'node',
      'node_modules/typescript/bin/tsc',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      'dist/.tsbuildinfo',
    ],
    cache: 'dist/.tsbuildinfo',
    reads: (file) =>
      file === 'tsconfig.json' ||
      file === 'package.json' ||
      (under('schemas/', 'src/', 'build/', 'bench/')(file) &&
        !file.startsWith('src/page/') &&
        typescriptOrJson(file)),
    // Not the files the validators step copies beside tsc's output: they would change this step's outputs after
    // its stamp, and every build after a clean one would compile again.
    writes: (file) =>
      under('dist/src/', 'dist/build/', 'dist/schemas/', 'dist/bench/')(file) &&
      isDeclarationOrModule(file) &&
      !copiedValidators(file),
  },
  {
    // The committed validators are what Ajv makes of the schemas.
    name: 'validators',
    command: ['node', 'dist/build/precompile.js', '--check'],
    entries: ['build/precompile.ts'],
    reads: under('src/generated/'),
    writes: copiedValidators,
  },
  {
    name: 'types',
    command: ['node', 'dist/build/types/emit-types.js', '--check'],
    entries: ['build/types/emit-types.ts'],
    reads: under('src/generated/', 'build/types/', 'schemas/types.ts'),
    writes: () => false,
  },
  {
    // The JSON Schema files and the OpenAPI document.
    name: 'documents',
    command: ['node', 'dist/build/documents/emit.js'],
    entries: ['build/documents/emit.ts'],
    reads: under('schemas/examples/'),
    writes: (file) =>
      file === 'dist/openapi.json' || (file.startsWith('dist/schemas/') && file.endsWith('.json')),
  },
  {
    // Every entry point of package.json, from the sources and the generated validators (the page's scripts are
    // the page's, which the gateway serves from dist/page/).
    name: 'bundle',
    command: ['node', 'dist/build/bundle.js'],
    entries: ['build/bundle.ts'],
    reads: (file) =>
      file === 'package.json' || (under('src/', 'schemas/')(file) && !file.startsWith('src/page/')),
    writes: under('dist/lib/'),
  },
  {
    // The interface page: swagger-ui's files (a package, so in the installed packages' digest), src/page/
    // bundled, and the examples it offers.
    name: 'page',
    command: ['node', 'dist/build/page.js'],
    entries: ['build/page.ts'],
    reads: under('src/', 'schemas/', 'test/fixtures/public-examples/'),
    writes: under('dist/page/'),
  },
];

const exactly =
  (...files) =>
  (file) =>
    files.includes(file);

/**
 * `npm run generate`'s steps, after a compile without the type check and the check that every generated block of
 * the documentation can be placed: each rewrites committed files from the schemas and the build code, and is
 * skipped while neither changed since it last wrote them (its outputs are in its stamp, so a hand edit reruns it).
 */
export const generateSteps = [
  {
    // The types: they read the schemas alone, so a change of the build's code leaves them be.
    name: 'write-types',
    command: ['node', 'dist/build/types/emit-types.js', '--write'],
    entries: ['build/types/emit-types.ts', 'build/types/from-schemas.ts'],
    reads: exactly('tsconfig.json'),
    writes: exactly('schemas/types.ts', 'src/generated/types.ts', 'build/types/type-names.ts'),
  },
  {
    // The validators and the facts, copied into dist/ too for the tables' step to load.
    name: 'write-validators',
    command: ['node', 'dist/build/precompile.js', '--write'],
    entries: ['build/precompile.ts'],
    reads: () => false,
    writes: (file) => /^(dist\/)?src\/generated\/validator/.test(file),
  },
  {
    // The tables between the markers of the README and docs/, from the generated validators and the schemas.
    name: 'write-docs',
    command: ['node', 'dist/build/documents/doc-blocks.js', '--write'],
    entries: ['build/documents/doc-blocks.ts', 'build/documents/doc-tables.ts'],
    reads: (file) =>
      under('src/generated/')(file) || file === '.prettierrc.json' || file === '.prettierignore',
    writes: (file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file),
  },
];

const usage = () => {
  console.error(
    `usage: node build/build-steps.mjs [--generate | --written <step>,...] (steps: ${buildSteps.map((step) => step.name).join(', ')})`,
  );
  process.exit(2);
};

/** `--written validators,types`: what has just been written, which the build then only stamps. */
function writtenSteps(args) {
  const at = args.indexOf('--written');
  const names = at === -1 ? [] : (args[at + 1] ?? '').split(',');
  const unknown = names.filter((name) => !buildSteps.some((step) => step.name === name));
  if (unknown.length > 0 || (at === -1 && args.length > 0)) usage();
  return names;
}

/** Runs the steps, or stops the process at the first that fails. */
async function run(repository, steps, options) {
  const { ran, failed, status } = await runSteps(repository, steps, options);
  if (failed !== undefined) {
    console.error(`build: ${failed} failed (exit ${status}); the steps after it did not run`);
    process.exit(status);
  }
  return ran;
}

/**
 * `npm run generate`: tsc without its type check (the declarations it is about to rewrite may be stale), the
 * markers' check, which stops it before anything is written, the generating steps, then the build, whose two drift
 * checks it stamps as written (the files they compare were just written from the very inputs they would read),
 * and whose incremental tsc type-checks what the first one compiled.
 */
async function generate(repository) {
  const compile = buildSteps.find((step) => step.name === 'compile');
  const compiled = await runUnchecked(repository, compile, ['--noCheck']);
  if (compiled !== 0) process.exit(compiled);
  const markers = spawnSync(process.execPath, ['dist/build/documents/doc-blocks.js', '--markers'], {
    cwd: repository,
    stdio: 'inherit',
  });
  if (markers.status !== 0) process.exit(markers.status ?? 1);
  const generated = await run(repository, generateSteps);
  const built = await run(repository, buildSteps, { written: ['validators', 'types'] });
  const ran = [...generated, ...built];
  console.log(ran.length === 0 ? 'generate: every step is up to date' : `generate: ran ${ran.join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repository = fileURLToPath(new URL('..', import.meta.url));
  const args = process.argv.slice(2);
  if (args[0] === '--generate') {
    if (args.length > 1) usage();
    await generate(repository);
  } else {
    const ran = await run(repository, buildSteps, { written: writtenSteps(args) });
    console.log(ran.length === 0 ? 'build: every step is up to date' : `build: ran ${ran.join(', ')}`);
  }
}

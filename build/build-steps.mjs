// `npm run build`: the build's steps, each with what it reads and what it writes, run in order by
// build/build-stamp.mjs, which skips a step whose inputs and outputs are what its stamp recorded.
// Plain JavaScript, as it runs before tsc has compiled anything of build/.
import { fileURLToPath } from 'node:url';
import { runSteps } from './build-stamp.mjs';

const under =
  (...folders) =>
  (file) =>
    folders.some((folder) => file.startsWith(folder));
const typescriptOrJson = (file) => /\.([cm]?ts|json)$/.test(file);
const isDeclarationOrModule = (file) => /\.(d\.ts|js)$/.test(file);

/** @type {import('./build-stamp.mjs').BuildStep[]} */
export const buildSteps = [
  {
    // tsc over what tsconfig.json includes: every other step runs its output.
    name: 'compile',
    command: ['node', 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'],
    reads: (file) =>
      file === 'tsconfig.json' ||
      file === 'package.json' ||
      (under('schemas/', 'src/', 'build/', 'bench/')(file) &&
        !file.startsWith('src/page/') &&
        typescriptOrJson(file)),
    writes: (file) =>
      under('dist/src/', 'dist/build/', 'dist/schemas/', 'dist/bench/')(file) && isDeclarationOrModule(file),
  },
  {
    // The committed validators are what Ajv makes of the schemas.
    name: 'validators',
    command: ['node', 'dist/build/precompile.js', '--check'],
    entries: ['build/precompile.ts'],
    reads: under('src/generated/'),
    writes: () => false,
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

/** `--written validators,types`: what `npm run generate` has just written, which the build then only stamps. */
function writtenSteps(args) {
  const at = args.indexOf('--written');
  const names = at === -1 ? [] : (args[at + 1] ?? '').split(',');
  const unknown = names.filter((name) => !buildSteps.some((step) => step.name === name));
  if (unknown.length > 0 || (at === -1 && args.length > 0)) {
    console.error(
      `usage: node build/build-steps.mjs [--written <step>,...] (steps: ${buildSteps.map((step) => step.name).join(', ')})`,
    );
    process.exit(2);
  }
  return names;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repository = fileURLToPath(new URL('..', import.meta.url));
  const written = writtenSteps(process.argv.slice(2));
  const { ran, failed, status } = await runSteps(repository, buildSteps, { written });
  if (failed !== undefined) {
    console.error(`build: ${failed} failed (exit ${status}); the steps after it did not run`);
    process.exit(status);
  }
  console.log(ran.length === 0 ? 'build: every step is up to date' : `build: ran ${ran.join(', ')}`);
}

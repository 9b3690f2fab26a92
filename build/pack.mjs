// The package as published: the files `npm pack` takes from the checkout (package.json's `files`), with a
// package.json that drops what only this repository runs: its scripts (`prepare: npm run build` cannot work in a
// user's node_modules), its development dependencies and the overrides among them. Plain JavaScript, so it runs
// before anything is compiled.
//
//   node build/pack.mjs [--pack-destination DIR] [--json]   writes the tarball (`npm run tarball` builds first),
//                                                           then prints its path, or npm's report of it
//   node build/pack.mjs --refuse                            `prepack`: npm pack or npm publish of the checkout
//                                                           itself would ship those scripts, so it fails saying so
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));

/** The fields of package.json that only work on the repository reads. */
const developmentFields = ['scripts', 'devDependencies', 'overrides', 'scarfSettings'];

const npmPack = (args, cwd) =>
  JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  )[0];

const args = process.argv.slice(2);
if (args.includes('--refuse')) {
  console.error(
    'npm pack and npm publish of the checkout would ship its development scripts, which cannot run outside it: ' +
      '`npm run tarball` writes the package without them, and `npm publish <that .tgz>` publishes it.',
  );
  process.exit(1);
}
const at = args.indexOf('--pack-destination');
const destination = resolve(at === -1 ? '.' : args[at + 1]);

const manifest = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8'));
for (const field of developmentFields) delete manifest[field];

const staging = mkdtempSync(join(tmpdir(), 'gateway-contract-package-'));
try {
  // npm's own choice of files (`files`, and the README, the licence and package.json it always adds).
  for (const { path } of npmPack(['--dry-run'], repository).files) {
    if (path === 'package.json') continue;
    mkdirSync(dirname(join(staging, path)), { recursive: true });
    copyFileSync(join(repository, path), join(staging, path));
  }
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const report = npmPack(['--pack-destination', destination], staging);
  console.log(args.includes('--json') ? JSON.stringify(report) : join(destination, report.filename));
} finally {
  rmSync(staging, { recursive: true, force: true });
}

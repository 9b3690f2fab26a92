// The build's stamp: `check` exits 0 when dist/ is what the last complete build made from the very files the
// repository holds now, so `npm run build` can skip its steps (as `npm test` does right after `npm ci` built);
// otherwise it removes the stamp and exits 1. `write`, the build's last step, stamps dist/.
// Plain JavaScript, as it runs before tsc has compiled anything of build/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));
const dist = join(repository, 'dist');
const stampFile = join(dist, '.build-stamp');
/** The digest of the sources a build started from, written before its steps and stamped after them. */
const pendingFile = join(dist, '.build-pending');

/** Every file of the repository that git does not ignore, tracked or not: what any build step may read. */
function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repository,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(repository, file)));
}

/** Every file under dist/ but the stamp's own. */
function outputFiles(dir = dist, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return outputFiles(join(dir, entry.name), `${name}/`);
    return name === '.build-stamp' || name === '.build-pending' ? [] : [name];
  });
}

/** One digest of the files' names and contents. */
function digest(base, files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(base, file)))
      .update('\0');
  return hash.digest('hex');
}

/** The sources, the installed packages (Ajv writes the validators the drift check compares) and Node's version. */
function sourcesDigest() {
  const installed = join(repository, 'node_modules', '.package-lock.json');
  const packages = existsSync(installed) ? readFileSync(installed, 'utf8') : '';
  return createHash('sha256')
    .update(`${digest(repository, sourceFiles())}\0${process.version}\0${packages}`)
    .digest('hex');
}

const [command] = process.argv.slice(2);
if (command === 'check') {
  let sources = '';
  try {
    sources = sourcesDigest();
    const [stampedSources, stampedOutputs] = readFileSync(stampFile, 'utf8').trim().split('\n');
    if (stampedSources === sources && stampedOutputs === digest(dist, outputFiles())) {
      console.log(
        'dist/ is the build of the sources as they are: nothing to rebuild (remove dist/ to force it).',
      );
      process.exit(0);
    }
  } catch {
    // No stamp, no git, no dist/: the build runs.
  }
  rmSync(stampFile, { force: true });
  mkdirSync(dist, { recursive: true });
  writeFileSync(pendingFile, `${sources}\n`);
  process.exit(1);
} else if (command === 'write') {
  const sources = readFileSync(pendingFile, 'utf8').trim();
  rmSync(pendingFile);
  // A source edited while the build ran leaves no stamp: the next build runs again.
  if (sources !== '' && sources === sourcesDigest()) {
    writeFileSync(stampFile, `${sources}\n${digest(dist, outputFiles())}\n`);
  }
} else {
  console.error('usage: node build/build-stamp.mjs check|write');
  process.exit(2);
}

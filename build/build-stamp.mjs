// The stamps of the build's steps: each step records, in dist/.build-stamps/<step>, a digest of the files it
// reads and one of the files it wrote, so `npm run build` (and `npm run generate`) reruns a step only when its own
// inputs or its outputs changed (a prose edit reruns no step that does not read prose). Plain JavaScript, as it runs before tsc has
// compiled anything of build/.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';

// A step's shape, `BuildStep`, is declared in build-stamp.d.mts.

/** Every file of the repository that git does not ignore, tracked or not: what any build step may read. */
export function sourceFiles(repository) {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repository,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    // A copy without git (an unpacked archive, a CI copy of the tree): the files .gitignore leaves, walked.
    return walkedFiles(repository);
  }
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(repository, file)));
}

/** What .gitignore ignores: the installed packages, the build, logs. */
const ignoredNames = new Set(['.git', 'node_modules', 'dist', '.DS_Store']);

/** Every file under the repository but those .gitignore ignores, by its relative path. */
function walkedFiles(repository, dir = '') {
  return readdirSync(join(repository, dir), { withFileTypes: true }).flatMap((entry) => {
    if (ignoredNames.has(entry.name) || entry.name.endsWith('.log')) return [];
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walkedFiles(repository, path);
    return entry.isFile() ? [path] : [];
  });
}

/** Every file under `dir`, by its path relative to `base`. */
function filesUnder(base, dir) {
  if (!existsSync(join(base, dir))) return [];
  return readdirSync(join(base, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(base, join(entry.parentPath, entry.name)));
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

/** The repository files `entries` import by a relative specifier, followed to the end (type-only imports too). */
export async function importClosure(repository, entries) {
  if (entries.length === 0) return [];
  const { default: ts } = await import('typescript');
  const seen = new Set();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !existsSync(join(repository, file))) continue;
    seen.add(file);
    if (!/\.[cm]?ts$/.test(file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(join(repository, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(repository, join(repository, dirname(file), fileName));
      // A `.js` specifier names the TypeScript file beside it when there is one (the generated modules are `.js`).
      const typescript = target.replace(/\.js$/, '.ts');
      pending.push(existsSync(join(repository, typescript)) ? typescript : target);
    }
  }
  return [...seen];
}

/**
 * The digest of what a step reads: its files, the installed packages and Node's version. A file it writes is an
 * output, not an input (a generating step reads what it rewrites), so an edit to it shows in the outputs' digest.
 */
async function inputsDigest(repository, step, sources) {
  const files = new Set(sources.filter(step.reads));
  for (const file of await importClosure(repository, step.entries ?? [])) files.add(file);
  for (const file of files) if (step.writes(file)) files.delete(file);
  const installed = join(repository, 'node_modules', '.package-lock.json');
  const packages = existsSync(installed) ? readFileSync(installed, 'utf8') : '';
  return createHash('sha256')
    .update(`${digest(repository, files)}\0${process.version}\0${packages}`)
    .digest('hex');
}

/** The digest of what a step wrote: under dist/, or in the sources for a step that generates them. */
function outputsDigest(repository, step, sources = sourceFiles(repository)) {
  const outputs = [...filesUnder(repository, 'dist'), ...sources].filter(
    (file) => !file.startsWith('dist/.build-stamps/') && step.writes(file),
  );
  return digest(repository, outputs);
}

/**
 * Drops the step's cache (tsc's build info) unless its outputs are what its stamp recorded: an incremental tsc
 * trusts its build info over dist/, so a file removed or edited there by hand would otherwise stay so.
 */
function dropStaleCache(repository, step, stamped, sources) {
  if (step.cache === undefined) return;
  if (stamped[1] === undefined || stamped[1] !== outputsDigest(repository, step, sources)) {
    rmSync(join(repository, step.cache), { force: true });
  }
}

const stampOf = (repository, step) => {
  const stampFile = join(repository, 'dist', '.build-stamps', step.name);
  return existsSync(stampFile) ? readFileSync(stampFile, 'utf8').split('\n') : [];
};

/** The stamp of a step that ran with its checks skipped: its outputs, and inputs that match no digest. */
const unchecked = 'unchecked';

/**
 * Runs `step` with `extra` arguments (`--noCheck`) unless its stamp is current, and stamps only its outputs, so
 * the next `runSteps` runs it in full, keeping its cache. `npm run generate` compiles so before it generates.
 */
export async function runUnchecked(repository, step, extra, { log = console.log } = {}) {
  const sources = sourceFiles(repository);
  const stamped = stampOf(repository, step);
  if (
    stamped[0] === (await inputsDigest(repository, step, sources)) &&
    stamped[1] === outputsDigest(repository, step, sources)
  ) {
    log(`build: ${step.name} is up to date`);
    return 0;
  }
  dropStaleCache(repository, step, stamped, sources);
  const stampFile = join(repository, 'dist', '.build-stamps', step.name);
  rmSync(stampFile, { force: true });
  const started = performance.now();
  const [program, ...args] = step.command;
  const { status } = spawnSync(program === 'node' ? process.execPath : program, [...args, ...extra], {
    cwd: repository,
    stdio: 'inherit',
  });
  if (status !== 0) return status ?? 1;
  log(
    `build: ${step.name} (${extra.join(' ')}) ran in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${unchecked}\n${outputsDigest(repository, step)}\n`);
  return 0;
}

/** Whether the step's stamp says it last succeeded on the files as they are now, and left its outputs as they are. */
export async function stepIsCurrent(repository, step) {
  const stampFile = join(repository, 'dist', '.build-stamps', step.name);
  if (!existsSync(stampFile)) return false;
  const [inputs, outputs] = readFileSync(stampFile, 'utf8').split('\n');
  return (
    inputs === (await inputsDigest(repository, step, sourceFiles(repository))) &&
    outputs === outputsDigest(repository, step)
  );
}

/**
 * Runs each step whose inputs or outputs changed since its stamp, in order, and stamps it once it succeeded; stops
 * at the first that fails, whose stamp is gone. Returns the names of the steps that ran, or the failed step's
 * exit status. The steps named in `written` are stamped without running: a check whose files were just written
 * from the very inputs it would read (`npm run generate` writes what the drift checks compare) would pass.
 */
export async function runSteps(repository, steps, { log = console.log, written = [] } = {}) {
  const stamps = join(repository, 'dist', '.build-stamps');
  mkdirSync(stamps, { recursive: true });
  const ran = [];
  for (const step of steps) {
    // Listed afresh for each step: one before it may have written a file that git sees.
    const sources = sourceFiles(repository);
    const stampFile = join(stamps, step.name);
    const inputs = await inputsDigest(repository, step, sources);
    const stamped = stampOf(repository, step);
    if (stamped[0] === inputs && stamped[1] === outputsDigest(repository, step, sources)) {
      log(`build: ${step.name} is up to date`);
      continue;
    }
    rmSync(stampFile, { force: true });
    if (written.includes(step.name)) {
      writeFileSync(stampFile, `${inputs}\n${outputsDigest(repository, step, sources)}\n`);
      log(`build: ${step.name} was just written`);
      continue;
    }
    dropStaleCache(repository, step, stamped, sources);
    const started = performance.now();
    const [program, ...args] = step.command;
    const { status } = spawnSync(program === 'node' ? process.execPath : program, args, {
      cwd: repository,
      stdio: 'inherit',
    });
    if (status !== 0) return { ran, failed: step.name, status: status ?? 1 };
    ran.push(step.name);
    log(`build: ${step.name} ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // A file the step reads, edited while it ran, leaves no stamp: the next build runs the step again.
    const after = sourceFiles(repository);
    if (inputs === (await inputsDigest(repository, step, after))) {
      writeFileSync(stampFile, `${inputs}\n${outputsDigest(repository, step, after)}\n`);
    }
  }
  return { ran };
}

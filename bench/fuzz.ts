import { join, resolve } from 'node:path';
import { runFuzz, type FuzzSummary } from './fuzz/campaign.js';
import { loadImplementations } from './fuzz/implementations.js';
import { describeReproducer, writeReproducer } from './fuzz/reproducer-file.js';
import { repoRoot } from './paths.js';
import { grouped } from '../src/cli/progress.js';

/**
 * The differential fuzz, long: mutated valid values judged by the shipped validators, Ajv's own code and
 * `compileValidator`, which must agree on the verdict, the first error and the issues.
 *
 *   npm run fuzz -- [--seed S] [--count N] [--out DIR]
 *
 * A progress bar on a terminal, a line every tenth otherwise; then a summary per schema. Each difference (the
 * first five) is shrunk, printed, and written to DIR (dist/fuzz/ by default) as JSON; the run then exits 1.
 */

const argv = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`${name} needs a whole number, got ${argv[at + 1]}`);
    process.exit(2);
  }
  return value;
}
const seed = option('--seed', 1);
const count = option('--count', 100_000);
const outAt = argv.indexOf('--out');
const outDir = resolve(outAt < 0 ? join(repoRoot, 'dist/fuzz') : argv[outAt + 1]!);

let started = Date.now();

function progress(done: number, differences: number): void {
  // The clock starts when the seeds are read, so the rate is of judging alone.
  if (done === 0) {
    started = Date.now();
    return;
  }
  const seconds = (Date.now() - started) / 1000;
  const rate = done / Math.max(seconds, 1e-3);
  const text = `${grouped(done)}/${grouped(count)} inputs, ${differences} differences, ${grouped(rate)}/s`;
  if (process.stdout.isTTY) {
    const width = 30;
    const filled = Math.round((done / count) * width);
    const eta = Math.max(0, (count - done) / rate);
    process.stdout.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}, ${eta.toFixed(0)} s left `,
    );
    if (done === count) process.stdout.write('\n');
  } else if (done === count || done % Math.max(1, Math.ceil(count / 10)) < progressEvery) {
    console.log(text);
  }
}
const progressEvery = process.stdout.isTTY ? 500 : 1000;

function print(summary: FuzzSummary): void {
  const rows = Object.entries(summary.bySchema).map(([name, tally]) =>
    [name, tally.seeds, tally.inputs, tally.valid, tally.invalid, tally.differences].map(String),
  );
  const header = ['schema', 'seeds', 'inputs', 'valid', 'invalid', 'differences'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(`\nseed ${summary.seed}, ${grouped(summary.count)} inputs, ${summary.differences} differences`);
  const rate = grouped(summary.count / summary.seconds);
  console.log(
    `${summary.seconds.toFixed(1)} s judging (${rate} inputs/s) after ${summary.setupSeconds.toFixed(1)} s reading seeds\n`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

const summary = runFuzz({
  seed,
  count,
  repoRoot,
  implementations: loadImplementations(),
  onProgress: progress,
  progressEvery,
});
print(summary);
for (const reproducer of summary.reproducers) {
  console.log(`\n${describeReproducer(reproducer, writeReproducer(outDir, reproducer)).join('\n')}`);
}
if (summary.differences > 0) process.exit(1);

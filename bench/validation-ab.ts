import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchCases } from '../test/fixtures/payloads.js';
import { repoRoot } from './paths.js';
import { calibrate, median, newLoop, timeBatch, warmUp, type Loop } from './timing.js';

/**
 * Validation speed of this build (A) against another checkout's build (B), in one process
 * (`node dist/bench/validation-ab.js <checkout> [rounds]`): both main entries are imported, and `validate()` of
 * each payload runs in batches taking turns, A then B then B then A, so that what the machine does meanwhile weighs
 * on both alike. A change to how the validators are built or shipped must leave these ratios within noise of 1.
 * Set up B as for the first-use A/B (bench/cold-start.ts): a worktree at the other commit, built.
 */

type Validate = (name: string, value: unknown) => { ok: boolean };

interface Side {
  validate: Validate;
  loop: Loop;
}

const [otherRoot, roundsArgument = '21'] = process.argv.slice(2);
if (otherRoot === undefined || !existsSync(join(otherRoot, 'dist/lib/index.js'))) {
  console.error('usage: node dist/bench/validation-ab.js <built checkout> [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArgument);
const budgetMs = 5;

const entryOf = async (root: string) =>
  ((await import(pathToFileURL(join(root, 'dist/lib/index.js')).href)) as { validate: Validate }).validate;
const [ownValidate, otherValidate] = [await entryOf(repoRoot), await entryOf(otherRoot)];

const quartiles = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return [sorted[Math.floor(sorted.length / 4)]!, sorted[Math.floor((3 * sorted.length) / 4)]!];
};

console.log(`validate() A/B in one process, Node ${process.version}, ${rounds} rounds taking turns`);
console.log(`  A: ${repoRoot}\n  B: ${otherRoot}`);
console.log(`  load average ${loadavg()[0]!.toFixed(1)} before`);
for (const benchCase of benchCases) {
  // Each payload gets loops of its own, so no row's type feedback reaches another's.
  const sides: [Side, Side] = [ownValidate, otherValidate].map((validate) => ({
    validate,
    loop: newLoop(),
  })) as [Side, Side];
  const calls = sides.map(({ validate, loop }) => {
    const fn = (value: unknown) => validate(benchCase.kind, value).ok;
    if (fn(benchCase.value) !== benchCase.valid) throw new Error(`${benchCase.name}: a wrong verdict`);
    warmUp(loop, fn, benchCase.value, 300);
    return { fn, count: calibrate(loop, fn, benchCase.value, budgetMs) };
  });
  const time = (side: 0 | 1) =>
    timeBatch(sides[side].loop, calls[side]!.fn, benchCase.value, calls[side]!.count);
  const own: number[] = [];
  const other: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      a = time(0);
      b = time(1);
    } else {
      b = time(1);
      a = time(0);
    }
    own.push(a);
    other.push(b);
    ratios.push(a / b);
  }
  const [low, high] = quartiles(ratios);
  console.log(
    `  ${benchCase.name} (${benchCase.kind}): A ${(median(own) / 1000).toFixed(2)} µs, ` +
      `B ${(median(other) / 1000).toFixed(2)} µs, A/B ${median(ratios).toFixed(3)} ` +
      `(quartiles ${low!.toFixed(3)}-${high!.toFixed(3)})`,
  );
}
console.log(`  load average ${loadavg()[0]!.toFixed(1)} after`);

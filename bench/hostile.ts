import { createModelFilter, parseJsonBody, validate } from '../src/index.js';
import { median } from '../src/cli/median.js';
import { numberOption } from './load-runs.js';
import { measuredBodySizes, worstBodies } from '../test/fixtures/hostile/builders.js';

/*
 * The hostile benchmark: the worst bodies of the adversarial corpus at 1 MiB and just under the 4 MiB limit
 * (deepest, widest, longest strings, most patterns), each timed from raw bytes to a verdict (parseJsonBody,
 * then validate), beside JSON.parse alone of the same text: the floor no validator can go under. Any verdict
 * slower than 50 ms is flagged. `--rounds N` sets the timed runs per body (the median is shown).
 */

const BUDGET_MS = 50;
const rounds = numberOption(process.argv, '--rounds', 9);

/** A short prefix no other run of this process uses. */
let runs = 0;
function salt(): string {
  return (runs++).toString(36).padStart(3, '0');
}

/**
 * Median milliseconds of `fn` on what an untimed `prepare()` gives, over `rounds` runs, after two untimed runs
 * that warm up the compiler.
 */
function time<T>(prepare: () => T, fn: (input: T) => unknown): number {
  fn(prepare());
  fn(prepare());
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const input = prepare();
    const start = process.hrtime.bigint();
    fn(input);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

function verdict(bytes: Uint8Array): { status: number; path?: string } {
  const parsed = parseJsonBody(bytes);
  const result = parsed.ok ? validate('messages-request', parsed.value) : parsed;
  if (result.ok) return { status: 200 };
  const path = result.error.error.metadata?.issues[0]?.path;
  return path === undefined ? { status: result.error.error.code } : { status: result.error.error.code, path };
}

const sizes = measuredBodySizes;

console.log(`Hostile bodies, raw bytes to a verdict; node ${process.version}; median of ${rounds} runs`);
console.log('');
console.log('| body | size | bytes | verdict | JSON.parse alone (ms) | verdict (ms) | over 50 ms |');
console.log('|---|---|---:|---|---:|---:|---|');
let over = 0;
for (const [label, size] of sizes) {
  for (const worst of worstBodies) {
    const text = worst.build(size);
    const bytes = new TextEncoder().encode(text);
    const got = verdict(bytes);
    // A body timed for the wrong verdict would measure the wrong thing, so a surprise stops the run.
    if ((got.status === 200) !== worst.valid || (!worst.valid && got.path !== worst.path)) {
      throw new Error(`${worst.name} (${label}): unexpected verdict ${JSON.stringify(got)}`);
    }
    // Each timed run gets a body of its own, so keys are new to the engine as an attacker's would be.
    const parseMs = time(
      () => worst.build(size, salt()),
      (body) => JSON.parse(body),
    );
    const verdictMs = time(
      () => new TextEncoder().encode(worst.build(size, salt())),
      (body) => verdict(body),
    );
    if (verdictMs > BUDGET_MS) over++;
    const shown =
      got.status === 200
        ? '200'
        : `${got.status} at ${got.path!.length > 24 ? `${got.path!.slice(0, 21)}...` : got.path}`;
    console.log(
      `| ${worst.name} | ${label} | ${bytes.byteLength} | ${shown} | ${parseMs.toFixed(1)} | ${verdictMs.toFixed(1)} | ${verdictMs > BUDGET_MS ? '**yes**' : 'no'} |`,
    );
  }
}

/**
 * Router lists at their limits (64 patterns of up to 1024 characters per list, both lists) built to make a
 * backtracking or naive-search matcher explode, each matched against an id that makes it read the most.
 */
const patternFamilies: Array<[name: string, pattern: string, id: string]> = [
  ['`*a*a...*a*b`, 511 stars, allowed after every run', `${'*a'.repeat(511)}*b`, `${'a'.repeat(1023)}b`],
  [
    '`*a*a...*a*b`, 511 stars, one `a` short',
    `${'*a'.repeat(511)}*b`,
    `${'c'.repeat(513)}${'a'.repeat(510)}b`,
  ],
  ['`*aaa...ab*`, one 512-character run', `*${'a'.repeat(511)}b*`, 'a'.repeat(1024)],
  ['`a**a**a...`, 340 double stars', `a${'**a'.repeat(340)}`, `${'a'.repeat(340)}b`],
];
console.log('');
console.log('| router patterns (64 per list, both lists) | compile (ms) | one id (ms) |');
console.log('|---|---:|---:|');
for (const [name, pattern, id] of patternFamilies) {
  const lists = {
    allowed_models: Array<string>(64).fill(pattern),
    excluded_models: Array<string>(64).fill(pattern),
  };
  const compileMs = time(() => lists, createModelFilter);
  const allows = createModelFilter(lists);
  const matchMs = time(() => id, allows);
  if (compileMs + matchMs > BUDGET_MS) over++;
  console.log(`| ${name} | ${compileMs.toFixed(2)} | ${matchMs.toFixed(3)} |`);
}
console.log('');
console.log(
  over === 0 ? `Every verdict within ${BUDGET_MS} ms.` : `${over} verdict(s) over ${BUDGET_MS} ms.`,
);

import { validate } from '../src/index.js';
import { requestCases, type BenchCase } from './cases.js';

/**
 * Times `validate('messages-request')` against `JSON.parse` of the same bytes, in one process and round, and
 * prints the median ratio. `--rounds N` sets the rounds (1 is a smoke run).
 */

const roundsFlag = process.argv.indexOf('--rounds');
const rounds = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 15;

/** Nanoseconds per call of `fn`, over enough calls to take about `budgetMs`. */
function timePerCall(fn: () => unknown, budgetMs: number): number {
  let calls = 1;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    const elapsed = Number(process.hrtime.bigint() - start);
    if (elapsed > budgetMs * 1e6) return elapsed / calls;
    calls *= elapsed < budgetMs * 1e5 ? 10 : 2;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function measure(benchCase: BenchCase) {
  const bytes = JSON.stringify(benchCase.value);
  const value = JSON.parse(bytes) as unknown;
  const verdict = validate('messages-request', value).ok;
  if (verdict !== benchCase.valid) throw new Error(`${benchCase.name}: expected valid=${benchCase.valid}`);
  const ratios: number[] = [];
  const validateTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const parse = timePerCall(() => JSON.parse(bytes), 20);
    const check = timePerCall(() => validate('messages-request', value), 20);
    ratios.push(check / parse);
    validateTimes.push(check);
  }
  return {
    name: benchCase.name,
    bytes: bytes.length,
    ratio: median(ratios),
    validateUs: median(validateTimes) / 1000,
  };
}

console.log(
  `validate('messages-request') vs JSON.parse of the same bytes; node ${process.version}; ${rounds} rounds`,
);
console.log('| payload | bytes | validate (µs) | ratio to JSON.parse |');
console.log('|---|---:|---:|---:|');
for (const benchCase of requestCases) {
  const row = measure(benchCase);
  console.log(`| ${row.name} | ${row.bytes} | ${row.validateUs.toFixed(2)} | ${row.ratio.toFixed(3)}x |`);
}

import { validate, type Issue } from '../src/index.js';
import { benchCases, type BenchCase, type PayloadKind } from '../test/fixtures/payloads.js';
import { buildRows, type Disagreement, type RowGroup } from './rows.js';
import { calibrate, median, newLoop, timeBatch, warmUp } from './timing.js';

/**
 * One payload, every row, in this process: `node dist/bench/worker.js <payload> [rounds]
 * [budgetMs] [warmUpMs]`. Each round times JSON.parse of the payload's bytes right before each row on the parsed value;
 * the row's figure is the median over rounds of (row time / JSON.parse time). Prints one JSON line.
 */

export interface RowResult {
  id: string;
  name: string;
  group: RowGroup;
  notes: string[];
  error?: string;
  disagreements: Disagreement[];
  buildMs?: number;
  /** Median over rounds of row time / JSON.parse time in the same round. */
  ratio?: number;
  /** Median µs per call. */
  us?: number;
}

export interface PayloadResult {
  payload: string;
  kind: PayloadKind;
  valid: boolean;
  bytes: number;
  rounds: number;
  parseUs: number;
  rows: RowResult[];
  /** For an invalid payload: our `validate()` rejecting it against accepting the valid original. */
  reject?: {
    original: string;
    acceptUs: number;
    rejectUs: number;
    ratio: number;
    issues: Issue[];
    /** The same rejection with `issues: 'first'`: the first failing rule alone. */
    firstUs: number;
  };
}

const parse = (bytes: unknown) => JSON.parse(bytes as string) as unknown;

export interface Settings {
  rounds: number;
  /** Each batch of calls takes about this long. */
  budgetMs: number;
  /** Each row runs this long before it is timed. */
  warmUpMs: number;
}

export function measurePayload(
  benchCase: BenchCase,
  { rounds, budgetMs, warmUpMs }: Settings,
): PayloadResult {
  const bytes = JSON.stringify(benchCase.value);
  const value = JSON.parse(bytes) as unknown;
  const rows = buildRows(benchCase.kind);
  const timedRows = rows.flatMap((row) => (row.run === undefined ? [] : [{ row, run: row.run }]));

  const parseLoop = newLoop();
  const loops = timedRows.map(() => newLoop());
  warmUp(parseLoop, parse, bytes, warmUpMs);
  timedRows.forEach(({ run }, i) => warmUp(loops[i]!, run, value, warmUpMs));
  const parseCalls = calibrate(parseLoop, parse, bytes, budgetMs);
  const calls = timedRows.map(({ run }, i) => calibrate(loops[i]!, run, value, budgetMs));

  let reject: PayloadResult['reject'];
  const original = benchCases.find((other) => other.name === benchCase.original);
  const acceptLoop = newLoop();
  const rejectLoop = newLoop();
  const firstLoop = newLoop();
  const ours = (input: unknown) => validate(benchCase.kind, input);
  const oursFirst = (input: unknown) => validate(benchCase.kind, input, { issues: 'first' });
  const originalValue =
    original === undefined ? undefined : (JSON.parse(JSON.stringify(original.value)) as unknown);
  if (original !== undefined) {
    warmUp(acceptLoop, ours, originalValue, warmUpMs);
    warmUp(rejectLoop, ours, value, warmUpMs);
    warmUp(firstLoop, oursFirst, value, warmUpMs);
  }
  const acceptCalls = original === undefined ? 0 : calibrate(acceptLoop, ours, originalValue, budgetMs);
  const rejectCalls = original === undefined ? 0 : calibrate(rejectLoop, ours, value, budgetMs);
  const firstCalls = original === undefined ? 0 : calibrate(firstLoop, oursFirst, value, budgetMs);

  const parseTimes: number[] = [];
  const ratios = timedRows.map((): number[] => []);
  const times = timedRows.map((): number[] => []);
  const accepts: number[] = [];
  const rejects: number[] = [];
  const rejectRatios: number[] = [];
  const firsts: number[] = [];
  for (let round = 0; round < rounds; round++) {
    timedRows.forEach(({ run }, i) => {
      const parseNs = timeBatch(parseLoop, parse, bytes, parseCalls);
      const rowNs = timeBatch(loops[i]!, run, value, calls[i]!);
      parseTimes.push(parseNs);
      ratios[i]!.push(rowNs / parseNs);
      times[i]!.push(rowNs);
    });
    if (original !== undefined) {
      const acceptNs = timeBatch(acceptLoop, ours, originalValue, acceptCalls);
      const rejectNs = timeBatch(rejectLoop, ours, value, rejectCalls);
      firsts.push(timeBatch(firstLoop, oursFirst, value, firstCalls));
      accepts.push(acceptNs);
      rejects.push(rejectNs);
      rejectRatios.push(rejectNs / acceptNs);
    }
  }

  if (original !== undefined) {
    const result = validate(benchCase.kind, value);
    reject = {
      original: original.name,
      acceptUs: median(accepts) / 1000,
      rejectUs: median(rejects) / 1000,
      ratio: median(rejectRatios),
      issues: result.ok ? [] : (result.error.error.metadata?.issues ?? []),
      firstUs: median(firsts) / 1000,
    };
  }

  return {
    payload: benchCase.name,
    kind: benchCase.kind,
    valid: benchCase.valid,
    bytes: Buffer.byteLength(bytes),
    rounds,
    parseUs: median(parseTimes) / 1000,
    rows: rows.map(({ run: _run, ...row }) => {
      const i = timedRows.findIndex((timedRow) => timedRow.row.name === row.name);
      return i < 0 ? row : { ...row, ratio: median(ratios[i]!), us: median(times[i]!) / 1000 };
    }),
    ...(reject === undefined ? {} : { reject }),
  };
}

if (process.argv[1]?.endsWith('worker.js')) {
  const [name, rounds = '15', budgetMs = '10', warmUpMs = '300'] = process.argv.slice(2);
  const benchCase = benchCases.find((candidate) => candidate.name === name);
  if (benchCase === undefined) {
    console.error(
      `unknown payload ${JSON.stringify(name)}; one of: ${benchCases.map((c) => c.name).join(', ')}`,
    );
    process.exit(2);
  }
  const settings = { rounds: Number(rounds), budgetMs: Number(budgetMs), warmUpMs: Number(warmUpMs) };
  console.log(JSON.stringify(measurePayload(benchCase, settings)));
}

import { spawnSync } from 'node:child_process';
import { validate, MAX_ISSUES } from '../src/index.js';
import { benchCases } from '../test/fixtures/payloads.js';
import { benchScript } from './paths.js';
import { calibrate, median, newLoop, timeBatch, warmUp } from './timing.js';

/**
 * The strict profile beside the default on every valid bench payload, and the cost of a body with 100,000
 * errors, whose issues stop at 20 while validating (contract: every-issue). One fresh process
 * (`node dist/bench/profiles.js --child`), so the other rows' code never shares its inline caches.
 */

export interface ProfileRow {
  payload: string;
  defaultUs: number;
  strictUs: number;
  /** Whether the strict profile accepts the payload (it holds no unknown property). */
  strictAccepts: boolean;
}

export interface ManyErrors {
  items: number;
  /** Median ms of `validate()` rejecting the body. */
  rejectMs: number;
  /** Median ms of `validate()` accepting the same body with every item made valid. */
  acceptMs: number;
  issues: number;
}

export interface ProfileResults {
  rows: ProfileRow[];
  manyErrors: ManyErrors;
}

function timeUs(fn: (value: unknown) => unknown, value: unknown, rounds: number): number {
  const loop = newLoop();
  warmUp(loop, fn, value, 200);
  const calls = calibrate(loop, fn, value, 10);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) samples.push(timeBatch(loop, fn, value, calls));
  return median(samples) / 1000;
}

function onceMs(fn: () => unknown, runs: number): number {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function child(rounds: number): ProfileResults {
  const rows = benchCases
    .filter((benchCase) => benchCase.valid)
    .map((benchCase): ProfileRow => {
      const value = JSON.parse(JSON.stringify(benchCase.value)) as unknown;
      return {
        payload: benchCase.name,
        defaultUs: timeUs((input) => validate(benchCase.kind, input), value, rounds),
        strictUs: timeUs((input) => validate(benchCase.kind, input, { profile: 'strict' }), value, rounds),
        strictAccepts: validate(benchCase.kind, value, { profile: 'strict' }).ok,
      };
    });
  const items = 100_000;
  const body = (role: string) =>
    JSON.parse(
      JSON.stringify({
        model: 'anthropic/claude-4.6-sonnet',
        messages: Array.from({ length: items }, () => ({ role, content: 'Hi' })),
      }),
    ) as unknown;
  const bad = body('robot');
  const good = body('user');
  const result = validate('messages-request', bad);
  const issues = result.ok ? 0 : (result.error.error.metadata?.issues.length ?? 0);
  if (issues !== MAX_ISSUES)
    throw new Error(`the 100,000-error body got ${issues} issues, not ${MAX_ISSUES}`);
  return {
    rows,
    manyErrors: {
      items,
      rejectMs: onceMs(() => validate('messages-request', bad), 21),
      acceptMs: onceMs(() => validate('messages-request', good), 21),
      issues,
    },
  };
}

export function measureProfiles(rounds: number): ProfileResults {
  const result = spawnSync(process.execPath, [benchScript('profiles'), '--child', String(rounds)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`profiles bench failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as ProfileResults;
}

if (process.argv[1]?.endsWith('profiles.js') && process.argv[2] === '--child') {
  console.log(JSON.stringify(child(Number(process.argv[3] ?? 15))));
}

/** Timing helpers: batches of calls through a loop of their own, so each call site stays monomorphic. */

export { median } from '../src/cli/median.js';

export type Loop = (fn: (value: unknown) => unknown, value: unknown, calls: number) => unknown;

/** A fresh loop function per row: V8 keeps its feedback apart from every other row's. */
export function newLoop(): Loop {
  return new Function(
    'fn',
    'value',
    'calls',
    'let last; for (let i = 0; i < calls; i++) last = fn(value); return last;',
  ) as Loop;
}

export let sink: unknown;

/** Nanoseconds per call over one batch of `calls`. */
export function timeBatch(
  loop: Loop,
  fn: (value: unknown) => unknown,
  value: unknown,
  calls: number,
): number {
  const start = process.hrtime.bigint();
  sink = loop(fn, value, calls);
  return Number(process.hrtime.bigint() - start) / calls;
}

/**
 * Runs `fn` for about `ms` first: a validator is hundreds of functions, and V8 optimises each only after
 * enough calls, so a figure taken before that measures the interpreter, not what a server runs.
 */
export function warmUp(loop: Loop, fn: (value: unknown) => unknown, value: unknown, ms: number): void {
  const end = performance.now() + ms;
  let calls = 1;
  while (performance.now() < end) {
    loop(fn, value, calls);
    calls = Math.min(calls * 2, 1024);
  }
}

/** Calls per batch for a batch to take about `budgetMs` (at least one call). */
export function calibrate(
  loop: Loop,
  fn: (value: unknown) => unknown,
  value: unknown,
  budgetMs: number,
): number {
  let calls = 1;
  for (;;) {
    const perCall = timeBatch(loop, fn, value, calls);
    if (perCall * calls >= budgetMs * 1e6) return calls;
    calls = Math.max(calls * 2, Math.ceil((budgetMs * 1e6) / Math.max(perCall, 1) / 2));
  }
}

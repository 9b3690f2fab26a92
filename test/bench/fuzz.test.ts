import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runFuzz, createFuzzer } from '../../bench/fuzz/campaign.js';
import {
  loadImplementations,
  type Implementations,
  type Judge,
  type Outcome,
} from '../../bench/fuzz/implementations.js';
import { allPaths, REMOVE, replaceAt } from '../../bench/fuzz/json-paths.js';
import { describeReproducer, writeReproducer } from '../../bench/fuzz/reproducer-file.js';

/**
 * The differential fuzz in its bounded form: the shipped validators, Ajv's own code and `compileValidator`
 * agree on mutated values of every schema; the mutations make both valid and invalid values of every schema; and
 * a validator broken on purpose is caught, with a reproducer shrunk as far as it goes.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const implementations = loadImplementations();

/** Mutated values per schema: the campaign deals its inputs to the schemas in turn. */
const PER_SCHEMA = 2000;

/** The shipped validators with one of them changed by `breakIt`. */
function withShipped(breakIt: (judge: Judge) => Judge): Implementations {
  const shipped = Object.fromEntries(
    Object.entries(implementations.shipped).map(([name, judge]) => [name, breakIt(judge)]),
  );
  return { ...implementations, shipped };
}

describe('the differential fuzz', () => {
  it(`finds no difference between the three implementations in ${PER_SCHEMA} mutated values of every schema, valid and invalid`, () => {
    const count = PER_SCHEMA * implementations.names.length;
    const summary = runFuzz({ seed: 20261123, count, repoRoot, implementations });
    expect(summary.reproducers).toEqual([]);
    expect(summary.differences).toBe(0);
    expect(Object.keys(summary.bySchema).sort()).toEqual([...implementations.names].sort());
    for (const [name, tally] of Object.entries(summary.bySchema)) {
      expect(tally.inputs, name).toBe(PER_SCHEMA);
      // Neither kind may be rare, or the comparison would mostly compare one outcome.
      expect(tally.valid, name).toBeGreaterThan(tally.inputs / 20);
      expect(tally.invalid, name).toBeGreaterThan(tally.inputs / 20);
    }
    // A bound for a loaded machine, not a measurement: the run takes about 10 s on two shared cores.
  }, 60_000);

  it('makes the same inputs from the same seed, and other inputs from another', () => {
    const fuzzer = createFuzzer(repoRoot, implementations);
    const first = [0, 1, 2, 500].map((input) => fuzzer.input(7, input));
    const again = [0, 1, 2, 500].map((input) => fuzzer.input(7, input));
    const other = [0, 1, 2, 500].map((input) => fuzzer.input(8, input));
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(first));
  });

  it('catches a validator that forgets every length limit, and shrinks the value to what shows it', () => {
    const forgetful = withShipped((judge) => (value) => {
      const outcome = judge(value);
      return outcome.valid === false && outcome.firstError.keyword === 'maxLength'
        ? { valid: true }
        : outcome;
    });
    const summary = runFuzz({
      seed: 3,
      count: 12_000,
      repoRoot,
      implementations: forgetful,
      maxReproducers: 3,
    });
    expect(summary.differences).toBeGreaterThan(0);
    expect(summary.reproducers.length).toBeGreaterThan(0);
    const fuzzer = createFuzzer(repoRoot, forgetful);
    for (const reproducer of summary.reproducers) {
      const { name, minimised, original, difference } = reproducer;
      expect(difference).toMatchObject({ aspect: 'verdict', implementation: 'shipped' });
      expect((difference.outcomes.ajv as Extract<Outcome, { valid: false }>).firstError.keyword).toBe(
        'maxLength',
      );
      expect(JSON.stringify(minimised).length).toBeLessThanOrEqual(JSON.stringify(original).length);
      expect(fuzzer.judge(name, minimised).difference).toMatchObject({ aspect: 'verdict' });
      // Shrunk as far as it goes: without any one of its properties or items the difference is gone.
      for (const path of allPaths(minimised).slice(1)) {
        expect(
          fuzzer.judge(name, replaceAt(minimised, path, REMOVE)).difference,
          path.join('/'),
        ).toBeUndefined();
      }
    }
    // The file the run writes holds the shrunk value and what each implementation said of it.
    const directory = mkdtempSync(join(tmpdir(), 'fuzz-'));
    try {
      const reproducer = summary.reproducers[0]!;
      const file = writeReproducer(directory, reproducer);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(written).toMatchObject({
        schema: reproducer.name,
        seed: 3,
        input: reproducer.input,
        aspect: 'verdict',
      });
      expect(written['minimised']).toEqual(reproducer.minimised);
      expect(fuzzer.judge(reproducer.name, written['minimised']).difference).toBeDefined();
      expect(describeReproducer(reproducer, file).join('\n')).toContain(JSON.stringify(reproducer.minimised));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('catches a validator with the right verdict and the wrong place for its first error', () => {
    const misplaced = withShipped((judge) => (value) => {
      const outcome = judge(value);
      if (outcome.valid !== false || outcome.firstError.keyword !== 'required') return outcome;
      return {
        ...outcome,
        firstError: { ...outcome.firstError, instancePath: `${outcome.firstError.instancePath}/x` },
      };
    });
    const summary = runFuzz({
      seed: 4,
      count: 3000,
      repoRoot,
      implementations: misplaced,
      maxReproducers: 1,
    });
    expect(summary.differences).toBeGreaterThan(0);
    expect(summary.reproducers[0]!.difference).toMatchObject({
      aspect: 'first error',
      implementation: 'shipped',
    });
  });
});

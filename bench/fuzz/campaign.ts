import { compareOutcomes, sameKind, type Difference } from './comparison.js';
import { readDictionary } from './dictionary.js';
import {
  implementationNames,
  type ImplementationName,
  type Implementations,
  type Outcome,
} from './implementations.js';
import { contextFromSeeds, mutate, type MutationContext } from './mutator.js';
import { Random } from './random.js';
import { fixtureValues, seedsByName } from './seeds.js';
import { shrink } from './shrink.js';

/**
 * One run of the differential fuzz: input `i` of seed `S` is a mutation of a seed of schema `i mod n`, made by a
 * generator seeded from `S` and `i` alone, so any input can be made again from its two numbers. Every input is
 * judged by the three implementations; a difference is shrunk to a small value with the same difference.
 */

export interface FuzzOptions {
  seed: number;
  count: number;
  repoRoot: string;
  implementations: Implementations;
  /** Called once with 0 when the seeds are read, then every `progressEvery` inputs and at the end. */
  onProgress?: (done: number, differences: number) => void;
  progressEvery?: number;
  /** At most this many differences are shrunk and kept (all are counted). */
  maxReproducers?: number;
}

export interface SchemaTally {
  seeds: number;
  inputs: number;
  /** Inputs Ajv's own code accepts / rejects: a run that made only one kind would prove little. */
  valid: number;
  invalid: number;
  differences: number;
}

export interface Reproducer {
  name: string;
  seed: number;
  input: number;
  mutations: string[];
  /** The mutated value as made, and the smallest value found with the same difference. */
  original: unknown;
  minimised: unknown;
  difference: Difference;
  shrinkTries: number;
}

export interface FuzzSummary {
  seed: number;
  count: number;
  differences: number;
  bySchema: Record<string, SchemaTally>;
  reproducers: Reproducer[];
  /** Reading the seeds and schemas, then judging the inputs (shrinking included). */
  setupSeconds: number;
  seconds: number;
}

/** The generator of one input: its seed and index mixed so neighbouring inputs share nothing. */
export function inputRandom(seed: number, input: number): Random {
  return new Random(Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(input + 1, 0x165667b1));
}

export interface Fuzzer {
  names: readonly string[];
  seeds: Readonly<Record<string, readonly unknown[]>>;
  context: MutationContext;
  /** Input `input` of run `seed`: its schema, the mutated value and what was done. */
  input(seed: number, input: number): { name: string; value: unknown; mutations: string[] };
  /** The three outcomes on one value, and how they differ, if they do. */
  judge(
    name: string,
    value: unknown,
  ): { outcomes: Record<ImplementationName, Outcome>; difference?: Difference };
}

export function createFuzzer(repoRoot: string, implementations: Implementations): Fuzzer {
  const candidates = fixtureValues(repoRoot);
  const seeds = seedsByName(candidates, implementations.ajv);
  const dictionary = readDictionary(Object.values(implementations.schemas));
  const context = contextFromSeeds(candidates, dictionary);
  const { names } = implementations;
  return {
    names,
    seeds,
    context,
    input(seed, input) {
      const name = names[input % names.length]!;
      const random = inputRandom(seed, input);
      const { value, mutations } = mutate(random.pick(seeds[name]!), random, context);
      return { name, value, mutations };
    },
    judge(name, value) {
      const outcomes = Object.fromEntries(
        implementationNames.map((implementation) => [
          implementation,
          implementations[implementation][name]!(value),
        ]),
      ) as Record<ImplementationName, Outcome>;
      const difference = compareOutcomes(outcomes);
      return difference === undefined ? { outcomes } : { outcomes, difference };
    },
  };
}

export function runFuzz(options: FuzzOptions): FuzzSummary {
  const { seed, count, implementations, onProgress } = options;
  const progressEvery = options.progressEvery ?? 1000;
  const maxReproducers = options.maxReproducers ?? 5;
  const setupStarted = process.hrtime.bigint();
  const fuzzer = createFuzzer(options.repoRoot, implementations);
  const started = process.hrtime.bigint();
  const bySchema: Record<string, SchemaTally> = Object.fromEntries(
    fuzzer.names.map((name) => [
      name,
      { seeds: fuzzer.seeds[name]!.length, inputs: 0, valid: 0, invalid: 0, differences: 0 },
    ]),
  );
  const reproducers: Reproducer[] = [];
  let differences = 0;
  onProgress?.(0, 0);
  for (let input = 0; input < count; input++) {
    const { name, value, mutations } = fuzzer.input(seed, input);
    const { outcomes, difference } = fuzzer.judge(name, value);
    const tally = bySchema[name]!;
    tally.inputs++;
    if (outcomes.ajv.valid === true) tally.valid++;
    else tally.invalid++;
    if (difference !== undefined) {
      differences++;
      tally.differences++;
      if (reproducers.length < maxReproducers) {
        const holds = (candidate: unknown) => {
          const other = fuzzer.judge(name, candidate).difference;
          return other !== undefined && sameKind(other, difference);
        };
        const shrunk = shrink(value, holds);
        reproducers.push({
          name,
          seed,
          input,
          mutations,
          original: value,
          minimised: shrunk.value,
          difference: fuzzer.judge(name, shrunk.value).difference!,
          shrinkTries: shrunk.tries,
        });
      }
    }
    if (onProgress !== undefined && (input + 1) % progressEvery === 0) onProgress(input + 1, differences);
  }
  if (onProgress !== undefined && count % progressEvery !== 0) onProgress(count, differences);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const setupSeconds = Number(started - setupStarted) / 1e9;
  return { seed, count, differences, bySchema, reproducers, setupSeconds, seconds };
}

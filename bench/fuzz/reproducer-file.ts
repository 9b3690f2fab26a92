import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reproducer } from './campaign.js';

/**
 * A difference the fuzz found, as a JSON file (the shrunk value first, then how it was made, so the input can be
 * made again from its seed and index) and as the lines the run prints.
 */

/** Writes the reproducer into `directory` and returns the file's path. */
export function writeReproducer(directory: string, reproducer: Reproducer): string {
  const { difference } = reproducer;
  const file = join(directory, `difference-seed${reproducer.seed}-input${reproducer.input}.json`);
  const body = {
    schema: reproducer.name,
    seed: reproducer.seed,
    input: reproducer.input,
    aspect: difference.aspect,
    implementation: difference.implementation,
    minimised: reproducer.minimised,
    outcomes: difference.outcomes,
    mutations: reproducer.mutations,
    original: reproducer.original,
  };
  mkdirSync(directory, { recursive: true });
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

/** What the run prints about one reproducer: where it comes from, the shrunk value and each outcome on it. */
export function describeReproducer(reproducer: Reproducer, file: string): string[] {
  const { difference } = reproducer;
  const value = JSON.stringify(reproducer.minimised);
  return [
    `difference: ${reproducer.name}, input ${reproducer.input} of seed ${reproducer.seed}`,
    `  ${difference.implementation} parts from Ajv's own code on the ${difference.aspect}`,
    `  minimised (${reproducer.shrinkTries} tries): ${value.length > 2000 ? `${value.slice(0, 2000)}...` : value}`,
    ...Object.entries(difference.outcomes).map(
      ([implementation, outcome]) => `  ${implementation.padEnd(8)} ${JSON.stringify(outcome)}`,
    ),
    `  written to ${file}`,
  ];
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchCases, verdictProbes } from '../../test/fixtures/payloads.js';
import { eachNode } from './json-paths.js';
import type { Judge } from './implementations.js';

/**
 * The valid values the fuzz starts from, by schema name: the valid tests of the case tables
 * (test/fixtures/cases), the public examples (test/fixtures/public-examples) and the bench payloads and probes
 * (test/fixtures/payloads.ts). Every object or array inside one is tried too, against every schema, so a preset
 * config inside a preset response seeds the preset config. A seed is one Ajv's own code accepts.
 */

/** Seeds larger than this are left out: mutating a 1 MB conversation a million times measures copying. */
const MAX_SEED_BYTES = 64 * 1024;

interface CaseFile {
  schema: string;
  tests: { data: unknown; valid: boolean }[];
}

/** Every candidate value of the fixtures, valid by their own label (the public examples are all valid). */
export function fixtureValues(repoRoot: string): unknown[] {
  const cases = join(repoRoot, 'test/fixtures/cases');
  const examples = join(repoRoot, 'test/fixtures/public-examples');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const fromCases = readdirSync(cases)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => (read(join(cases, file)) as CaseFile[]).flatMap((group) => group.tests))
    .filter((test) => test.valid)
    .map((test) => test.data);
  const fromExamples = readdirSync(examples)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => read(join(examples, file)));
  const fromPayloads = [...benchCases, ...verdictProbes]
    .filter((entry) => entry.valid)
    .map((entry) => entry.value);
  return [...fromCases, ...fromExamples, ...fromPayloads];
}

/** The seeds of each schema: distinct candidates and containers inside them that Ajv's own code accepts. */
export function seedsByName(
  candidates: readonly unknown[],
  reference: Readonly<Record<string, Judge>>,
): Record<string, unknown[]> {
  const distinct = new Map<string, unknown>();
  for (const candidate of candidates) {
    eachNode(candidate, (node) => {
      if (node === null || typeof node !== 'object') return;
      const text = JSON.stringify(node);
      if (text.length <= MAX_SEED_BYTES && !distinct.has(text)) distinct.set(text, node);
    });
  }
  const seeds: Record<string, unknown[]> = {};
  for (const [name, judge] of Object.entries(reference)) {
    seeds[name] = [...distinct.values()].filter((value) => judge(value).valid === true);
    if (seeds[name].length === 0) throw new Error(`no valid seed for ${name} in test/fixtures`);
  }
  return seeds;
}

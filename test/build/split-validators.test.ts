import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { benchCases, verdictProbes } from '../fixtures/payloads.js';
import {
  bundledModuleFile,
  bundledRootFile,
  generatedModuleNames,
  rootGroupOf,
} from '../../src/core/generated-modules.js';
import { loadCaseFiles } from '../support/cases.js';

/**
 * The files dist/lib/ holds one root each (build/split-validators.ts), which Node loads on a root's first use,
 * against the whole module they were split from, as dist/lib/ ships it too: the same verdict and the same
 * errors, sentences and params included, on every case and probe. Each root file renumbers its error sites, so
 * a site it names wrongly would show here as another sentence.
 */

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Module = { validatorsByName: Record<string, Validator | undefined> };

const lib = new URL('../../dist/lib/', import.meta.url);
const load = createRequire(lib);

const values = () => [
  ...loadCaseFiles().flatMap(([, groups]) => groups.flatMap((group) => group.tests.map((test) => test.data))),
  ...[...benchCases, ...verdictProbes].map((benchCase) => benchCase.value),
];

describe.each(generatedModuleNames())('the files of %s, one root each', (name) => {
  it('judge and report every case and probe as the whole module does', async () => {
    const whole = (await import(new URL(bundledModuleFile(name), lib).href)) as Module;
    const schemas = Object.keys(whole.validatorsByName);
    const files = new Set(schemas.map((schema) => bundledRootFile(name, rootGroupOf(schema))));
    // Every root's file, and no other: a stale file from an older split would be loaded by no one.
    const shipped = readdirSync(lib).filter(
      (file) => file.startsWith(`generated-${name}.`) && file.endsWith('.cjs'),
    );
    expect(shipped.sort()).toEqual([...files].sort());
    let compared = 0;
    for (const schema of schemas) {
      const split = (load(`./${bundledRootFile(name, rootGroupOf(schema))}`) as Module).validatorsByName[
        schema
      ]!;
      const original = whole.validatorsByName[schema]!;
      for (const value of values()) {
        const valid = original(value);
        expect(split(value), schema).toBe(valid);
        if (!valid) {
          expect(split.errors, schema).toEqual(original.errors);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCases, verdictProbes } from '../fixtures/payloads.js';
import { profileSchemas, unrewrittenValidatorModule } from '../../build/precompile.js';
import { capCollectedErrors } from '../../build/profiles/all-issues.js';
import { createAjv } from '../../src/core/ajv.js';
import { MAX_ISSUES } from '../../src/core/errors.js';
import { validatorOf, type Profile } from '../../src/core/profiles.js';
import { loadCaseFiles } from '../support/cases.js';

/**
 * The reject path's collecting validators (build/profiles/all-issues.ts) against Ajv's own allErrors code for
 * the same schemas: the same verdict and the same errors, in the same order, wherever Ajv finds fewer than the
 * cap; and never much more than the cap however many errors a value holds.
 */

type Validator = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; keyword: string }[] | null;
};
type Module = { validatorsByName: Record<string, Validator> };

let directory: string;
const reference: Partial<Record<Profile, Module>> = {};

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'all-issues-'));
  const runtime = new URL('../../src/runtime/validator-runtime.ts', import.meta.url).href;
  for (const profile of ['default', 'strict'] as const) {
    const file = join(directory, `${profile}.mjs`);
    const ajv = createAjv({ allErrors: true });
    writeFileSync(file, unrewrittenValidatorModule(runtime, profileSchemas(profile), ajv));
    reference[profile] = (await import(pathToFileURL(file).href)) as Module;
  }
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const errorsOf = (validator: Validator) =>
  (validator.errors ?? []).map(({ instancePath, keyword }) => ({ instancePath, keyword }));

const values = () => [
  ...loadCaseFiles().flatMap(([, groups]) => groups.flatMap((group) => group.tests.map((test) => test.data))),
  ...[...benchCases, ...verdictProbes].map((benchCase) => benchCase.value),
];

describe.each(['default', 'strict'] as const)('the collecting validators of the %s profile', (profile) => {
  it('judge and report every case and probe as Ajv does with allErrors', () => {
    const ours = (name: string) => validatorOf(profile, 'collecting', name)!;
    const theirs = reference[profile]!.validatorsByName;
    let compared = 0;
    for (const value of values()) {
      for (const name of Object.keys(theirs)) {
        const valid = theirs[name]!(value);
        expect(ours(name)(value), name).toBe(valid);
        if (valid || theirs[name]!.errors!.length >= MAX_ISSUES) continue;
        expect(errorsOf(ours(name) as Validator), name).toEqual(errorsOf(theirs[name]!));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('stop collecting at the cap while validating: 100,000 bad messages cost 20 errors', () => {
    const messages = Array.from({ length: 100_000 }, () => ({ role: 'robot', content: 1 }));
    const validator = validatorOf(profile, 'collecting', 'messages-request')!;
    expect(validator({ model: 'x', messages })).toBe(false);
    // Each bad message holds two errors; the loop leaves once 20 are recorded.
    expect(validator.errors).toHaveLength(MAX_ISSUES);
  });
});

describe('capCollectedErrors', () => {
  it('leaves every loop that records errors once the cap is reached', () => {
    const code =
      'function v(d){let errors=0;for(const k in d){errors++;}for(let i=0;i<3;i++){d[i];}return errors;}';
    expect(capCollectedErrors(code, 20)).toBe(
      'function v(d){let errors=0;for(const k in d){if(errors>=20){break;}errors++;}for(let i=0;i<3;i++){d[i];}return errors;}',
    );
  });

  it('fails the build on code where no loop records errors', () => {
    expect(() => capCollectedErrors('function v(d){return true;}', 20)).toThrow(/no loop records errors/);
  });
});

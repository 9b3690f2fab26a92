import { registerSchema, validate } from '@hyperjump/json-schema/draft-2020-12';
import { describe, expect, it } from 'vitest';
import { CustomKeywordJudge, emittedFiles, jsonCases, Skipped } from './support/json-cases.js';

/*
 * The emitted JSON Schema files, compiled by an independent 2020-12 implementation (@hyperjump/json-schema),
 * give our validators' verdict on every case of test/cases and of the hostile corpus. Where the custom keyword
 * `maxTotalLength` (contract: router-patterns) decides a case, hyperjump must give the verdict of the schema
 * without it: such cases are listed, not hidden.
 */

type Verdict = (value: unknown) => boolean;

async function hyperjumpValidators(): Promise<Map<string, Verdict>> {
  const files = emittedFiles();
  // Registered first, so that compiling one file could resolve a reference into another (none has any).
  for (const schema of Object.values(files)) {
    registerSchema(structuredClone(schema) as Parameters<typeof registerSchema>[0]);
  }
  const validators = new Map<string, Verdict>();
  for (const [name, schema] of Object.entries(files)) {
    // Compiling validates the file against the 2020-12 meta-schema first.
    const compiled = await validate(String(schema['$id']));
    validators.set(name, (value) => compiled(value as never).valid);
  }
  return validators;
}

describe('the emitted JSON Schema files under @hyperjump/json-schema', () => {
  it('give our verdict on every case but those the custom keyword decides', async () => {
    const validators = await hyperjumpValidators();
    const judge = new CustomKeywordJudge();
    const skipped = new Skipped();
    let agreed = 0;
    const excluded: string[] = [];
    const disagreements: string[] = [];
    for (const jsonCase of jsonCases(skipped)) {
      const verdict = validators.get(jsonCase.schema);
      if (verdict === undefined) throw new Error(`no emitted file for ${jsonCase.schema}`);
      const theirs = verdict(jsonCase.value);
      const withoutKeyword = judge.verdictWithoutKeyword(jsonCase.schema, jsonCase.value);
      if (withoutKeyword !== undefined) {
        excluded.push(jsonCase.name);
        // The keyword only adds a limit: a case it decides is one we reject and the schema without it accepts.
        if (jsonCase.valid || !withoutKeyword) disagreements.push(`${jsonCase.name} (the keyword loosens)`);
        if (theirs !== withoutKeyword) disagreements.push(`${jsonCase.name} (without the keyword)`);
      } else if (theirs === jsonCase.valid) agreed++;
      else disagreements.push(`${jsonCase.name}: ours ${jsonCase.valid}, hyperjump ${theirs}`);
    }
    console.log(
      `differential: ${agreed} agreed, ${excluded.length + skipped.total} excluded ` +
        `(${excluded.length} decided by the custom keyword maxTotalLength or the secret search (nested values, URL parts), which only this library enforces: ` +
        `${excluded.join('; ')}; ${skipped.total} not JSON values our validators see: ${skipped})`,
    );
    expect(disagreements).toEqual([]);
    // test/cases alone holds over a thousand tests; the corpus adds a few hundred.
    expect(agreed).toBeGreaterThan(1300);
    // test/fixtures/cases/router-pattern-totals.json checks the total at and past its limit.
    expect(excluded.length).toBeGreaterThan(0);
  }, 180_000);
});

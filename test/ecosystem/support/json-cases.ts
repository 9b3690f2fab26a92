import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { maskDestination, parseJsonBody } from '../../../src/index.js';
import { compileValidator } from '../../../src/compile.js';
import { validatorsByName } from '../../../src/generated/validators.js';
import { emittedSchemaSources } from '../../../build/documents/emit.js';
import { CUSTOM_KEYWORD } from '../../../build/documents/json-schema-2020.js';
import { hostileCases } from '../../fixtures/hostile/index.js';
import { loadCaseFiles } from '../../support/cases.js';
import { verdictFor } from '../../support/verdict.js';

/*
 * The cases the emitted JSON Schema files are held to: every test of test/cases and every case of the hostile
 * corpus (test/fixtures/hostile/) that is a JSON value our validators see, each with our verdict.
 */

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const schemaDir = `${root}dist/schemas/`;

/**
 * The emitted files, by name (`messages-request`, `params/getPresetVersion`), read from the build: the default
 * profile's, or with `strict` the strict profile's (`strict/messages-request`).
 */
export function emittedFiles(
  profile: 'default' | 'strict' = 'default',
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    readdirSync(schemaDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.json'))
      .filter((file) => file.startsWith('strict/') === (profile === 'strict'))
      .sort()
      .map((file) => [
        relative(schemaDir, `${schemaDir}${file}`).replace(/\.json$/, ''),
        JSON.parse(readFileSync(`${schemaDir}${file}`, 'utf8')) as Record<string, unknown>,
      ]),
  );
}

export interface JsonCase {
  name: string;
  /** The emitted file, and our validator of the same name, the value is checked against. */
  schema: string;
  value: unknown;
  /** The JSON text of the value, for a parser in another language (a hostile body's own bytes, as sent). */
  text: string;
  /** Our verdict. */
  valid: boolean;
}

/** Cases that are no JSON value our validators see, counted by reason. */
export class Skipped {
  readonly counts = new Map<string, number>();

  add(reason: string): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }

  get total(): number {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0);
  }

  toString(): string {
    return [...this.counts].map(([reason, count]) => `${count} ${reason}`).join(', ');
  }
}

function jsonCase(name: string, schema: string, value: unknown, text = JSON.stringify(value)): JsonCase {
  return { name, schema, value, text, valid: verdictFor(schema, value).ok };
}

/** Every test of test/cases. */
export function* caseFileCases(): Generator<JsonCase> {
  for (const [file, groups] of loadCaseFiles()) {
    for (const group of groups) {
      for (const test of group.tests) {
        yield jsonCase(`${file}: ${group.description}: ${test.description}`, group.schema, test.data);
      }
    }
  }
}

/** Generated one at a time: the corpus holds bodies of up to 4 MiB, which are built, checked and dropped. */
export function* jsonCases(skipped: Skipped): Generator<JsonCase> {
  yield* caseFileCases();
  const files = emittedSchemaSources();
  for (const hostile of hostileCases) {
    const name = `hostile ${hostile.kind}: ${hostile.name}`;
    switch (hostile.kind) {
      case 'header':
        skipped.add('header cases');
        break;
      case 'params': {
        const schema = `params/${hostile.operation}`;
        if (schema in files) yield jsonCase(name, schema, hostile.params);
        else skipped.add('parameter cases of an operation without parameters');
        break;
      }
      case 'response': {
        const response = hostile.response() as { data: object };
        const value = hostile.mask ? { ...response, data: maskDestination(response.data) } : response;
        yield jsonCase(name, 'observability-destination-response', value);
        break;
      }
      case 'body': {
        const body = hostile.body();
        const parsed = parseJsonBody(body, hostile.limits);
        if (!parsed.ok) {
          skipped.add(
            'bodies the body guards refuse before validation (too deep, not an object, repeated keys, not JSON)',
          );
          break;
        }
        const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
        // RFC 8259, section 8.1: parseJsonBody ignores a byte order mark, which Python's json.loads refuses.
        yield jsonCase(name, 'messages-request', parsed.value, text.replace(/^\uFEFF/, ''));
        break;
      }
    }
  }
}

function withoutCustomKeyword(value: unknown, copies = new Map<object, unknown>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  const copied = copies.get(value);
  if (copied !== undefined) return copied;
  // Copied once per object, so subschemas shared by identity stay shared (and compile once).
  const copy: unknown = Array.isArray(value)
    ? value.map((item) => withoutCustomKeyword(item, copies))
    : Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== CUSTOM_KEYWORD)
          .map(([key, child]) => [key, withoutCustomKeyword(child, copies)]),
      );
  copies.set(value, copy);
  return copy;
}

/**
 * Whether the custom keyword decides a case: the verdict of the schema differs from that of the same schema
 * without `maxTotalLength`, both compiled by the library's own Ajv. Other validators only collect the keyword,
 * so on such a case they must give the second verdict, never the first.
 */
export class CustomKeywordJudge {
  private readonly pairs = new Map<string, [ValidateFunction, ValidateFunction] | null>();
  private readonly sources = emittedSchemaSources();

  /**
   * The verdict without the custom keyword, or undefined where the keyword does not decide the case. The secret
   * search of the destination validator (contract: secret-masking: nested values, the secret parts of URLs) is
   * the library's other addition to the files, judged alike: where it decides a case, the schema's own verdict.
   */
  verdictWithoutKeyword(schema: string, value: unknown): boolean | undefined {
    if (schema === 'observability-destination-response') {
      const own = (validatorsByName[schema] as (data: unknown) => boolean)(value);
      if (own !== verdictFor(schema, value).ok) return own;
    }
    let pair = this.pairs.get(schema);
    if (pair === undefined) {
      const source = this.sources[schema];
      if (source === undefined) throw new Error(`no emitted schema named ${schema}`);
      pair = JSON.stringify(source).includes(`"${CUSTOM_KEYWORD}"`)
        ? [compileValidator(source), compileValidator(withoutCustomKeyword(source) as object)]
        : null;
      this.pairs.set(schema, pair);
    }
    if (pair === null) return undefined;
    const [withKeyword, withoutKeyword] = pair;
    const without = withoutKeyword(value);
    return withKeyword(value) === without ? undefined : without;
  }
}

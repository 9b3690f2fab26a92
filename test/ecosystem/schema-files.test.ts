import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rootNames } from '../../src/index.js';
import { operationSchemas } from '../../schemas/index.js';
import { CUSTOM_KEYWORD, JSON_SCHEMA_2020_12 } from '../../build/documents/json-schema-2020.js';
import { schemaLists, schemaMaps, schemaValues } from '../../src/core/schema-keywords.js';
import { emittedSchemaSources, SCHEMA_ID_PREFIX } from '../../build/documents/emit.js';
import { portablePattern } from '../../build/documents/portable-pattern.js';
import { emittedFiles, root } from './support/json-cases.js';

type Node = Record<string, unknown>;

/** The subschema keywords of both drafts, and those only one of them spells so. */
const maps = [...schemaMaps, 'dependentSchemas', '$defs', 'dependencies'];
const lists = [...schemaLists, 'prefixItems'];
const values = [...schemaValues, 'items'];

/** Every subschema of a 2020-12 document (or of a draft-07 source: it uses the same keywords here). */
function subschemas(schema: unknown): Node[] {
  const found: Node[] = [];
  const pending = [schema];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const object = node as Node;
    found.push(object);
    for (const key of maps) if (object[key]) pending.push(...Object.values(object[key] as Node));
    for (const key of lists) if (Array.isArray(object[key])) pending.push(...(object[key] as unknown[]));
    for (const key of values) if (key in object) pending.push(...[object[key]].flat());
  }
  return found;
}

const files = emittedFiles();
const sources = emittedSchemaSources();

describe('the emitted JSON Schema files', () => {
  it('exist for every root, the preset config and every operation with path parameters', () => {
    const withParams = Object.entries(operationSchemas).filter(([, schemas]) => schemas.params !== null);
    expect(Object.keys(files).sort()).toEqual(
      [...rootNames, 'preset-config', ...withParams.map(([id]) => `params/${id}`)].sort(),
    );
  });

  it.each(Object.keys(files))('%s is a self-contained 2020-12 document with an $id', (name) => {
    const file = files[name]!;
    expect(file['$schema']).toBe(JSON_SCHEMA_2020_12);
    expect(file['$id']).toBe(`${SCHEMA_ID_PREFIX}${name}`);
    expect(file['title']).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    const nodes = subschemas(file);
    // Draft-07 spellings and Ajv's own keyword are gone; no reference needs resolving.
    for (const keyword of ['definitions', 'dependencies', 'additionalItems', 'discriminator', '$ref']) {
      expect(nodes.filter((node) => keyword in node)).toEqual([]);
    }
    expect(nodes.filter((node) => Array.isArray(node['items']))).toEqual([]);
  });

  it.each(Object.keys(files))('%s carries every description of its source', (name) => {
    const descriptions = (schema: unknown) =>
      subschemas(schema).flatMap((node) =>
        typeof node['description'] === 'string' ? [node['description']] : [],
      );
    const emitted = new Set(descriptions(files[name]));
    expect(descriptions(sources[name]).filter((description) => !emitted.has(description))).toEqual([]);
    expect(files[name]!['description']).toEqual(expect.any(String));
  });

  it('say in the description wherever the custom keyword applies, and keep its standard neighbours', () => {
    const custom = Object.values(files).flatMap((file) =>
      subschemas(file).filter((node) => CUSTOM_KEYWORD in node),
    );
    // The router lists (contract: router-patterns): allowed_models and excluded_models of two routers, in the
    // request and in configs.
    expect(custom.length).toBeGreaterThanOrEqual(4);
    for (const node of custom) {
      expect(node['description']).toContain('`maxTotalLength`');
      expect(node).toMatchObject({
        type: 'array',
        maxItems: 1024,
        items: { type: 'string', maxLength: 1024 },
      });
    }
  });

  it('bound every number by the largest double, so an overflow to Infinity fails everywhere (contract: numbers)', () => {
    const numbers = Object.values(files).flatMap((file) =>
      subschemas(file).filter(
        (node) => node['type'] === 'number' || (node['type'] as unknown[])?.includes?.('number'),
      ),
    );
    expect(numbers.length).toBeGreaterThan(10);
    for (const node of numbers) {
      expect('maximum' in node || 'exclusiveMaximum' in node).toBe(true);
      expect('minimum' in node || 'exclusiveMinimum' in node).toBe(true);
    }
  });

  it('are exported as gateway-contract/schemas/<name>.json', () => {
    const script = `
      import request from 'gateway-contract/schemas/messages-request.json' with { type: 'json' };
      import params from 'gateway-contract/schemas/params/getPresetVersion.json' with { type: 'json' };
      console.log(JSON.stringify([request.$id, params.$id]));
    `;
    const output = execFileSync(
      process.execPath,
      ['--no-warnings', '--input-type=module', '--eval', script],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(output)).toEqual([
      files['messages-request']!['$id'],
      files['params/getPresetVersion']!['$id'],
    ]);
  });
});

describe('portablePattern', () => {
  const samples = ['1', '01', '1\n', '12\n3', '٣', 'abc_1', 'a-b', '.', '..', '...', 'x.', '\n', ''];
  const patterns = [
    '^[1-9][0-9]{0,8}$',
    '^\\d{4}-\\d{2}$',
    '^[\\w-]+$',
    '^(?!\\.\\.?$)[A-Za-z0-9._~-]+$',
    '^[^$]+$',
    '^a\\$b$',
    '^[\\d.]+$',
  ];

  it.each(patterns)('keeps the verdict of %s on every sample under ECMA-262', (pattern) => {
    const original = new RegExp(pattern, 'u');
    const portable = new RegExp(portablePattern(pattern), 'u');
    for (const sample of samples)
      expect([sample, portable.test(sample)]).toEqual([sample, original.test(sample)]);
  });

  it('spells out the tokens other engines read more widely, and nothing else', () => {
    expect(portablePattern('^[1-9][0-9]{0,8}$')).toBe('^[1-9][0-9]{0,8}(?![\\s\\S])');
    expect(portablePattern('^\\d{2}[\\w-]$')).toBe('^[0-9]{2}[A-Za-z0-9_-](?![\\s\\S])');
    expect(portablePattern('^[$]\\$a')).toBe('^[$]\\$a');
  });

  it('refuses tokens it has no portable spelling for', () => {
    expect(() => portablePattern('^\\D$')).toThrow(/no portable spelling/);
    expect(() => portablePattern('\\bword')).toThrow(/no portable spelling/);
  });
});

import { describe, expect, it } from 'vitest';
import { unwrapBareBlocks } from '../../build/standalone/bare-blocks.js';
import { siteKey } from '../../build/standalone/error-sites.js';
import { labelNames, schemaLabel } from '../../build/standalone/schema-labels.js';
import { shortFunctionNames, stableNames } from '../../build/standalone/stable-names.js';
import { splitSchemas, withSharedRefs } from '../../src/core/schema-refs.js';
import { emitStandaloneModule } from '../../build/precompile.js';
import { taggedUnion, type TaggedBranch } from '../../schemas/tagged-union.js';

/**
 * The generated validators' names (build/standalone/stable-names.ts, schema-labels.ts, bare-blocks.ts): each
 * given by what it stands for, never by Ajv's counters, so a part of the schemas added leaves the code of every
 * other part as it was.
 */

const union = {
  type: 'object',
  discriminator: { propertyName: 'type' },
  oneOf: [
    { type: 'object', properties: { type: { enum: ['text'] }, text: { type: 'string' } } },
    { type: 'object', properties: { kind: { const: 'none' } } },
  ],
};
const schemas = {
  'a-request': { type: 'object', properties: { blocks: { type: 'array', items: union } } },
};

describe('the label of a place in the schemas', () => {
  it('is the root, each property, and each branch by its tag (by its index where it has none)', () => {
    expect(schemaLabel('a-request', schemas)).toBe('aRequest');
    expect(schemaLabel('a-request#/properties/blocks/items', schemas)).toBe('aRequest_blocks');
    expect(schemaLabel('a-request#/properties/blocks/items/oneOf/0', schemas)).toBe('aRequest_blocks_text');
    expect(schemaLabel('a-request#/properties/blocks/items/oneOf/1', schemas)).toBe('aRequest_blocks_oneOf1');
  });

  it('keeps the root, the end of the path and a digest of all of it when too long', () => {
    const deep = `a-request#${'/properties/a_rather_long_property_name'.repeat(4)}`;
    const label = schemaLabel(deep, schemas);
    expect(label.length).toBeLessThanOrEqual(64);
    expect(label).toMatch(/^aRequest(_a_rather_long_property_name)+_[0-9a-f]{6}$/);
    expect(schemaLabel(`${deep}/properties/b`, schemas)).not.toBe(label);
  });

  it('keeps a long label, digest and all, when a union gains a branch before its place', () => {
    const deep = '/properties/a_rather_long_property_name'.repeat(3);
    const branch = (tag: string) => ({ type: 'object', properties: { type: { enum: [tag] } } });
    const withBranches = (...tags: string[]) => ({
      'a-request': {
        type: 'object',
        properties: {
          blocks: {
            type: 'array',
            items: { type: 'object', discriminator: { propertyName: 'type' }, oneOf: tags.map(branch) },
          },
        },
      },
    });
    const at = (index: number) => `a-request#/properties/blocks/items/oneOf/${index}${deep}`;
    const before = schemaLabel(at(0), withBranches('text', 'image'));
    expect(before).toMatch(/_[0-9a-f]{6}$/);
    expect(schemaLabel(at(1), withBranches('audio', 'text', 'image'))).toBe(before);
    // The digest that tells apart two places that read alike stays too.
    const secondName = (names: ReturnType<typeof labelNames>, origin: string) => (
      names(origin, 0),
      names(origin, 1)
    );
    expect(secondName(labelNames(withBranches('audio', 'text', 'image')), at(1))).toBe(
      secondName(labelNames(withBranches('text', 'image')), at(0)),
    );
  });

  it('names the hoisted subschemas, a digest added where two places read alike', () => {
    const names = labelNames(schemas);
    expect(names('a-request#/properties/blocks', 0)).toBe('aRequest_blocks');
    expect(names('a-request#/properties/blocks/items', 1)).toMatch(/^aRequest_blocks_[0-9a-f]{6}$/);
    const big = { type: 'object', properties: { x: { enum: ['x'.repeat(700)] } } };
    const { definitions } = splitSchemas(
      { 'a-request': { type: 'object', properties: { big } } },
      undefined,
      () => 'same',
    );
    expect(Object.keys(definitions)).toEqual(['same']);
    expect(() =>
      splitSchemas({ r: { type: 'object', properties: { a: big, b: { ...big } } } }, undefined, () => 'same'),
    ).toThrow(/two subschemas are named same/);
  });
});

/** Ajv-shaped code: a helper binding, a pattern, two functions, and locals numbered by Ajv's counters. */
const module = (extra: string) =>
  'const func2 = firstMissing;const pattern7 = new RegExp("^a$", "u");const schema3 = {"a":1};const schema9 = {"a":1};' +
  'function validate12(data){if(data.b === undefined){return failAt(validate12, "", "required:00000000");}' +
  `${extra}` +
  'if(data.c !== undefined){let data4 = data.c;for(let i3 = 0; i3 < data4.length; i3++){let data5 = data4[i3];' +
  'if(!pattern7.test(data5)){return failAt(validate12, "/c/" + i3, "pattern:00000000");}}}' +
  'var valid0 = schema3.a === schema9.a;return valid0 && validate15(data.c);}' +
  'function validate15(data){const _errs2 = errors;return func2(data, ["x"]) === undefined;}' +
  'export const aRequest = validate12;';
const labels: Record<string, string> = { validate12: 'aRequest', validate15: 'aRequest_c' };
const named = (code: string) => stableNames(code, (name) => labels[name]);

describe('the names of the generated module', () => {
  const out = named(module(''));

  it('names each function by its label and each constant by its value', () => {
    expect(out).toContain('function validate_aRequest(data)');
    expect(out).toContain('function validate_aRequest_c(data)');
    expect(out).toContain('export const aRequest = validate_aRequest;');
    expect(out).toContain('const func_firstMissing = firstMissing;');
    expect(out).toMatch(/const pattern_[0-9a-f]{8} = new RegExp/);
    expect(out).not.toMatch(/\b(validate|func|pattern|schema)\d+\b/);
  });

  it('writes one constant of two Ajv kept with the same value', () => {
    expect(out.match(/const schema_[0-9a-f]{8} = \{"a":1\};/g)).toHaveLength(1);
    expect(out).toMatch(/var valid0 = (schema_[0-9a-f]{8})\.a === \1\.a;/);
  });

  it('numbers locals by their nesting, and leaves a var its own name', () => {
    expect(out).toContain('let d0 = data.c;for(let i0 = 0; i0 < d0.length; i0++){let d1 = d0[i0];');
    expect(out).toContain('const _errs0 = errors;');
    expect(out).toContain('var valid0');
  });

  it('leaves every other line as it was when a property is added before them', () => {
    const added = named(
      module('if(data.a !== undefined){let data9 = data.a;if(typeof data9 !== "string"){return 1;}}'),
    );
    expect(added).toContain('let d0 = data.a;');
    expect(
      added.replace('if(data.a !== undefined){let d0 = data.a;if(typeof d0 !== "string"){return 1;}}', ''),
    ).toBe(out);
  });

  it('fails the build for a function whose schema it does not know', () => {
    expect(() => stableNames(module(''), () => undefined)).toThrow(
      /\(names\).*no schema is known for validate12/,
    );
  });

  it('gives the shipped copy short function names', () => {
    const short = shortFunctionNames(out);
    expect(short).toContain('function v0(data)');
    expect(short).toContain('return valid0 && v1(data.c);');
    expect(short).toContain('export const aRequest = v0;');
  });
});

describe('bare blocks', () => {
  it('are unwrapped when they declare nothing, and kept when they scope a let or const', () => {
    const code =
      'function f(data){{if(data.a){return 1;}{{if(data.b){return 2;}}}}{let x = data.c;return x;}}';
    const out = unwrapBareBlocks(code);
    expect(out).toBe(
      'function f(data){if(data.a){return 1;}if(data.b){return 2;}{let x = data.c;return x;}}',
    );
    const run = (text: string) => new Function(`${text};return f;`)() as (data: object) => unknown;
    for (const data of [{ a: true }, { b: true }, { c: 3 }]) expect(run(out)(data)).toBe(run(code)(data));
  });
});

describe('the key of an error site', () => {
  it('is its keyword and a digest of what it says, the same wherever the site is', () => {
    const entry = { keyword: 'enum', params: { allowedValues: ['a'] }, message: 'must be one of: a' };
    expect(siteKey(entry)).toMatch(/^enum:[0-9a-f]{8}$/);
    expect(siteKey({ ...entry })).toBe(siteKey(entry));
    expect(siteKey({ ...entry, message: 'must be a' })).not.toBe(siteKey(entry));
    expect(siteKey({ keyword: 'false schema', params: {}, message: 'is invalid' })).toMatch(/^false_schema:/);
  });
});

describe('a union that gains a branch', () => {
  /**
   * A closed media block whose source, big enough to be hoisted, is closed too: the sources of two kinds share
   * their schema path (`#/additionalProperties` of each) but not their properties.
   */
  const mediaBlock = (kind: string, ...more: string[]) => ({
    type: 'object',
    additionalProperties: false,
    required: ['type', 'source'],
    properties: {
      type: { enum: [kind] },
      source: {
        type: 'object',
        description: `Where the ${kind} comes from.`.padEnd(620, '.'),
        additionalProperties: false,
        required: ['type', 'media_type', 'data'],
        properties: {
          type: { enum: ['base64'] },
          media_type: { enum: [`${kind}/png`] },
          data: { type: 'string' },
          ...Object.fromEntries(more.map((name) => [name, { type: 'string' }])),
        },
      },
    },
  });
  // Enough small kinds for the tags' enum to be one Set lookup, as the content blocks' is.
  const smallKinds = Array.from({ length: 15 }, (_, i) => ({
    type: 'object',
    required: ['type'],
    properties: { type: { enum: [`kind${i}`] }, count: { type: 'integer' } },
  }));
  const request = (...blocks: TaggedBranch<'type'>[]) => ({
    'a-request': {
      type: 'object',
      properties: { blocks: { type: 'array', items: taggedUnion('type', blocks) } },
    },
  });
  const lines = (schemas: Record<string, object>) => emitStandaloneModule(schemas).split('\n');

  it('adds the code of that branch and changes no line of another but the list of kinds', () => {
    const before = lines(request(...smallKinds, mediaBlock('image')));
    const after = new Set(
      lines(request(...smallKinds, mediaBlock('audio', 'duration'), mediaBlock('image'))),
    );
    const code = before.join('\n');
    // Each closed object's sentence names its own properties, whatever other schema shares its path.
    expect(code).toContain('must have only the properties type, media_type, data\\"');
    const kindsSite = /\\"(enum:[0-9a-f]{8})\\":[^\n]*kind14/.exec(code)?.[1];
    const kindsSet = /const (obj_[0-9a-f]{8}) = new Set\(\[\n\s*"kind0"/.exec(code)?.[1];
    expect([kindsSite, kindsSet]).not.toContain(undefined);
    const changed = before.filter((line) => !after.has(line));
    expect(changed.length).toBeGreaterThan(0);
    for (const line of changed)
      expect(
        [kindsSite!, kindsSet!].some((name) => line.includes(name)),
        line,
      ).toBe(true);
  });

  it('leaves the names of the definitions a run-time compile hoists, and so their schema paths', () => {
    const hoisted = (schemas: Record<string, object>) =>
      Object.keys((withSharedRefs(schemas['a-request']!) as { definitions: object }).definitions);
    const before = hoisted(request(...smallKinds, mediaBlock('image')));
    expect(before).toContain('root_blocks_image_source');
    expect(hoisted(request(...smallKinds, mediaBlock('audio', 'duration'), mediaBlock('image')))).toEqual(
      expect.arrayContaining(before),
    );
  });
});

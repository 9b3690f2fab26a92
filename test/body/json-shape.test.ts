import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/index.js';
import { countParsedKeys, scanJsonShape } from '../../src/body/json-shape.js';

describe('the shape scan of the fast path', () => {
  it('counts in the text what JSON.parse keeps when no key repeats, escapes and colons in strings included', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('a:b', '"', '\\', '\\"', '{', '[', '\u2028', '😀'));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.array(key, { maxLength: 4 }), (value, keys) => {
        const wrapped = Object.fromEntries(keys.map((name) => [name, value]));
        const text = JSON.stringify({ wrapped, value }, null, keys.length % 2 === 0 ? undefined : 2);
        expect(scanJsonShape(text, 64).keys).toBe(countParsedKeys(JSON.parse(text)));
      }),
      { numRuns: 400 },
    );
  });

  it('counts a repeated key twice in the text and once in the parsed value', () => {
    const text = '{"a":1,"b":{"c":2,"c":3}}';
    expect(scanJsonShape(text, 64)).toMatchObject({ tooDeep: false, keys: 4, widestObject: 2 });
    expect(countParsedKeys(JSON.parse(text))).toBe(3);
  });

  it('stops at the first container past the limit, the root being level 1', () => {
    expect(scanJsonShape('[[[]]]', 3).tooDeep).toBe(false);
    expect(scanJsonShape('[[[[]]]]', 3).tooDeep).toBe(true);
    expect(scanJsonShape('{"a":"[[[[[[["}', 1)).toMatchObject({ tooDeep: false, keys: 1, widestObject: 1 });
  });
});

describe('parseJsonBody on the fast path', () => {
  it('answers nesting past the limit behind broken JSON as not JSON, without parsing it', () => {
    // The text breaks at the second `}`; the 100 brackets after it are never handed to JSON.parse.
    expect(parseJsonBody(`{"a":1}}${'['.repeat(100)}`)).toEqual(parseJsonBody('{"a":1}}'));
    expect(parseJsonBody('{"a":1}}')).toMatchObject({
      ok: false,
      error: { error: { code: 400, metadata: { issues: [{ path: '', message: 'must be valid JSON' }] } } },
    });
  });

  it('counts the widest object by its own keys, not its children', () => {
    expect(scanJsonShape('{"a":{"b":1,"c":2,"d":3},"e":[{"f":1}],"g":0}', 64).widestObject).toBe(3);
  });

  it('finds a repeated key deep in a body that is otherwise fine', () => {
    const result = parseJsonBody('{"messages":[{"role":"user","content":"x","role":"assistant"}]}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.error.metadata?.issues[0]?.path).toBe('/messages/0/role');
  });
});

describe('parseJsonBody on a wide object', () => {
  it('finds a key repeated in an object of more than 1024 keys, before parsing it', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `"k${i}":0`).join(',');
    const result = parseJsonBody(`{"input":{${keys},"k7":1}}`);
    expect(result.ok === false && result.error.error.metadata?.issues[0]?.path).toBe('/input/k7');
    expect(parseJsonBody(`{"input":{${keys}}}`).ok).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_OBJECT_SHAPES, parseJsonBody } from '../../src/index.js';
import { checkedJsonText, rejected, type JsonObjectResult } from '../../src/body/json-body.js';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import { scanJsonShape } from '../../src/body/json-shape.js';
import { findStructureIssue } from '../../src/body/json-structure.js';
import { keysKept } from '../../src/body/repeated-keys.js';
import { bodyIssueMessages, errorBody } from '../../src/core/errors.js';
import { isJsonObject } from '../../src/core/json-object.js';
import { jsonText, jsonTrees } from '../support/json-trees.js';
import { withPollutedPrototype } from '../support/polluted-prototype.js';

describe('the shape scan of the fast path', () => {
  it('counts in the text what JSON.parse keeps when no key repeats, escapes and colons in strings included', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('a:b', '"', '\\', '\\"', '{', '[', '\u2028', '😀'));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.array(key, { maxLength: 4 }), (value, keys) => {
        const wrapped = Object.fromEntries(keys.map((name) => [name, value]));
        const written = { wrapped, value };
        const text = JSON.stringify(written, null, keys.length % 2 === 0 ? undefined : 2);
        // The value written is what a correct JSON.parse keeps. Node 24.21's own JSON.parse is not the oracle: in
        // about 1 of 37,000 of these cases it drops the key `"` from an object that also holds `\` (a V8 bug that
        // Node 20, 22 and 26 do not have), and the run failed at random.
        expect(scanJsonShape(text, 64).keys).toBe(keysKept(written));
      }),
      { numRuns: 400 },
    );
  });

  it('counts a repeated key twice in the text and once in the parsed value', () => {
    const text = '{"a":1,"b":{"c":2,"c":3}}';
    expect(scanJsonShape(text, 64)).toMatchObject({ tooDeep: false, keys: 4, widestObject: 2 });
    expect(keysKept(JSON.parse(text))).toBe(3);
  });

  it('stops at the first container past the limit, the root being level 1', () => {
    expect(scanJsonShape('[[[]]]', 3).tooDeep).toBe(false);
    expect(scanJsonShape('[[[[]]]]', 3).tooDeep).toBe(true);
    expect(scanJsonShape('{"a":"[[[[[[["}', 1)).toMatchObject({ tooDeep: false, keys: 1, widestObject: 1 });
  });
});

/**
 * The verdict with the exact scan run on every body before the parse: what the counting pass may only shortcut.
 * The value is the one the text means, the project's parser's (contract: value-is-text), not this engine's
 * JSON.parse, which on Node 24 may decode an escaped key wrongly.
 */
function exactVerdict(text: string, maxDepth: number): JsonObjectResult {
  const issue = findStructureIssue(text, maxDepth);
  if (issue !== undefined) return { ok: false, error: errorBody(400, [issue]) };
  const value: unknown = parsedByGrammar(text);
  return isJsonObject(value) ? { ok: true, value } : rejected(bodyIssueMessages.notObject);
}

describe('the guards on the counting pass', () => {
  it('take the verdict the exact scan gives on any JSON text', () => {
    let shortcuts = 0;
    fc.assert(
      fc.property(jsonTrees, fc.integer({ min: 1, max: 6 }), (tree, maxDepth) => {
        const text = jsonText(tree);
        expect(checkedJsonText(text, maxDepth, DEFAULT_MAX_OBJECT_SHAPES)).toEqual(
          exactVerdict(text, maxDepth),
        );
        const shape = scanJsonShape(text, maxDepth);
        if (!shape.tooDeep && keysKept(parsedByGrammar(text)) === shape.keys) shortcuts++;
      }),
      { numRuns: 3000, seed: 29 },
    );
    // The comparison means something only if many bodies skipped the exact scan, and many did not.
    expect(shortcuts).toBeGreaterThan(300);
    expect(3000 - shortcuts).toBeGreaterThan(300);
  });

  it('find a repeated key in a body too large to be parsed first, even under a polluted prototype', () => {
    const body = `{"pad":"${' '.repeat(20_000)}","a":1,"a":2}`;
    withPollutedPrototype(() => {
      expect(parseJsonBody(body)).toEqual(exactVerdict(body, 64));
      expect(parseJsonBody(body)).toMatchObject({ ok: false });
    });
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
    const text = '{"messages":[{"role":"user","content":"x","role":"assistant"}]}';
    const result = parseJsonBody(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.error.metadata?.issues[0]).toEqual({
        path: '/messages/0',
        message: `has a repeated key at byte ${text.lastIndexOf('"role"')}`,
      });
    }
  });
});

describe('parseJsonBody on a wide object', () => {
  it('finds a key repeated in an object of more than 1024 keys, before parsing it', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `"k${i}":0`).join(',');
    const text = `{"input":{${keys},"k7":1}}`;
    const result = parseJsonBody(text);
    expect(result.ok === false && result.error.error.metadata?.issues[0]).toEqual({
      path: '/input',
      message: `has a repeated key at byte ${text.lastIndexOf('"k7"')}`,
    });
    expect(parseJsonBody(`{"input":{${keys}}}`).ok).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedJsonText, parseJsonBody } from '../../src/body/json-body.js';
import { CHARACTERS_PER_BRACKET, parsedFirst, parseFirstLimit } from '../../src/body/json-parse-first.js';
import { withPollutedPrototype } from '../support/polluted-prototype.js';

/**
 * Keys that collide once decoded, or carry colons raw, escaped, or as an escaped backslash before `u003a`. A text
 * with an escaped key goes the full way, so plain keys come up more often, to repeat among themselves.
 */
const plainKeyTokens = ['"a"', '"a:"', '"b"', '"__proto__"'];
const keyToken = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...plainKeyTokens) },
  { weight: 1, arbitrary: fc.constantFrom('"\\u0061"', '"a\\u003a"', '"a\\u003A"', '"\\\\u003a"') },
);
const stringTokens = ['""', '":"', '"\\u003a"', '"x\\u003Ay"', '"\\\\u003a"', '"\\":"', '"a:b:c"', '"😀:"'];
const blank = fc.constantFrom('', ' ', '\n');

/** JSON-like text built token by token, so repeated keys, escapes and broken syntax all occur. */
const { text } = fc.letrec<{ text: string; value: string; pair: string }>((tie) => ({
  text: fc.oneof(
    { weight: 6, arbitrary: tie('value') },
    {
      weight: 1,
      arbitrary: fc.tuple(tie('value'), fc.constantFrom('}', ',', ']', '{')).map(([v, s]) => v + s),
    },
  ),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...stringTokens, '0', '-1.5e3', 'true', 'null'),
    fc.array(tie('pair'), { maxLength: 5 }).map((pairs) => `{${pairs.join(',')}}`),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  ),
  pair: fc
    .tuple(blank, keyToken, blank, tie('value'))
    .map(([before, key, after, value]) => `${before}${key}${after}:${value}`),
}));

describe('small bodies parsed first', () => {
  it('get the verdict and the message the full scan gives, whatever the keys, escapes and bounds', () => {
    const limits = fc.record({
      maxDepth: fc.integer({ min: 1, max: 6 }),
      maxObjectShapes: fc.constantFrom(1, 4, 16, 4096),
    });
    let tookShortcut = 0;
    let acceptedFirst = 0;
    fc.assert(
      fc.property(text, limits, (body, { maxDepth, maxObjectShapes }) => {
        // Padding makes a body sparse enough to be parsed first; the bare forms mostly go the full way.
        const brackets = body.split('').filter((unit) => unit === '{' || unit === '[').length + 1;
        const pad = ' '.repeat(CHARACTERS_PER_BRACKET * brackets);
        for (const candidate of [body, `{"k":${body}}`, `{"pad":"${pad}","k":${body}}`]) {
          const verdict = parseJsonBody(candidate, { maxDepth, maxObjectShapes });
          expect(verdict).toEqual(checkedJsonText(candidate, maxDepth, maxObjectShapes));
          const parsed = parsedFirst(candidate, maxDepth, maxObjectShapes, Infinity);
          if (parsed !== undefined) tookShortcut++;
          if (parsed?.plain === true) acceptedFirst++;
        }
      }),
      { numRuns: 5000, seed: 17 },
    );
    // The comparison means something only if many bodies took the shortcut, to either end (a text with an
    // escaped key never takes it, so fewer reach the end where a guard may have failed).
    expect(acceptedFirst).toBeGreaterThan(300);
    expect(tookShortcut - acceptedFirst).toBeGreaterThan(150);
  });

  /** An object's text with a long string in front, sparse enough to be parsed first. */
  const sparse = (json: string) => `{"pad":"${' '.repeat(400)}",${json.slice(1)}`;
  /** The value when parsing first shows every guard passed; undefined when a guard may have failed. */
  const first = (json: string, maxDepth = 64, maxContainers = 100) => {
    const parsed = parsedFirst(sparse(json), maxDepth, 4096, maxContainers);
    return parsed?.plain === true ? parsed.value : undefined;
  };

  it('accepts colons in strings, raw and escaped, and finds a repeated key their count could hide', () => {
    expect(first('{"a":"x:y","b":["\\u003a",":"],"c:d":1}')).toMatchObject({
      a: 'x:y',
      b: [':', ':'],
      'c:d': 1,
    });
    // The dropped pair's escaped colon, or a backslash written before u003a, cannot make up for the lost key.
    expect(first('{"a":"\\u003a","a":1}')).toBeUndefined();
    expect(first('{"a":1,"\\u0061":"\\\\u003a"}')).toBeUndefined();
    const repeated = sparse('{"a":1,"\\u0061":"\\\\u003a"}');
    expect(parseJsonBody(repeated)).toMatchObject({
      ok: false,
      error: {
        error: {
          code: 400,
          metadata: {
            issues: [{ path: '', message: `has a repeated key at byte ${repeated.indexOf('"\\u0061"')}` }],
          },
        },
      },
    });
  });

  it('finds a repeated key behind whitespace, after quoted JSON, or under a polluted prototype', () => {
    expect(first('{"a":1,"b":{"c":2}}')).toMatchObject({ a: 1, b: { c: 2 } });
    // JSON quoted inside a string: its colons follow escaped quotes, so they are not counted as keys.
    expect(first('{"tool":"{\\"id\\":1}","x":2}')).toMatchObject({ tool: '{"id":1}', x: 2 });
    expect(first('{"a" :1,"a":2}')).toBeUndefined();
    expect(first('{"a"\n:1, "a" : 2, "s":"t : u"}')).toBeUndefined();
    expect(first('{"a\\\\":1,"a\\\\":2}')).toBeUndefined();
    expect(first('{"s":"\\" :","a":1,"a":2}')).toBeUndefined();
    withPollutedPrototype(() => {
      expect(first('{"a":1,"b":2}')).toBeUndefined();
      expect(parseJsonBody(sparse('{"a":1,"a":2}'))).toMatchObject({ ok: false });
    });
  });

  it('leaves a body too long, too dense, too deep or not an object to the full path', () => {
    expect(first('{"a":[[[]]]}', 3)).toBeUndefined();
    expect(first('{"a":[[[]]]}', 4)).toMatchObject({ a: [[[]]] });
    expect(first('{"a":[[],[]]}', 64, 3)).toBeUndefined();
    expect(parsedFirst('{"a":[[[]]]}', 64, 4096, 100)).toBeUndefined();
    expect(parsedFirst(sparse('{"a":1}'), 64, 10, 100)).toBeUndefined();
    expect(parsedFirst(`[${' '.repeat(400)}1]`, 64, 4096, 100)).toBeUndefined();
    expect(first('{"a":1}}')).toBeUndefined();
  });

  it('holds only bodies too short to start more shapes than the bound', () => {
    expect(parseFirstLimit(4096)).toBe(16 * 1024);
    expect(parseFirstLimit(10)).toBe(40);
  });
});

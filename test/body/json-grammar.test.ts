import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsedByGrammar, RepeatedKeyError } from '../../src/body/json-grammar.js';
import { expectSameValue } from '../support/same-value.js';

/*
 * The project's own parser gives the value a text means by JSON's grammar (contract: value-is-text). Its oracle
 * is the value a text was written from, never the engine's JSON.parse, which on some engines decodes an escaped
 * key wrongly; JSON.parse is compared with only where it is not in doubt: on whether a text is JSON at all, and on
 * numbers.
 */

/** A generated value as its JSON text says it: -0 written as 0, every object an ordinary one. */
function asWritten(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(asWritten);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asWritten(item)]));
}

/** Whether JSON.parse takes a text. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
  } catch {
    return false;
  }
  return true;
}

/** Characters JSON texts are made of, so that a random text is often close to JSON. */
const jsonish = fc
  .array(
    fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      'u',
      '0',
      '1',
      '9',
      '-',
      '+',
      '.',
      'e',
      'E',
      'a',
      'f',
      ' ',
      '\n',
      '\u0001',
      'true',
      'null',
      'fals',
      '"k"',
      '\\u00e9',
      '\\ud800',
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

/** A JSON text with one edit: some characters cut, some inserted, at one place; often JSON still. */
const edited = fc
  .tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.nat(),
    fc.nat({ max: 2 }),
    jsonish.map((part) => part.slice(0, 3)),
  )
  .map(([value, place, cut, inserted]) => {
    const text = JSON.stringify(value);
    const at = place % (text.length + 1);
    return text.slice(0, at) + inserted + text.slice(at + cut);
  });

describe('the grammar parser', () => {
  it('gives back the value any JSON text was written from, keys in order and every string unit kept', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.boolean(), (value, indented) => {
        const text = JSON.stringify(value, null, indented ? 2 : undefined);
        expectSameValue(parsedByGrammar(text), asWritten(value));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }))),
        (entries) => {
          const value = Object.fromEntries(entries);
          expectSameValue(parsedByGrammar(JSON.stringify(value)), value);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes exactly the texts JSON.parse takes', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof(jsonish, edited), (text) => {
        const isTaken = isJson(text);
        if (isTaken) taken++;
        if (isTaken) expect(() => parsedByGrammar(text)).not.toThrow();
        else expect(() => parsedByGrammar(text)).toThrow(SyntaxError);
      }),
      { numRuns: 5000 },
    );
    // The comparison means something only if both answers came up often.
    expect(Math.min(taken, 5000 - taken)).toBeGreaterThan(200);
  });

  it('reads every number as JSON.parse does', () => {
    const digits = fc.stringMatching(/^[0-9]{1,20}$/);
    const number = fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,24}$/)),
        fc.option(digits, { nil: undefined }),
        fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits), {
          nil: undefined,
        }),
      )
      .map(([sign, whole, fraction, exponent]) =>
        [sign, whole, fraction === undefined ? '' : `.${fraction}`, exponent?.join('') ?? ''].join(''),
      );
    fc.assert(
      fc.property(fc.oneof(number, fc.double().map(String).filter(isJson)), (text) => {
        expect(Object.is(parsedByGrammar(text), JSON.parse(text))).toBe(true);
        const [inArray] = parsedByGrammar(`[${text}]`) as [unknown];
        expect(Object.is(inArray, (JSON.parse(`[${text}]`) as [unknown])[0])).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes every escape, joins escaped surrogate halves and keeps a lone one', () => {
    expect(parsedByGrammar('"\\"\\\\\\/\\b\\f\\n\\r\\t"')).toBe('"\\/\b\f\n\r\t');
    expect(parsedByGrammar('"\\u00E9\\u00e9\\ud83d\\ude00\\uD800x\\uDFFF"')).toBe('éé😀\ud800x\udfff');
    expect(parsedByGrammar('{"\\u0061":1,"\\"":2,"\\\\":3}')).toEqual({ a: 1, '"': 2, '\\': 3 });
    for (const bad of ['"\\x"', '"\\u12"', '"\\u12G4"', '"a\u0001"', '"\\', '"\\"', '"\\u00"'])
      expect(() => parsedByGrammar(bad), bad).toThrow(SyntaxError);
  });

  it('makes __proto__ an own key, as JSON.parse does, and keeps a repeated key’s last value at its first place', () => {
    const parsed = parsedByGrammar(
      '{"a":1,"__proto__":{"polluted":true},"\\u005f_proto__":[2],"a":3}',
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['a', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')).toEqual({
      value: [2],
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(parsed['a']).toBe(3);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses a repeated key when asked, compared decoded, and only within one object', () => {
    for (const text of [
      '{"a":1,"\\u0061":2}',
      '{"__proto__":1,"\\u005f_proto__":2}',
      '[{"x":{"k":1,"k":2}}]',
    ])
      expect(() => parsedByGrammar(text, true), text).toThrow(RepeatedKeyError);
    expect(parsedByGrammar('{"k":{"k":1},"j":{"k":2}}', true)).toEqual({ k: { k: 1 }, j: { k: 2 } });
    expect(() => parsedByGrammar('{"a":1,"a":2}', true)).toThrow(SyntaxError);
  });

  it('orders index-like keys first, as every object does', () => {
    expect(Object.keys(parsedByGrammar('{"b":1,"10":2,"\\u0031":3,"a":4}') as object)).toEqual([
      '1',
      '10',
      'b',
      'a',
    ]);
  });

  it('reads nesting far deeper than a recursive parser could, without recursing', () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    let value = parsedByGrammar(text) as unknown[];
    let levels = 1;
    while (value.length === 1) [value, levels] = [value[0] as unknown[], levels + 1];
    expect(levels).toBe(depth);
  });
});

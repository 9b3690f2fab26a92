import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuns, patternFunction } from '../../build/standalone/patterns.js';
import { codeUnitAt } from '../../src/runtime/validator-runtime.js';

/** Compiles the generated checker at test time (the build writes it into the module as source). */
function checkerFor(source: string): (value: string) => boolean {
  const code = patternFunction('check', source);
  if (code === undefined) throw new Error(`${source} is not compiled`);
  return new Function('codeUnitAt', `${code}; return check;`)(codeUnitAt) as (value: string) => boolean;
}

/** Characters around every range boundary of the patterns below, surrogates and a pair among them. */
const interesting = [
  ...'@AZ[`az{/09:-._~TXx ',
  '\u00c0',
  '\u2026',
  '\ud83d',
  '\ude00',
  '\ud83d\ude00',
  '\u0130',
  '\u212a',
];
const text = fc
  .array(fc.oneof(fc.constantFrom(...interesting), fc.string({ maxLength: 2, unit: 'binary' })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

describe('patterns compiled to char-code loops', () => {
  it.each([
    '^[A-Z]{2}$',
    '^[\\w-]+$',
    '^[A-Za-z0-9._~:-]+$',
    '^[1-9][0-9]{0,8}$',
    '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
    '^\\d{4}-\\d{2}$',
    '^ab?$',
    '^x[a-c]*$',
  ])('%s: matches exactly what the u RegExp matches', (source) => {
    const regexp = new RegExp(source, 'u');
    const check = checkerFor(source);
    fc.assert(
      fc.property(text, (value) => {
        expect(check(value)).toBe(regexp.test(value));
      }),
      { numRuns: 2000 },
    );
    for (const value of [
      '',
      'AB',
      'ab',
      'A',
      'ABC',
      '1',
      '123456789',
      '1234567890',
      '0',
      'abc-_9',
      'ab',
      'a',
    ]) {
      expect(check(value), value).toBe(regexp.test(value));
    }
  });

  it.each([
    ['a group', '^(ab)+$'],
    ['alternation', '^a|b$'],
    ['a lookahead', '^(?!\\.\\.?$)[A-Za-z0-9._~-]+$'],
    ['a negated class', '^[^a]+$'],
    ['no anchors', '[A-Z]{2}'],
    ['any character', '^.{2}$'],
    ['a variable run before the last', '^[a-z]+[0-9]$'],
    ['a non-BMP class', '^[\\u{1F600}]$'],
    ['a class shorthand it does not know', '^\\s+$'],
    ['a lazy quantifier', '^a+?$'],
  ])('keeps the RegExp for %s', (_what, source) => {
    expect(parseRuns(source)).toBeUndefined();
    expect(patternFunction('check', source)).toBeUndefined();
  });

  it('reads chars through String.prototype.charCodeAt taken once, never looked up on the string', () => {
    const code = patternFunction('check', '^[A-Z]{2}$')!;
    expect(code).toContain('codeUnitAt.call(s, 0)');
    expect(code).not.toContain('s.charCodeAt');
  });

  it('reads classes, ranges, escapes and quantifiers into runs', () => {
    expect(parseRuns('^[\\w-]+$')).toEqual([
      {
        ranges: [
          [0x30, 0x39],
          [0x41, 0x5a],
          [0x5f, 0x5f],
          [0x61, 0x7a],
          [0x2d, 0x2d],
        ],
        min: 1,
        max: Infinity,
      },
    ]);
    expect(parseRuns('^[1-9]\\.x{0,3}$')).toEqual([
      { ranges: [[0x31, 0x39]], min: 1, max: 1 },
      { ranges: [[0x2e, 0x2e]], min: 1, max: 1 },
      { ranges: [[0x78, 0x78]], min: 0, max: 3 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { integerTests } from '../../build/standalone/integers.js';

/** Ajv's integer test as its standalone code groups it, before the build rewrites it. */
const ajvTest = (name: string) =>
  `((typeof ${name} == "number") && (!(${name} % 1) && !isNaN(${name}))) && (isFinite(${name}))`;

const ajvIsInteger = new Function('d', `return ${ajvTest('d')};`) as (value: unknown) => boolean;

describe('the integer test of the validators', () => {
  it('is written as Number.isInteger, in every place and around other conditions', () => {
    const code = `function v1(data) {
  let d1 = data.a;
  if (!(${ajvTest('d1')})) { return 1; }
  let d2 = data.b;
  if (!(${ajvTest('d2')}) && d2 !== null) { return 2; }
}`;
    const rewritten = integerTests(code);
    expect(rewritten).toContain('if (!(Number.isInteger(d1))) { return 1; }');
    expect(rewritten).toContain('if (!(Number.isInteger(d2)) && d2 !== null) { return 2; }');
    expect(rewritten).not.toContain('%');
  });

  it('answers as Ajv did for every kind of value', () => {
    const values: unknown[] = [
      0,
      -0,
      1,
      -7,
      2 ** 53,
      -(2 ** 53),
      2 ** 53 + 2,
      1e300,
      0.5,
      -1.5,
      2 ** -1074,
      NaN,
      Infinity,
      -Infinity,
      '1',
      '',
      true,
      false,
      null,
      undefined,
      [],
      [1],
      {},
      10n,
      Symbol('x'),
    ];
    for (const value of values) expect(Number.isInteger(value), String(value)).toBe(ajvIsInteger(value));
  });

  it('fails the build when Ajv writes no integer test it knows, or a remainder outside one', () => {
    expect(() => integerTests('function v1(data) { return typeof data == "number"; }')).toThrow(
      /standalone rewrite \(integers\)/,
    );
    expect(() =>
      integerTests(`function v1(d) { if (!(${ajvTest('d')})) return 1; return d % 2 === 0; }`),
    ).toThrow(/1 remainder\(s\) left outside an integer test/);
  });
});

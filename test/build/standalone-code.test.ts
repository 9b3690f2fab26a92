import { describe, expect, it } from 'vitest';
import { dropSettledBookkeeping } from '../../build/standalone/bookkeeping.js';
import { ajvVersion, applyEdits, capture, matches, parse } from '../../build/standalone/ast.js';
import { pathSegment } from '../../build/standalone/calls.js';
import { prefixed } from '../../src/runtime/validator-runtime.js';

describe('reading Ajv code as a syntax tree', () => {
  it('matches node shapes field by field, arrays item by item', () => {
    const call = parse('f(a, {b: 1})').body[0].expression;
    expect(
      matches(call, {
        type: 'CallExpression',
        arguments: [{ type: 'Identifier' }, { type: 'ObjectExpression' }],
      }),
    ).toBe(true);
    expect(matches(call, { type: 'CallExpression', arguments: [{ type: 'Identifier' }] })).toBe(false);
  });

  it('matches code written as a template, each `$name` any node, the same wherever it repeats', () => {
    const statement = parse('if(!v1(d.a)){v1.errors = null;}').body[0];
    expect(capture('if(!$f($x)){$f.errors = null;}', statement)?.['$x']?.type).toBe('MemberExpression');
    expect(capture('if(!$f($x)){$g.errors = null;}', statement)?.['$g']?.name).toBe('v1');
    expect(capture('if(!$f($x)){$x.errors = null;}', statement)).toBeUndefined();
    expect(capture('if(!$f($x, $y)){$f.errors = null;}', statement)).toBeUndefined();
    // Spacing, quotes and shorthand properties are the printer's, not the code's.
    const object = parse('({a, b: "x"})').body[0].expression;
    expect(capture("({a: a, b: 'x'})", object)).toEqual({});
  });

  it('reads the segments Ajv appends to instancePath, and nothing else', () => {
    const value = (code: string) => parse(`(${code})`).body[0].expression;
    const code = 'instancePath+"/a/" + i0';
    expect(pathSegment(code, parse(code).body[0].expression)).toBe('"/a/" + i0');
    expect(pathSegment('instancePath', value('instancePath'))).toBe('');
    expect(pathSegment('x+"/a"', value('x+"/a"'))).toBeUndefined();
    expect(pathSegment('"/a"+instancePath', value('"/a"+instancePath'))).toBeUndefined();
  });

  it('edits by position, and refuses overlapping edits', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 5, text: 'E' },
        { start: 0, end: 1, text: 'A' },
      ]),
    ).toBe('AbcdEf');
    expect(() =>
      applyEdits('abcdef', [
        { start: 0, end: 3, text: '' },
        { start: 2, end: 4, text: '' },
      ]),
    ).toThrow(/overlapping/);
  });
});

/** A function in Ajv's shape: a string property `a`, then an array `b` whose items a sub-validator checks. */
const ajvShaped =
  'function validate1(data){let vErrors = null;let errors = 0;if(errors === 0){' +
  'if(data.a !== undefined){const _errs1 = errors;if(typeof data.a !== "string"){return failAt(validate1,"/a",0);}' +
  'var valid0 = _errs1 === errors;}else {var valid0 = true;}' +
  'if(valid0){if(data.b !== undefined){let data1 = data.b;const _errs2 = errors;' +
  'for(let i0=0; i0<data1.length; i0++){const _errs3 = errors;' +
  'if(!validate2(data1[i0])){vErrors = prefixed(vErrors, validate2.errors, "/b/" + i0);errors = vErrors.length;}' +
  'var valid1 = _errs3 === errors;if(!valid1){break;}}' +
  'var valid0 = _errs2 === errors;}else {var valid0 = true;}}}' +
  'validate1.errors = vErrors;return errors === 0;}';

describe('dropping settled bookkeeping', () => {
  const out = dropSettledBookkeeping(ajvShaped);

  it('replaces the comparisons no error can reach, and keeps those after a sub-validator', () => {
    expect(out).not.toContain('_errs1');
    expect(out).toContain('var valid1 = _errs3 === errors;if(!valid1){break;}');
    // Nothing reads `valid0` after the last property, so it is no longer set.
    expect(out).not.toContain('valid0');
    expect(out).toContain('validate1.errors = vErrors;return errors === 0;');
  });

  it('settles a function whose count never moves into one that returns true', () => {
    const straight = dropSettledBookkeeping(
      'function validate3(data){let vErrors = null;let errors = 0;if(errors === 0){if(data.a !== undefined){' +
        'const _errs1 = errors;if(typeof data.a !== "string"){return failAt(validate3,"/a",0);}' +
        'var valid0 = _errs1 === errors;}else {var valid0 = true;}if(valid0){if(data.b !== undefined){' +
        'const _errs2 = errors;if(typeof data.b !== "number"){return failAt(validate3,"/b",1);}' +
        'var valid0 = _errs2 === errors;}else {var valid0 = true;}}}validate3.errors = vErrors;return errors === 0;}',
    );
    expect(straight).toBe(
      'function validate3(data){{if(data.a !== undefined){if(typeof data.a !== "string"){return failAt(validate3,"/a",0);}}' +
        '{if(data.b !== undefined){if(typeof data.b !== "number"){return failAt(validate3,"/b",1);}}}}' +
        'validate3.errors = null;return true;}',
    );
  });

  it('unguards the property after one whose branches both set the flag true', () => {
    const joined = dropSettledBookkeeping(
      'function validate6(data){let vErrors = null;let errors = 0;' +
        'if(data.a !== undefined){const _errs1 = errors;if(!validate2(data.a)){vErrors = prefixed(vErrors, validate2.errors, "/a");errors = vErrors.length;}var valid0 = _errs1 === errors;}else {var valid0 = true;}' +
        'if(valid0){if(data.b !== undefined){if(typeof data.b !== "string"){return failAt(validate6,"/b",0);}var valid0 = true;}else {var valid0 = true;}' +
        'if(valid0){if(data.c !== undefined){if(typeof data.c !== "string"){return failAt(validate6,"/c",0);}}}}' +
        'validate6.errors = vErrors;return errors === 0;}',
    );
    expect(joined.match(/if\(valid0\)/g)).toHaveLength(1);
    expect(joined).toContain('{if(data.c !== undefined)');
  });

  it('keeps a comparison inside a loop when the count moves later in the loop', () => {
    const looped =
      'function validate4(data){let vErrors = null;let errors = 0;const _errs0 = errors;' +
      'for(let i0=0; i0<data.length; i0++){var valid0 = _errs0 === errors;if(!valid0){break;}' +
      'if(!validate2(data[i0])){vErrors = prefixed(vErrors, validate2.errors);errors = vErrors.length;}}' +
      'validate4.errors = vErrors;return errors === 0;}';
    expect(dropSettledBookkeeping(looped)).toBe(looped);
  });

  it('fails the build, naming itself, the shape and the Ajv version, on code it does not know', () => {
    const version = ajvVersion.replace(/\./g, '\\.');
    expect(() => dropSettledBookkeeping(ajvShaped.replace('let errors = 0;', 'let errors = 1;'))).toThrow(
      new RegExp(`\\(bookkeeping\\), Ajv ${version}: matched 0 of 1 functions \`let vErrors = null;`),
    );
    expect(() => dropSettledBookkeeping(ajvShaped.replace('_errs1 === errors', '_errs1 >= errors'))).toThrow(
      /\(bookkeeping\).*matched \d+ of \d+ comparisons/,
    );
    expect(() => dropSettledBookkeeping(ajvShaped.replace('_errs1 === errors', '_errs9 === errors'))).toThrow(
      /_errs9 is never declared/,
    );
    const looped = ajvShaped.replace(
      'for(let i0=0; i0<data1.length; i0++)',
      'let i0 = 0;while(i0++<data1.length)',
    );
    expect(() => dropSettledBookkeeping(looped)).toThrow(/validate1 has a loop other than `for`/);
  });

  it('behaves as the code it came from', () => {
    const failAt = (validate: { errors?: unknown }, instancePath: string, site: number) => {
      validate.errors = [{ instancePath, site }];
      return false;
    };
    const load = (code: string) =>
      new Function(
        'failAt',
        'prefixed',
        `function validate2(data){if(typeof data !== "number"){validate2.errors = [{instancePath: "", site: 9}];return false;}validate2.errors = null;return true;}${code};return validate1;`,
      )(failAt, prefixed) as ((data: unknown) => boolean) & { errors?: unknown };
    const before = load(ajvShaped);
    const after = load(out);
    for (const value of [{}, { a: 'x' }, { a: 1 }, { b: [1, 2] }, { a: 'x', b: [1, 'y'] }, { b: ['y'] }, 5]) {
      expect(after(value)).toBe(before(value));
      expect(after.errors).toEqual(before.errors);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeUnitAt,
  deepFreeze,
  errorSiteHelpers,
  firstMissing,
  inLetterPairs,
  letterPairTable,
  prefixed,
  ucs2length,
  type ErrorSite,
  type ReportingValidator,
  type SiteError,
} from '../../src/runtime/validator-runtime.js';

/** What the precompiled validators import, each on its edge cases. */

describe('codeUnitAt', () => {
  it('reads UTF-16 code units, as charCodeAt does', () => {
    expect(codeUnitAt.call('A😀', 0)).toBe(0x41);
    expect(codeUnitAt.call('A😀', 1)).toBe(0xd83d);
    expect(codeUnitAt.call('A😀', 2)).toBe(0xde00);
    expect(codeUnitAt.call('A', 1)).toBeNaN();
  });

  it('keeps reading when String.prototype.charCodeAt is replaced later', () => {
    const original = String.prototype.charCodeAt;
    try {
      String.prototype.charCodeAt = () => -1;
      expect(codeUnitAt.call('a', 0)).toBe(0x61);
    } finally {
      String.prototype.charCodeAt = original;
    }
  });
});

describe('ucs2length', () => {
  it('counts code points: a surrogate pair is one character', () => {
    expect(ucs2length('')).toBe(0);
    expect(ucs2length('abc')).toBe(3);
    expect(ucs2length('😀')).toBe(1);
    expect(ucs2length('a😀b😀')).toBe(4);
    expect(ucs2length('é\u2026')).toBe(2);
  });

  it('counts a lone surrogate as one, wherever it stands', () => {
    expect(ucs2length('\ud83d')).toBe(1);
    expect(ucs2length('\ude00')).toBe(1);
    expect(ucs2length('a\ud83d')).toBe(2);
    expect(ucs2length('\ud83da')).toBe(2);
    expect(ucs2length('\ude00\ud83d')).toBe(2);
    expect(ucs2length('\ud83d\ud83d\ude00')).toBe(2);
  });

  it('agrees with the string iterator on any UTF-16 string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(ucs2length(text)).toBe([...text].length);
      }),
    );
  });
});

describe('letterPairTable and inLetterPairs', () => {
  const codes = ['AD', 'GB', 'US', 'ZW'];

  it('accept exactly the listed pairs, and null only when listed', () => {
    const table = letterPairTable(codes);
    for (const code of codes) expect(inLetterPairs(table, code)).toBe(true);
    for (const other of ['AA', 'UK', 'ZZ', 'us', 'U', 'USA', '', 'A[', '@S', 'U\u0000']) {
      expect(inLetterPairs(table, other), other).toBe(false);
    }
    expect(inLetterPairs(table, null)).toBe(false);
    expect(inLetterPairs(letterPairTable([...codes, null]), null)).toBe(true);
    for (const value of [undefined, 1, {}, ['US']]) expect(inLetterPairs(table, value)).toBe(false);
  });

  it('agree with a Set of the same values on any string', () => {
    const table = letterPairTable(codes);
    const set = new Set(codes);
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), (value) => inLetterPairs(table, value) === set.has(value)),
    );
  });
});

describe('firstMissing', () => {
  it('names the first of the names the object lacks, in their order', () => {
    expect(firstMissing({ a: 1 }, ['a', 'b-c', 'd'])).toBe('b-c');
    expect(firstMissing({}, ['z', 'a'])).toBe('z');
  });

  it('takes a property set to undefined as missing, and null as present', () => {
    expect(firstMissing({ a: undefined, b: null }, ['b', 'a'])).toBe('a');
  });

  it('is undefined when nothing is missing', () => {
    expect(firstMissing({ a: 0, b: '' }, ['a', 'b'])).toBeUndefined();
    expect(firstMissing({}, [])).toBeUndefined();
  });
});

const error = (instancePath: string): SiteError => ({
  instancePath,
  keyword: 'type',
  params: { type: 'string' },
  message: 'must be a string',
});

describe('prefixed', () => {
  it('prefixes the segment to the path of each error, in place', () => {
    const errors = [error(''), error('/a')];
    expect(prefixed(null, errors, '/items/0')).toBe(errors);
    expect(errors.map((one) => one.instancePath)).toEqual(['/items/0', '/items/0/a']);
  });

  it('leaves the paths alone without a segment', () => {
    const errors = [error('/a')];
    expect(prefixed(null, errors)).toBe(errors);
    expect(errors[0]!.instancePath).toBe('/a');
  });

  it("adds the errors after the caller's, without changing the caller's list", () => {
    const mine = [error('/x')];
    const theirs = [error('')];
    const all = prefixed(mine, theirs, '/y');
    expect(all.map((one) => one.instancePath)).toEqual(['/x', '/y']);
    expect(mine).toHaveLength(1);
  });

  it('prefixes an empty segment as nothing', () => {
    const errors = [error('/a')];
    prefixed(null, errors, '');
    expect(errors[0]!.instancePath).toBe('/a');
  });
});

describe('deepFreeze', () => {
  it('freezes objects and arrays at every depth and returns the same value', () => {
    const value = { a: { b: [1, { c: 2 }] }, d: null };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
  });

  it('returns primitives and null as they are', () => {
    expect(deepFreeze(1)).toBe(1);
    expect(deepFreeze('s')).toBe('s');
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze(undefined)).toBeUndefined();
  });
});

describe('errorSiteHelpers', () => {
  const table: ErrorSite[] = [
    { keyword: 'type', params: { type: ['string', 'null'] }, message: 'must be a string or null' },
    { keyword: 'required', params: null, message: 'is required' },
  ];
  const helpers = () => errorSiteHelpers(JSON.stringify(table));

  it('reads a site from the table, frozen all the way down', () => {
    const { errorSite } = helpers();
    const site = errorSite(0);
    expect(site).toEqual(table[0]);
    expect(Object.isFrozen(site)).toBe(true);
    expect(Object.isFrozen(site.params)).toBe(true);
    expect(Object.isFrozen((site.params as { type: string[] }).type)).toBe(true);
    // Parsed once: every error of a site shares its params.
    expect(errorSite(0)).toBe(site);
  });

  it('does not parse the table before the first error', () => {
    const { errorSite } = errorSiteHelpers('not JSON');
    expect(() => errorSite(0)).toThrow(SyntaxError);
  });

  it('builds a fresh error of a site, at a path, with its params', () => {
    const { siteError, errorSite } = helpers();
    const first = siteError('/a', 0);
    expect(first).toEqual({
      instancePath: '/a',
      keyword: 'type',
      params: { type: ['string', 'null'] },
      message: 'must be a string or null',
    });
    // The error itself is the caller's to prefix; its params are the site's, frozen.
    expect(Object.isFrozen(first)).toBe(false);
    expect(siteError('/a', 0)).not.toBe(first);
    expect(first.params).toBe(errorSite(0).params);
  });

  it('builds an error with params computed at run time', () => {
    const { siteErrorWith } = helpers();
    const params = { missingProperty: 'model' };
    const built = siteErrorWith('', 1, params);
    expect(built).toEqual({ instancePath: '', keyword: 'required', params, message: 'is required' });
    expect(built.params).toBe(params);
  });

  it('sets the one error of a failing validator and returns false', () => {
    const { failAt, failAtWith } = helpers();
    const validate: ReportingValidator = { errors: null };
    expect(failAt(validate, '/b', 0)).toBe(false);
    expect(validate.errors).toEqual([
      {
        instancePath: '/b',
        keyword: 'type',
        params: { type: ['string', 'null'] },
        message: 'must be a string or null',
      },
    ]);
    const before = validate.errors;
    expect(failAtWith(validate, '', 1, { missingProperty: 'x' })).toBe(false);
    expect(validate.errors).not.toBe(before);
    expect(validate.errors).toEqual([
      { instancePath: '', keyword: 'required', params: { missingProperty: 'x' }, message: 'is required' },
    ]);
  });

  it('keeps each table to its own helpers', () => {
    const other = errorSiteHelpers(JSON.stringify([{ keyword: 'enum', params: {}, message: 'other' }]));
    expect(other.errorSite(0).message).toBe('other');
    expect(helpers().errorSite(0).message).toBe('must be a string or null');
  });
});

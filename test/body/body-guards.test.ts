import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkJsonDepth,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_DEPTH,
  parseJsonBody,
  readBearerToken,
} from '../../src/index.js';
import { findStructureIssue } from '../../src/body/json-structure.js';
import {
  COLLIDING_KEYS,
  collidingKeys,
  nestedArrays,
  nestedObjects,
  STANDARD_FNV_BASIS,
} from '../fixtures/hostile/builders.js';

/** The first issue's path of a failed result, or undefined. */
function pathOf(
  result: { ok: true } | { ok: false; error: { error: { metadata?: { issues: Array<{ path: string }> } } } },
) {
  return result.ok ? undefined : result.error.error.metadata?.issues[0]?.path;
}

/** JSON text with objects and arrays nested deeper than most generators go. */
const deepJson = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'large', maxDepth: 80 },
    fc.constant(0),
    fc.array(tie('value'), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c/~'), tie('value'), { maxKeys: 2 }),
  ),
})).value;

describe('body limits (contract: body-limits)', () => {
  it('are 4 MiB and 64 levels by default', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
    expect(DEFAULT_MAX_DEPTH).toBe(64);
  });

  it('throw on a limit that is not a usable integer, a programmer error', () => {
    expect(() => parseJsonBody('{}', { maxBytes: -1 })).toThrow(RangeError);
    expect(() => parseJsonBody('{}', { maxDepth: 0 })).toThrow(RangeError);
    expect(() => parseJsonBody('{}', { maxDepth: Number.NaN })).toThrow(RangeError);
    expect(() => checkJsonDepth({}, 1.5)).toThrow(RangeError);
  });
});

describe('parseJsonBody', () => {
  it('parses any JSON object as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 6 })), (value) => {
        const text = JSON.stringify(value);
        const result = parseJsonBody(text);
        expect(result).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same first too-deep path on the text as checkJsonDepth finds on the parsed value', () => {
    fc.assert(
      fc.property(deepJson, fc.integer({ min: 1, max: 12 }), (value, maxDepth) => {
        const text = JSON.stringify({ root: value });
        const onText = parseJsonBody(text, { maxDepth });
        const onValue = checkJsonDepth(JSON.parse(text), maxDepth);
        expect(onText.ok).toBe(onValue.ok);
        expect(pathOf(onText)).toBe(pathOf(onValue));
      }),
      { numRuns: 500 },
    );
  });

  it('rejects a key repeated anywhere, at the repeat, however the key is escaped', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 6 }), fc.boolean(), (key, escaped) => {
        const second = escaped
          ? `"${key
              .split('')
              .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
              .join('')}"`
          : JSON.stringify(key);
        const result = parseJsonBody(`{"x":[{${JSON.stringify(key)}:1,"y":2,${second}:3}]}`);
        expect(pathOf(result)).toBe(`/x/0/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the repeated-key scan, given the hash basis an attacker would target', () => {
  const scan = (text: string) => findStructureIssue(text, 64, STANDARD_FNV_BASIS);
  const [first, second] = COLLIDING_KEYS;

  it('tells two keys sharing a hash apart', () => {
    expect(scan(`{"${first}":1,"${second}":2}`)).toBeUndefined();
    expect(scan(`{"${first}":1,"${second}":2,"${second}":3}`)?.path).toBe(`/${second}`);
    expect(scan(`{"${first}":1,"${second}":2,"\\u006b4uzx":3}`)?.path).toBe(`/${first}`);
  });

  it('tells them apart in a large object too, past the small-object list', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `"f${i}":0`).join(',');
    expect(scan(`{${filler},"${first}":1,"${second}":2}`)).toBeUndefined();
    expect(scan(`{"${first}":1,${filler},"${second}":2,"${first}":3}`)?.path).toBe(`/${first}`);
  });

  it('stays linear on 30 000 keys sharing one hash', () => {
    const keys = collidingKeys(30_000);
    const start = performance.now();
    expect(scan(`{${keys.map((key) => `"${key}":0`).join(',')}}`)).toBeUndefined();
    expect(scan(`{${keys.map((key) => `"${key}":0`).join(',')},"${keys[29_999]}":1}`)?.path).toBe(
      `/${keys[29_999]}`,
    );
    // Quadratic comparison would take minutes here; a generous bound keeps a loaded machine from flaking.
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('checkJsonDepth', () => {
  it('counts the root as level 1', () => {
    expect(checkJsonDepth(JSON.parse(nestedObjects(64))).ok).toBe(true);
    expect(pathOf(checkJsonDepth(JSON.parse(nestedObjects(65))))).toBe('/a'.repeat(64));
    expect(pathOf(checkJsonDepth(JSON.parse(nestedArrays(3)), 2))).toBe('/0/0');
    expect(checkJsonDepth('a string').ok).toBe(true);
  });

  it('walks 100 000 levels without overflowing the stack', () => {
    expect(pathOf(checkJsonDepth(JSON.parse(nestedArrays(100_000))))).toBe('/0'.repeat(64));
  });

  it('ends on a value that contains itself, as too deep', () => {
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(pathOf(checkJsonDepth(cycle))).toBe('/0'.repeat(64));
  });

  it('walks shared objects in linear time: 64 levels of two references each', () => {
    let shared: unknown = {};
    for (let level = 0; level < 63; level++) shared = [shared, shared];
    expect(checkJsonDepth(shared).ok).toBe(true);
    expect(checkJsonDepth([shared]).ok).toBe(false);
  });
});

describe('readBearerToken (contract: authentication)', () => {
  const visibleAscii = fc.string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    minLength: 1,
  });

  it('reads any key of visible ASCII, whatever the case of the scheme', () => {
    fc.assert(
      fc.property(visibleAscii, fc.constantFrom('Bearer', 'bearer', 'BEARER', 'bEaReR'), (key, scheme) => {
        expect(readBearerToken(`${scheme} ${key}`)).toEqual({ ok: true, value: key });
      }),
    );
  });

  it('refuses a key holding anything but visible ASCII with 401 Invalid API key', () => {
    fc.assert(
      fc.property(
        visibleAscii,
        fc.string({ unit: 'binary', minLength: 1 }),
        visibleAscii,
        (head, middle, tail) => {
          fc.pre(/[^\x21-\x7e]/.test(middle));
          const result = readBearerToken(`Bearer ${head}${middle}${tail}`);
          expect(result).toEqual({
            ok: false,
            error: { error: { code: 401, message: 'Invalid API key' } },
          });
        },
      ),
    );
  });

  it('refuses a repeated header, its values joined by ", ", whatever keys it repeats', () => {
    fc.assert(
      fc.property(visibleAscii, fc.string({ unit: 'binary', minLength: 1 }), (key, second) => {
        fc.pre(/[^ \t]/.test(second));
        expect(readBearerToken(`Bearer ${key}, ${second}`).ok).toBe(false);
      }),
    );
  });

  it('answers no header, another scheme or the scheme alone with 401 Missing Authentication header', () => {
    for (const header of [
      undefined,
      null,
      '',
      'Bearer',
      'Bearer \t ',
      'Basic dXNlcjpwYXNz',
      'Bearer:x',
      'Bearerx',
    ]) {
      expect(readBearerToken(header)).toEqual({
        ok: false,
        error: { error: { code: 401, message: 'Missing Authentication header' } },
      });
    }
  });
});

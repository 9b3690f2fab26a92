import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkJsonDepth,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_DEPTH,
  parseJsonBody,
  readBearerToken,
} from '../../src/index.js';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import { findStructureIssue } from '../../src/body/json-structure.js';
import {
  COLLIDING_KEYS,
  collidingKeys,
  nestedArrays,
  nestedObjects,
  STANDARD_FNV_BASIS,
} from '../fixtures/hostile/builders.js';

/** The first issue of a failed result, or undefined. */
function issueOf(
  result:
    | { ok: true }
    | { ok: false; error: { error: { metadata?: { issues: Array<{ path: string; message: string }> } } } },
) {
  return result.ok ? undefined : result.error.error.metadata?.issues[0];
}

/** The first issue's path of a failed result, or undefined. */
const pathOf = (result: Parameters<typeof issueOf>[0]) => issueOf(result)?.path;

/** JSON text with objects and arrays nested deeper than most generators go. */
const deepJson = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'large', maxDepth: 80 },
    fc.constant(0),
    fc.array(tie('value'), { maxLength: 2 }),
    // Names the schemas declare, kept in an issue path, and one they do not, where the path stops.
    fc.dictionary(fc.constantFrom('model', 'content', 'c/~'), tie('value'), { maxKeys: 2 }),
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
  it('parses any JSON object as the text means it, as a correct JSON.parse does', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 6 })), (value) => {
        const text = JSON.stringify(value);
        const result = parseJsonBody(text);
        expect(result).toEqual({ ok: true, value: parsedByGrammar(text) });
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same first too-deep issue on the text as checkJsonDepth finds on the parsed value', () => {
    fc.assert(
      fc.property(deepJson, fc.integer({ min: 1, max: 12 }), (value, maxDepth) => {
        const text = JSON.stringify({ metadata: value });
        const onText = parseJsonBody(text, { maxDepth });
        const onValue = checkJsonDepth(JSON.parse(text), maxDepth);
        expect(onText.ok).toBe(onValue.ok);
        expect(issueOf(onText)).toEqual(issueOf(onValue));
      }),
      { numRuns: 500 },
    );
  });

  it('rejects a key repeated anywhere, at its object, by the byte where it repeats, however it is escaped', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 6 }), fc.boolean(), (key, escaped) => {
        const second = escaped
          ? `"${key
              .split('')
              .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
              .join('')}"`
          : JSON.stringify(key);
        const head = `{"messages":[{${JSON.stringify(key)}:1,"y":2,`;
        const result = parseJsonBody(`${head}${second}:3}]}`);
        expect(issueOf(result)).toEqual({
          path: '/messages/0',
          message: `has a repeated key at byte ${Buffer.byteLength(head)}`,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('counts a byte order mark and every byte of a multi-byte character in the byte offset', () => {
    const text = '\ufeff{"model":"é😀","model":1}';
    // The mark (3 bytes), `{"model":"` (10), é (2), 😀 (4), then `",`: the second key opens at byte 21.
    expect(new TextEncoder().encode(text).indexOf(0x22, 20)).toBe(21);
    const expected = { path: '', message: 'has a repeated key at byte 21' };
    expect(issueOf(parseJsonBody(text))).toEqual(expected);
    expect(issueOf(parseJsonBody(new TextEncoder().encode(text)))).toEqual(expected);
  });
});

describe('the repeated-key scan, given the hash basis an attacker would target', () => {
  const scan = (text: string) => findStructureIssue(text, 64, STANDARD_FNV_BASIS);
  /** The sentence of a key repeated at the last opening quote of `text` (all ASCII here). */
  const repeatedAtLastKey = (text: string) => `has a repeated key at byte ${text.lastIndexOf(',"') + 1}`;
  const [first, second] = COLLIDING_KEYS;

  it('tells two keys sharing a hash apart', () => {
    expect(scan(`{"${first}":1,"${second}":2}`)).toBeUndefined();
    const twice = `{"${first}":1,"${second}":2,"${second}":3}`;
    expect(scan(twice)).toEqual({ path: '', message: repeatedAtLastKey(twice) });
    const escaped = `{"${first}":1,"${second}":2,"\\u006b4uzx":3}`;
    expect(scan(escaped)).toEqual({ path: '', message: repeatedAtLastKey(escaped) });
  });

  it('tells them apart in a large object too, past the small-object list', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `"f${i}":0`).join(',');
    expect(scan(`{${filler},"${first}":1,"${second}":2}`)).toBeUndefined();
    const text = `{"${first}":1,${filler},"${second}":2,"${first}":3}`;
    expect(scan(text)?.message).toBe(repeatedAtLastKey(text));
  });

  it('stays linear on 32 000 keys sharing one hash', () => {
    const keys = collidingKeys(32_000);
    const textOf = (count: number) =>
      `{${keys
        .slice(0, count)
        .map((key) => `"${key}":0`)
        .join(',')}}`;
    /** The fastest of three scans of `text`: the least disturbed by whatever else the machine runs. */
    const fastestScan = (text: string) => {
      let fastest = Infinity;
      for (let round = 0; round < 3; round += 1) {
        const start = performance.now();
        expect(scan(text)).toBeUndefined();
        fastest = Math.min(fastest, performance.now() - start);
      }
      return fastest;
    };
    const repeated = `{${keys.map((key) => `"${key}":0`).join(',')},"${keys[31_999]}":1}`;
    expect(scan(repeated)?.message).toBe(repeatedAtLastKey(repeated));
    // Eight times the keys costs about eight times as long when linear and sixty-four when quadratic: the ratio,
    // not a time, is what is held, so a loaded machine slows both sides alike.
    const ratio = fastestScan(textOf(32_000)) / Math.max(fastestScan(textOf(4_000)), 0.5);
    expect(ratio).toBeLessThan(24);
  });
});

describe('checkJsonDepth', () => {
  it('counts the root as level 1', () => {
    expect(checkJsonDepth(JSON.parse(nestedObjects(64))).ok).toBe(true);
    // `a` is no name the schemas declare, so the path stops at the root and the sentence gives the level.
    expect(issueOf(checkJsonDepth(JSON.parse(nestedObjects(65))))).toEqual({
      path: '',
      message: 'must not hold a value nested more than 64 levels deep (one at level 65 lies below here)',
    });
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

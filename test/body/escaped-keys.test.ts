import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { bodyPipeline, bodyVerdict } from '../../src/body/body-pipeline.js';
import { hasEscapedKey, parsedJsonText } from '../../src/body/escaped-keys.js';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import { expectSameValue } from '../support/same-value.js';
import { parseJsonBody } from '../../src/body/json-body.js';

/*
 * The value is the text's (contract: value-is-text): whatever the engine parsed before, the body guards accept
 * a text with escaped keys as the value its text means, the one the project's own parser gives, or refuse it as
 * they refuse any other. The poisoning parse before a case is what makes V8's key cache decode an escaped key
 * wrongly on an affected engine (nodejs/node issue 63785): Node 24, where `.ci/run` runs these tests again.
 */

/** A scalar or a container as written, with the value it means and whether some object repeats a key. */
interface Written {
  text: string;
  value: unknown;
  repeats: boolean;
  escapedKey: boolean;
}

/** Characters a key is made of: each one-character escape's, letters, and both halves of a surrogate pair. */
const keyCharacters = [
  '"',
  '\\',
  '/',
  '\b',
  '\f',
  '\n',
  '\r',
  '\t',
  'h',
  'A',
  'a',
  'é',
  ':',
  '\ud83d',
  '\ude00',
  // What placeholders start with, and digits, which make a key an array index that engines list first (or, led
  // by a zero, a key that only looks like one).
  '\u007f',
  '1',
  '0',
];

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** The ways a character may be written in a string: as it is where JSON allows, its short escape, `\uXXXX`. */
function writings(character: string): string[] {
  const hex = character.charCodeAt(0).toString(16).padStart(4, '0');
  const ways = [`\\u${hex}`, `\\u${hex.toUpperCase()}`];
  const short = SHORT_ESCAPES[character];
  if (short !== undefined) ways.push(short);
  if (character !== '"' && character !== '\\' && character >= ' ') ways.push(character);
  return ways;
}

/** A key: the string it means, and a text of it, some characters escaped. */
const key = fc
  .array(
    fc
      .constantFrom(...keyCharacters)
      .chain((character) =>
        fc.constantFrom(...writings(character)).map((written) => ({ character, written })),
      ),
    { minLength: 0, maxLength: 3 },
  )
  .map((parts) => ({
    meant: parts.map((part) => part.character).join(''),
    written: `"${parts.map((part) => part.written).join('')}"`,
  }));

/** A key that is often one of a few, so that keys repeat after decoding; `__proto__` among them. */
const objectKey = fc.oneof(
  key,
  fc
    .constantFrom(...writings('_'))
    .map((written) => ({ meant: '__proto__', written: `"${written}_proto__"` })),
  fc
    .constantFrom('h', '"', '\\', '\n', 'A')
    .chain((character) =>
      fc
        .constantFrom(...writings(character))
        .map((written) => ({ meant: character, written: `"${written}"` })),
    ),
);

const scalar: fc.Arbitrary<Written> = fc
  .oneof(
    fc.integer(),
    fc.constantFrom(true, null, 0.5, -0),
    fc.string({ unit: 'binary', maxLength: 4 }),
    key.map((written) => written),
  )
  .map((value) =>
    typeof value === 'object' && value !== null
      ? { text: value.written, value: value.meant, repeats: false, escapedKey: false }
      : {
          text: JSON.stringify(value),
          value: Object.is(value, -0) ? 0 : value,
          repeats: false,
          escapedKey: false,
        },
  );

const tree = fc.letrec<{ node: Written }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    scalar,
    fc.array(tie('node'), { maxLength: 3 }).map((items): Written => ({
      text: `[${items.map((item) => item.text).join(',')}]`,
      value: items.map((item) => item.value),
      repeats: items.some((item) => item.repeats),
      escapedKey: items.some((item) => item.escapedKey),
    })),
    fc.array(fc.tuple(objectKey, tie('node')), { maxLength: 4 }).map((pairs) => objectOf(pairs)),
  ),
})).node;

function objectOf(pairs: Array<[{ meant: string; written: string }, Written]>): Written {
  const keys = pairs.map(([{ meant }]) => meant);
  return {
    text: `{${pairs.map(([{ written }, item]) => `${written}:${item.text}`).join(',')}}`,
    // Object.fromEntries makes every key an own data property, `__proto__` too, as JSON.parse does.
    value: Object.fromEntries(pairs.map(([{ meant }, item]) => [meant, item.value])),
    repeats: new Set(keys).size < keys.length || pairs.some(([, item]) => item.repeats),
    escapedKey:
      pairs.some(([{ written }]) => written.includes('\\')) || pairs.some(([, item]) => item.escapedKey),
  };
}

/** Escaped keys a poisoning text puts where the case has its escaped keys. */
const poisons = ['"\\\\"', '"\\""', '"\\n"', '"\\u0041"', '"\\/"'];

/** The case's text with every escaped key written as `poison` instead, and every value an empty array. */
function poisoning(text: string, poison: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"(?=:)/g, (written) => (written.includes('\\') ? poison : written));
}

/** A filler string long enough to send a body past the small bodies parsed first, to the counting scan. */
const LONG = 'x'.repeat(20_000);

describe('escaped keys (contract: value-is-text)', () => {
  it('are accepted as the keys the text means, after a poisoning parse or not, small or large, and repeats refused', () => {
    const seen = { accepted: 0, repeated: 0, escaped: 0 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(objectKey, tree), { maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom(...poisons),
        fc.boolean(),
        fc.boolean(),
        (pairs, poisoned, poison, large, many) => {
          const one = objectOf(
            large ? [[{ meant: 'pad', written: '"pad"' }, scalarText(LONG)], ...pairs] : pairs,
          );
          // Many copies: enough escaped keys to be written again as bytes where the engine's keys cannot stand.
          const root =
            many && !large ? objectOf([[{ meant: 'many', written: '"many"' }, copies(one, 40)]]) : one;
          if (poisoned) {
            try {
              JSON.parse(poisoning(root.text, poison));
            } catch {
              // A poisoning text only has to reach the key cache.
            }
          }
          const result = parseJsonBody(root.text);
          if (root.escapedKey) seen.escaped++;
          expect(hasEscapedKey(root.text)).toBe(root.escapedKey);
          if (root.repeats) {
            seen.repeated++;
            expect(result.ok).toBe(false);
            expect(JSON.stringify(result)).toContain('has a repeated key at byte');
            return;
          }
          seen.accepted++;
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expectSameValue(result.value, root.value);
          expectSameValue(result.value, parsedByGrammar(root.text));
        },
      ),
      { numRuns: 3000 },
    );
    // The comparison means something only if every kind of case came up often.
    expect(Math.min(seen.accepted, seen.repeated, seen.escaped)).toBeGreaterThan(300);
    // 3 000 cases, some of them large, on two shared cores.
  }, 120_000);

  it('are decoded right after the poisoning parse of nodejs/node issue 63785, through the whole pipeline', () => {
    const pipeline = bodyPipeline('messages-request');
    const request = (metadata: string) =>
      `{"model":"m","messages":[{"role":"user","content":"Hi"}],"metadata":${metadata}}`;
    for (const written of ['\\"', '\\n', '\\t', '\\/', '\\b', '\\f', '\\r', '\\u0041', '\\u00e9', '\\\\']) {
      const meant = parsedByGrammar(`"${written}"`);
      JSON.parse('{"h":[],"\\\\":0}');
      const guarded = parseJsonBody(`{"h":1,"${written}":2}`);
      expect(guarded.ok && Object.keys(guarded.value)).toEqual(['h', meant]);
      JSON.parse(request('{"h":"x","\\\\":"y"}'));
      const verdict = bodyVerdict(pipeline, new TextEncoder().encode(request(`{"h":"x","${written}":"y"}`)));
      expect(verdict.ok && (verdict.value as { metadata: object }).metadata).toEqual({
        h: 'x',
        [meant as string]: 'y',
      });
      expect(verdict.ok && Object.keys((verdict.value as { metadata: object }).metadata)).toEqual([
        'h',
        meant,
      ]);
    }
  });

  it('in an object too wide to be parsed before the exact scan are decoded right too', () => {
    const filler = Array.from({ length: 1100 }, (_, i) => `"f${i}":0`).join(',');
    JSON.parse(`{${filler},"h":[],"\\\\":0}`);
    const result = parseJsonBody(`{${filler},"h":1,"\\"":2}`);
    expect(result.ok && Object.keys(result.value).slice(-2)).toEqual(['h', '"']);
    const repeated = parseJsonBody(`{${filler},"h":1,"\\"":2,"\\u0022":3}`);
    expect(JSON.stringify(repeated)).toContain('has a repeated key at byte');
  });

  it('are put in place of placeholders a text cannot hold, whatever keys it writes that start as placeholders do', () => {
    for (const run of ['\u007f', '\u007f\u007f', '\u007f0', '\\u007f\\u007f', '\\u007f1', '\u007f\\"']) {
      const text = `{"${run}":1,"${run}0":2,"a\\u0062":{"${run}1":[3]},"\\u0031":4,"z":"${run}0"}`;
      const result = parseJsonBody(text);
      expect(result.ok).toBe(true);
      if (result.ok) expectSameValue(result.value, parsedByGrammar(text));
      expectSameValue(parsedJsonText(text), parsedByGrammar(text));
    }
  });

  it('keep `__proto__` an own key, and a store read resolves a repeated escaped key last-wins', () => {
    const text = '{"a":1,"\\u005f_proto__":{"b":2},"\\u0061":3,"c":4}';
    const read = parsedJsonText(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expectSameValue(read, JSON.parse('{"a":3,"__proto__":{"b":2},"c":4}'));
    expect(JSON.stringify(parseJsonBody(text))).toContain('has a repeated key at byte');
  });

  it('are decoded right in a text of hundreds of them, checked in order or written again as bytes', () => {
    // Keys written plain when written again, and ones that need placeholders, with and without an index key.
    const inPlace = ['\\u0061', '\\u00e9', '\\u20AC', '\\/', 'b\\u0063', '\\u005f_proto__'];
    const placeheld = ['\\"', '\\u007f', '\u007fz', '\\ud800', '\\ud83d\\ude00', 'é\\n'];
    const many = (spellings: string[], last = '') =>
      `{${Array.from({ length: 300 }, (_, i) => `"${spellings[i % spellings.length]}${i === 0 ? '' : i}":{"\\u0068":${i}}`).join(',')}${last}}`;
    const texts = [
      many(inPlace),
      many(inPlace, ',"\\u0061\\u0030":1'),
      `${many(inPlace).slice(0, -1)} x}`,
      many(inPlace, ',"\\"q":1'),
      many([...inPlace, '\\ud83d\\ude00', '\\ue000', '\\u007f', '\u007fz']),
      `${many(inPlace).slice(0, -1)},"v":"é"}`,
      many(inPlace, ',"0":1'),
      many([...inPlace, ...placeheld], ',"0":1'),
      `${many([...inPlace, ...placeheld]).slice(0, -1)},"v":"é","0":1}`,
      many([...inPlace, ...placeheld], ',"0":1,"\\u0061":1'),
    ];
    let accepted = 0;
    for (const text of texts) {
      try {
        JSON.parse(poisoning(text, '"\\\\"'));
      } catch {
        // Only the key cache matters.
      }
      const result = parseJsonBody(text);
      let expected: unknown;
      try {
        expected = parsedByGrammar(text, true);
      } catch {
        expect(result.ok).toBe(false);
        continue;
      }
      expect(result.ok).toBe(true);
      if (result.ok) expectSameValue(result.value, expected);
      accepted++;
    }
    expect(accepted).toBe(texts.length - 2);
  });

  it("in objects that hold array indexes are checked in the text's order, the text parsed once", () => {
    // Each object starts with a key no other case writes, so that no earlier parse of this process has left the
    // engine's key cache a key to give an escaped key in its place (which would send the text the second way).
    const texts = [
      '{"ix\\u0061":1,"7":{"ix1":0,"ix\\"":2,"3":[{"ix2":0,"1":3,"ix\\u0062":4}]},"4294967294":5,"4294967295":6,"01":7,"ix\\n":8}',
      '{"\\u0032":1,"ix\\u0063":2,"0":{"ix3":0,"\\u0031\\u0030":3},"ixd":[4,{"ix4":0,"9":5,"\\u0039\\u0039":6}]}',
      '{"5":1,"4":2,"ix\\"e":3,"3":4}',
      '{"ix\\"f":{"ix5":0,"2":[]},"1":{"ix6":0,"ix\\"f":{}}}',
    ];
    const pad = `"ixpad":"${LONG}"`;
    for (const text of texts.map((written) => `{${pad},${written.slice(1)}`)) {
      const expected = parsedByGrammar(text, true);
      const parse = vi.spyOn(JSON, 'parse');
      try {
        const result = parseJsonBody(text);
        expect(result.ok).toBe(true);
        if (result.ok) expectSameValue(result.value, expected);
        // Once: the text was not written again, as it would be were its order of keys not told.
        expect(parse.mock.calls.filter(([parsed]) => String(parsed).length >= LONG.length)).toHaveLength(1);
      } finally {
        parse.mockRestore();
      }
    }
    // An index written twice, however it is spelled, is a repeated key.
    for (const repeated of ['{"1":1,"\\u0031":2}', '{"ix\\u0067":0,"2":1,"a":2,"\\u0032":3}']) {
      expect(JSON.stringify(parseJsonBody(`{${pad},${repeated.slice(1)}`))).toContain(
        'has a repeated key at byte',
      );
    }
  });

  it('the engine gave a prefix of their spelling are put right in place; other differences parse the text again', () => {
    // The engine's fault stood in for on any runtime: the first JSON.parse answers the value an affected Node gives.
    const pad = `"pad":"${LONG}"`;
    const cases: { text: string; engine: unknown; parses: number; verdict?: string }[] = [
      // Node 24's fault: a cached `\\` for `\"` and for `\n`, nested, their values kept where they are.
      {
        text: `{${pad},"h":1,"\\"":2,"k":{"\\u0041b":[{"a":0,"\\n":3}]}}`,
        engine: { pad: LONG, h: 1, '\\': 2, k: { Ab: [{ a: 0, '\\': 3 }] } },
        parses: 1,
      },
      // A key that no spelling begins with is no known fault.
      { text: `{${pad},"h":1,"\\"":2}`, engine: { pad: LONG, h: 1, x: 2 }, parses: 2 },
      // Keys in another order than the text's, values with them.
      {
        text: `{${pad},"\\u0061":1,"\\u0062":2}`,
        engine: { pad: LONG, b: 2, a: 1 },
        parses: 2,
      },
      // Put right, the key is another of its object's: the text repeats a key.
      {
        text: `{${pad},"\\"":1,"\\"":2}`,
        engine: { pad: LONG, '\\': 1, '"': 2 },
        parses: 2,
        verdict: 'has a repeated key at byte',
      },
    ];
    for (const { text, engine, parses, verdict } of cases) {
      const parse = vi.spyOn(JSON, 'parse').mockImplementationOnce(() => structuredClone(engine));
      try {
        const result = parseJsonBody(text);
        if (verdict !== undefined) expect(JSON.stringify(result)).toContain(verdict);
        else {
          expect(result.ok).toBe(true);
          if (result.ok) expectSameValue(result.value, parsedByGrammar(text));
        }
        expect(parse.mock.calls.filter(([parsed]) => String(parsed).length >= LONG.length)).toHaveLength(
          parses,
        );
      } finally {
        parse.mockRestore();
      }
    }
  });

  it('written again plain never turn a text that is not JSON into JSON', () => {
    // Each would be JSON with the escaped part read as a key and written plain, were it not read as a string.
    for (const text of ['{"a"\\u003a1,":2":3}', '{"k":["x,"\\u002c1,":2"]}', '{"a":1,"b"\\u003a2,"c":3}']) {
      expect(() => JSON.parse(text)).toThrow();
      expect(JSON.stringify(parseJsonBody(text))).toContain('must be valid JSON');
      expect(JSON.stringify(parseJsonBody(`{"pad":"${LONG}",${text.slice(1)}`))).toContain(
        'must be valid JSON',
      );
      expect(() => parsedJsonText(text)).toThrow(SyntaxError);
    }
  });

  it('are told from escapes in values and keys written plain', () => {
    expect(hasEscapedKey('{"a":"\\"b\\":1","c":2}')).toBe(false);
    expect(hasEscapedKey('{"a":["\\\\"],"b\\\\" :1}')).toBe(true);
    expect(hasEscapedKey('{"a":"x\\\\", "b":1}')).toBe(false);
    expect(hasEscapedKey('{"a\\u003a":1}')).toBe(true);
    expect(hasEscapedKey('{"a":1}')).toBe(false);
  });
});

/** An array of `count` copies of a value as written. */
function copies(item: Written, count: number): Written {
  return {
    text: `[${Array.from({ length: count }, () => item.text).join(',')}]`,
    value: Array.from({ length: count }, () => item.value),
    repeats: item.repeats,
    escapedKey: item.escapedKey,
  };
}

/** A string value as written. */
function scalarText(value: string): Written {
  return { text: JSON.stringify(value), value, repeats: false, escapedKey: false };
}

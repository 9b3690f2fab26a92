import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, positionOf } from '../../src/gateway/json-error-position.js';

/** A JSON text, pretty-printed or not, cut or with one character changed: JSON about half the time. */
const texts = fc
  .tuple(
    fc.jsonValue(),
    fc.boolean(),
    fc.nat(),
    fc.constantFrom('', ',', '}', ']', '"', '\\', ':', '\n', '0', '-', '.', 'e', 'x', '\u0001', ' '),
    fc.constantFrom('replace', 'insert', 'cut', 'keep'),
  )
  .map(([value, pretty, at, character, how]) => {
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === 'replace') return text.slice(0, i) + character + text.slice(i + 1);
    if (how === 'insert') return text.slice(0, i) + character + text.slice(i);
    if (how === 'cut') return text.slice(0, i);
    return text;
  });

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('jsonErrorOffset', () => {
  it('finds an error exactly where JSON.parse finds one', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(jsonErrorOffset(text) === -1).toBe(parses(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('points at the first character that cannot continue the text', () => {
    expect(jsonErrorOffset('{"apiKey":sk-live-TOKEN}')).toBe(10);
    expect(jsonErrorOffset('{"a":1,}')).toBe(7);
    expect(jsonErrorOffset('{"a":1')).toBe(6);
    expect(jsonErrorOffset('[1,2] x')).toBe(6);
    expect(jsonErrorOffset('"tab\there"')).toBe(4);
    expect(jsonErrorOffset('"\\u12x4"')).toBe(2);
    expect(jsonErrorOffset('')).toBe(0);
    expect(jsonErrorOffset(' [ {"a": [true, null, -1.5e3]} ] ')).toBe(-1);
  });

  it('reads nesting far past any stack without overflowing', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(jsonErrorOffset(deep)).toBe(-1);
    expect(jsonErrorOffset(`${deep.slice(0, -1)}}`)).toBe(399_999);
  });
});

describe('positionOf', () => {
  it('counts lines from 1 at each line feed, and columns in code points from 1', () => {
    expect(positionOf('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('{\n  "a": x\n}', 9)).toEqual({ line: 2, column: 8 });
    expect(positionOf('{\r\n"\u{1F600}": x', 9)).toEqual({ line: 2, column: 6 });
  });
});

import { describe, expect, it } from 'vitest';
import { locateValues } from '../../src/page/json-locator.js';

/** The playground marks an issue where its JSON Pointer points in the text the person pasted. */

const textAt = (text: string, pointer: string) => {
  const range = locateValues(text).get(pointer);
  return range === undefined ? undefined : text.slice(range.start, range.end);
};

describe('locateValues', () => {
  const text = '{\n  "a": [1, {"b": "x\\"y"}, true],\n  "c/d": {"e~f": null},\n  "g": -1.5e3 }';

  it('finds each value by its pointer, the root included', () => {
    expect(textAt(text, '')).toBe(text.trim());
    expect(textAt(text, '/a')).toBe('[1, {"b": "x\\"y"}, true]');
    expect(textAt(text, '/a/0')).toBe('1');
    expect(textAt(text, '/a/1/b')).toBe('"x\\"y"');
    expect(textAt(text, '/a/2')).toBe('true');
    expect(textAt(text, '/g')).toBe('-1.5e3');
  });

  it('escapes keys holding / and ~ as RFC 6901 says', () => {
    expect(textAt(text, '/c~1d/e~0f')).toBe('null');
  });

  it('finds nothing for a path the text does not hold', () => {
    expect(textAt(text, '/missing')).toBeUndefined();
    expect(textAt(text, '/a/3')).toBeUndefined();
  });

  it('reads empty containers and keys with escapes', () => {
    const escaped = '{"\\u0041": {}, "b": []}';
    expect(textAt(escaped, '/A')).toBe('{}');
    expect(textAt(escaped, '/b')).toBe('[]');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointerSegment, pointerSegments } from '../../src/core/json-pointer.js';

describe('JSON Pointer tokens (RFC 6901)', () => {
  it('escape `~` as `~0` and `/` as `~1`, and leave every other key as it is', () => {
    expect(pointerSegment('c/d')).toBe('c~1d');
    expect(pointerSegment('e~f')).toBe('e~0f');
    expect(pointerSegment('~1')).toBe('~01');
    expect(pointerSegment('/~')).toBe('~1~0');
    expect(pointerSegment('plain')).toBe('plain');
  });

  it('read back, key by key, the keys a pointer was written from', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', '~', '/', '0', '1', '😀') })), (keys) => {
        const pointer = keys.map((key) => `/${pointerSegment(key)}`).join('');
        expect(pointerSegments(pointer)).toEqual(keys);
      }),
      { numRuns: 500 },
    );
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/')).toEqual(['']);
  });
});

import { describe, expect, it } from 'vitest';
import { VersionCache } from '../../../src/http/store/version-cache.js';

describe('the versions cache (contract: reading-versions)', () => {
  it('answers what it was given, by slug and version', () => {
    const cache = new VersionCache<string>(100);
    cache.set('a', 1, 'a1', 10);
    cache.set('a', 2, 'a2', 10);
    expect(cache.get('a', 1)).toBe('a1');
    expect(cache.get('a', 2)).toBe('a2');
    expect(cache.get('a', 3)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('keeps no more bytes than its size, dropping the least recently read first', () => {
    const cache = new VersionCache<string>(30);
    cache.set('a', 1, 'a1', 10);
    cache.set('b', 1, 'b1', 10);
    cache.set('c', 1, 'c1', 10);
    expect(cache.get('a', 1)).toBe('a1');
    cache.set('d', 1, 'd1', 10);
    expect(cache.bytes).toBe(30);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd'].map((slug) => cache.get(slug, 1))).toEqual(['a1', 'c1', 'd1']);
  });

  it('keeps nothing at size 0, and no entry larger than its size', () => {
    const off = new VersionCache<string>(0);
    off.set('a', 1, 'a1', 1);
    expect(off.get('a', 1)).toBeUndefined();
    const small = new VersionCache<string>(5);
    small.set('a', 1, 'a1', 6);
    expect(small.get('a', 1)).toBeUndefined();
    expect(small.bytes).toBe(0);
  });

  it('counts a version set again once', () => {
    const cache = new VersionCache<string>(100);
    cache.set('a', 1, 'a1', 40);
    cache.set('a', 1, 'a1', 40);
    expect(cache.bytes).toBe(40);
  });

  it('refuses a size that is not a whole number of bytes', () => {
    expect(() => new VersionCache(-1)).toThrow(RangeError);
    expect(() => new VersionCache(1.5)).toThrow(RangeError);
  });
});

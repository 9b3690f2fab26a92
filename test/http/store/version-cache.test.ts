import { describe, expect, it } from 'vitest';
import { VersionCache } from '../../../src/http/store/version-cache.js';

/** A preset of no workspace, unless one is named. */
const at = (slug: string, workspaceId: string | null = null) => ({ workspaceId, slug });

describe('the versions cache (contract: reading-versions)', () => {
  it('answers what it was given, by slug and version', () => {
    const cache = new VersionCache<string>(100);
    cache.set(at('a'), 1, 'a1', 10);
    cache.set(at('a'), 2, 'a2', 10);
    expect(cache.get(at('a'), 1)).toBe('a1');
    expect(cache.get(at('a'), 2)).toBe('a2');
    expect(cache.get(at('a'), 3)).toBeUndefined();
    expect(cache.get(at('b'), 1)).toBeUndefined();
  });

  it('keeps each workspace apart: the same slug and version in another workspace is another entry', () => {
    const cache = new VersionCache<string>(100);
    cache.set(at('a', 'ws-1'), 1, 'ws-1 a1', 10);
    expect(cache.get(at('a', 'ws-2'), 1)).toBeUndefined();
    expect(cache.get(at('a'), 1)).toBeUndefined();
    cache.set(at('a'), 1, 'none a1', 10);
    expect(cache.get(at('a', 'ws-1'), 1)).toBe('ws-1 a1');
    expect(cache.get(at('a'), 1)).toBe('none a1');
    // A workspace named like the text of another key finds nothing of it.
    cache.set(at('a@b'), 1, 'slug a@b', 10);
    expect(cache.get(at('a', 'b'), 1)).toBeUndefined();
    expect(cache.get(at('a', ''), 1)).toBeUndefined();
  });

  it('keeps no more bytes than its size, dropping the least recently read first', () => {
    const cache = new VersionCache<string>(30);
    cache.set(at('a'), 1, 'a1', 10);
    cache.set(at('b'), 1, 'b1', 10);
    cache.set(at('c'), 1, 'c1', 10);
    expect(cache.get(at('a'), 1)).toBe('a1');
    cache.set(at('d'), 1, 'd1', 10);
    expect(cache.bytes).toBe(30);
    expect(cache.get(at('b'), 1)).toBeUndefined();
    expect(['a', 'c', 'd'].map((slug) => cache.get(at(slug), 1))).toEqual(['a1', 'c1', 'd1']);
  });

  it('keeps nothing at size 0, and no entry larger than its size', () => {
    const off = new VersionCache<string>(0);
    off.set(at('a'), 1, 'a1', 1);
    expect(off.get(at('a'), 1)).toBeUndefined();
    const small = new VersionCache<string>(5);
    small.set(at('a'), 1, 'a1', 6);
    expect(small.get(at('a'), 1)).toBeUndefined();
    expect(small.bytes).toBe(0);
  });

  it('counts a version set again once', () => {
    const cache = new VersionCache<string>(100);
    cache.set(at('a'), 1, 'a1', 40);
    cache.set(at('a'), 1, 'a1', 40);
    expect(cache.bytes).toBe(40);
  });

  it('refuses a size that is not a whole number of bytes', () => {
    expect(() => new VersionCache(-1)).toThrow(RangeError);
    expect(() => new VersionCache(1.5)).toThrow(RangeError);
  });
});

import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { withHeaders } from '../../src/http/http-response.js';

/** Whether two objects share V8's hidden class: what decides whether a copy costs the old generation a new one. */
function sameHiddenClass(): (left: object, right: object) => boolean {
  setFlagsFromString('--allow-natives-syntax');
  return new Function('left', 'right', 'return %HaveSameMap(left, right)') as (
    l: object,
    r: object,
  ) => boolean;
}

describe('withHeaders', () => {
  it('copies the headers, then sets the added ones on top, in order', () => {
    const headers = { 'content-type': 'application/json', vary: 'Accept' };
    const joined = withHeaders(headers, { vary: 'Origin', 'content-length': '12' });
    expect(joined).toEqual({ 'content-type': 'application/json', vary: 'Origin', 'content-length': '12' });
    expect(Object.keys(joined)).toEqual(['content-type', 'vary', 'content-length']);
    expect(headers).toEqual({ 'content-type': 'application/json', vary: 'Accept' });
  });

  it('copies own keys only: a key added to Object.prototype never becomes a header', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype['x-injected'] = 'yes';
    try {
      const joined = withHeaders({ 'content-type': 'application/json' }, { 'content-length': '2' });
      expect(Object.hasOwn(joined, 'x-injected')).toBe(false);
      expect(Object.keys(joined)).toEqual(['content-type', 'content-length']);
    } finally {
      delete prototype['x-injected'];
    }
  });

  it('gives every response with the same header names one hidden class, however many it answers', () => {
    const same = sameHiddenClass();
    const joined = (length: number) =>
      withHeaders({ 'content-type': 'a' }, { 'content-length': String(length) });
    const first = joined(0);
    // A spread in its place passes the first few calls and then makes a new hidden class on nearly every one.
    const differing = Array.from({ length: 2_000 }, (_, length) => joined(length)).filter(
      (h) => !same(first, h),
    );
    expect(differing).toEqual([]);
  });
});

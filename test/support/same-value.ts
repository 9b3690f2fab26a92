import { expect } from 'vitest';

/** A value with every object turned into its entries, so that comparing two compares their keys' order too. */
function inOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(inOrder);
  return Object.entries(value).map(([key, item]) => [key, inOrder(item)]);
}

/** Both values alike, -0 told from 0, own keys only, and keys in the same order at every level. */
export function expectSameValue(actual: unknown, expected: unknown): void {
  expect(actual).toStrictEqual(expected);
  expect(inOrder(actual)).toEqual(inOrder(expected));
}

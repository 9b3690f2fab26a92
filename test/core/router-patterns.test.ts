import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createModelFilter } from '../../src/index.js';

/**
 * Router pattern matching (contract: router-patterns), the slow way: dynamic programming over code points,
 * where `*` takes any run.
 */
function referenceMatch(pattern: string, id: string): boolean {
  const p = Array.from(pattern);
  const s = Array.from(id);
  // matched[j]: whether the pattern read so far matches the first j code points of the id.
  let matched = Array.from({ length: s.length + 1 }, (_, j) => j === 0);
  for (const token of p) {
    const next = Array<boolean>(s.length + 1).fill(false);
    for (let j = 0; j <= s.length; j++) {
      if (token === '*') next[j] = matched[j]! || (j > 0 && next[j - 1]!);
      else next[j] = j > 0 && matched[j - 1]! && s[j - 1] === token;
    }
    matched = next;
  }
  return matched[s.length]!;
}

/** Patterns and ids over a tiny alphabet, so matches and near-misses are both common. */
const alphabet = fc.constantFrom('a', 'b', '/', '😀', '\ud83d', '\ude00');
const pattern = fc
  .array(fc.oneof(alphabet, fc.constant('*')), { maxLength: 10 })
  .map((parts) => parts.join(''));
const id = fc.array(alphabet, { maxLength: 12 }).map((parts) => parts.join(''));

describe('createModelFilter (contract: router-patterns)', () => {
  it('agrees with a slow reference matcher on random patterns and ids', () => {
    fc.assert(
      fc.property(pattern, id, (onePattern, modelId) => {
        const allows = createModelFilter({ allowed_models: [onePattern] });
        expect(allows(modelId)).toBe(referenceMatch(onePattern, modelId));
      }),
      { numRuns: 2000 },
    );
  });

  it('allows what some allowed pattern matches and no excluded pattern does', () => {
    fc.assert(
      fc.property(
        fc.array(pattern, { maxLength: 3 }),
        fc.array(pattern, { maxLength: 3 }),
        id,
        (allowed, excluded, modelId) => {
          const expected =
            (allowed.length === 0 || allowed.some((p) => referenceMatch(p, modelId))) &&
            !excluded.some((p) => referenceMatch(p, modelId));
          expect(createModelFilter({ allowed_models: allowed, excluded_models: excluded })(modelId)).toBe(
            expected,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('treats null or absent lists as empty', () => {
    expect(createModelFilter({})('any/model')).toBe(true);
    expect(createModelFilter({ allowed_models: null, excluded_models: null })('any/model')).toBe(true);
    expect(createModelFilter({ allowed_models: [] })('any/model')).toBe(true);
  });

  it('matches `<author>/*` as the interface shows it', () => {
    const allows = createModelFilter({ allowed_models: ['anthropic/*'], excluded_models: ['*:free'] });
    expect(allows('anthropic/claude-sonnet-4')).toBe(true);
    expect(allows('anthropic/claude-sonnet-4:free')).toBe(false);
    expect(allows('openai/gpt-4o')).toBe(false);
    expect(allows('anthropic')).toBe(false);
  });

  it('answers on lists at their limits built to make a backtracking matcher explode', () => {
    const lists = {
      allowed_models: Array<string>(64).fill(`${'*a'.repeat(511)}*b`),
      excluded_models: Array<string>(64).fill(`*${'a'.repeat(511)}b*`),
    };
    const allows = createModelFilter(lists);
    expect(allows(`${'c'.repeat(513)}${'a'.repeat(510)}b`)).toBe(false);
    expect(allows(`${'a'.repeat(1023)}b`)).toBe(false);
    expect(allows(`${'ab'.repeat(511)}b`)).toBe(true);
    // A backtracking matcher takes years here, so it never answers within the test's timeout; how fast this one
    // answers is the benchmarks' to say (npm run bench:hostile), not a test's on a shared machine.
  }, 60_000);
});

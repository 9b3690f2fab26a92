import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findStructureIssue } from '../../src/body/json-structure.js';
import { STANDARD_FNV_BASIS } from '../fixtures/hostile/builders.js';
import { firstStructureIssue, jsonText, jsonTrees, type JsonTree } from '../support/json-trees.js';

/** Keys enough to move an object's hashes from its short list into a map. */
const filler = Array.from({ length: 20 }, (_, i): [string, JsonTree] => [`"f${i}"`, '0']);

describe('the exact structure scan', () => {
  it('finds the first value too deep or key repeated that the rule names, whatever the hash basis', () => {
    const seen = { none: 0, repeated: 0, tooDeep: 0 };
    fc.assert(
      fc.property(
        jsonTrees,
        fc.integer({ min: 1, max: 6 }),
        fc.oneof(fc.constant(STANDARD_FNV_BASIS), fc.integer()),
        (tree, maxDepth, basis) => {
          const expected = firstStructureIssue(tree, maxDepth);
          expect(findStructureIssue(jsonText(tree), maxDepth, basis)).toEqual(expected);
          // The same tree past an object's short list of hashes, one level down.
          const inWide: JsonTree = { pairs: [...filler, ['"k"', tree]] };
          expect(findStructureIssue(jsonText(inWide), maxDepth + 1, basis)).toEqual(
            firstStructureIssue(inWide, maxDepth + 1),
          );
          if (expected === undefined) seen.none++;
          else if (expected.message.includes('repeat')) seen.repeated++;
          else seen.tooDeep++;
        },
      ),
      { numRuns: 3000, seed: 23 },
    );
    // The comparison means something only if every verdict came up often.
    expect(Math.min(seen.none, seen.repeated, seen.tooDeep)).toBeGreaterThan(300);
  });
});

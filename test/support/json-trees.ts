import fc from 'fast-check';
import { bodyIssueMessages, tooDeepMessage, type Issue } from '../../src/core/errors.js';
import { pointerSegment } from '../../src/core/json-pointer.js';
import { COLLIDING_KEYS } from '../fixtures/hostile/builders.js';

/**
 * JSON texts built from trees whose objects may repeat a key, with the first structural issue the rules name
 * (contract: body-limits, repeated-keys) read off the tree itself: the statement the body scans answer to.
 */

/** A scalar as written, an object's pairs in order (each key as written), or an array's items. */
export type JsonTree = string | { pairs: Array<[key: string, value: JsonTree]> } | { items: JsonTree[] };

const [first, second] = COLLIDING_KEYS;

/**
 * Keys as written: some that decode alike (`a` and `\u0061`), some that share a hash under the standard FNV
 * basis, and some with a pointer's escapes, colons, or the name of Object.prototype's accessor.
 */
const keyTokens = [
  '"a"',
  '"\\u0061"',
  '"b"',
  '"a/b"',
  '"~"',
  '"a:"',
  '"a\\u003a"',
  '""',
  '"__proto__"',
  `"${first}"`,
  `"${second}"`,
  `"\\u006b${first.slice(1)}"`,
];
const scalarTokens = ['0', '-1.5e3', 'true', 'null', '"x"', '":"', '"\\":"', '"{["', '"\\\\"'];
const blank = fc.constantFrom('', ' ', '\n');

const { tree } = fc.letrec<{ tree: JsonTree; pair: [string, JsonTree] }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...scalarTokens),
    fc.array(tie('pair'), { maxLength: 5 }).map((pairs) => ({ pairs })),
    fc.array(tie('tree'), { maxLength: 4 }).map((items) => ({ items })),
  ),
  pair: fc
    .tuple(blank, fc.constantFrom(...keyTokens), blank, tie('tree'))
    .map(([before, key, after, value]): [string, JsonTree] => [`${before}${key}${after}`, value]),
}));

/** Trees of any root, nested up to about eight levels. */
export const jsonTrees: fc.Arbitrary<JsonTree> = tree;

/** The JSON text of a tree, written as it stands: repeated keys stay repeated. */
export function jsonText(node: JsonTree): string {
  if (typeof node === 'string') return node;
  if ('items' in node) return `[${node.items.map(jsonText).join(',')}]`;
  return `{${node.pairs.map(([key, value]) => `${key}:${jsonText(value)}`).join(',')}}`;
}

/**
 * The first issue in document order: an object or array nested more than `maxDepth` levels (the root is level
 * 1), or a key, decoded, that its object already has; each at the JSON Pointer of the offending value.
 */
export function firstStructureIssue(root: JsonTree, maxDepth: number): Issue | undefined {
  const visit = (node: JsonTree, path: string, level: number): Issue | undefined => {
    if (typeof node === 'string') return undefined;
    if (level > maxDepth) return { path, message: tooDeepMessage(maxDepth) };
    if ('items' in node) {
      for (const [index, item] of node.items.entries()) {
        const found = visit(item, `${path}/${index}`, level + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    const seen = new Set<string>();
    for (const [written, value] of node.pairs) {
      const key = JSON.parse(written) as string;
      const at = `${path}/${pointerSegment(key)}`;
      if (seen.has(key)) return { path: at, message: bodyIssueMessages.repeatedKey };
      seen.add(key);
      const found = visit(value, at, level + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(root, '', 1);
}

import fc from 'fast-check';
import {
  repeatedKeyMessage,
  tooDeepBelowMessage,
  tooDeepMessage,
  type Issue,
} from '../../src/core/errors.js';
import { pointerSegment } from '../../src/core/json-pointer.js';
import { propertyNames } from '../../src/generated/validators.js';
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
 * basis, some with a pointer's escapes, colons, or the name of Object.prototype's accessor, a key that reads
 * as an index, and names the schemas declare (one written with an escape, one holding a non-ASCII letter
 * before it in the text moves byte offsets off character offsets).
 */
const keyTokens = [
  '"model"',
  '"m\u006fdel"',
  '"messages"',
  '"0"',
  '"é"',
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
 * 1), at its JSON Pointer, or a key, decoded, that its object already has, at the object's pointer with the
 * byte offset of the key's second opening quote; each pointer cut at the first key that is not a property name
 * of the schemas, a cut depth issue saying so in its sentence.
 */
export function firstStructureIssue(root: JsonTree, maxDepth: number): Issue | undefined {
  const known = new Set(propertyNames);
  const pointer = (segments: Array<string | number>) => {
    const cut = segments.findIndex((segment) => typeof segment === 'string' && !known.has(segment));
    const kept = cut < 0 ? segments : segments.slice(0, cut);
    return { path: kept.map((segment) => `/${pointerSegment(String(segment))}`).join(''), whole: cut < 0 };
  };
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  // Each visit is given where its node's text starts, in bytes.
  const visit = (
    node: JsonTree,
    segments: Array<string | number>,
    level: number,
    start: number,
  ): Issue | undefined => {
    if (typeof node === 'string') return undefined;
    if (level > maxDepth) {
      const { path, whole } = pointer(segments);
      return { path, message: whole ? tooDeepMessage(maxDepth) : tooDeepBelowMessage(maxDepth) };
    }
    let at = start + 1;
    if ('items' in node) {
      for (const [index, item] of node.items.entries()) {
        if (index > 0) at++;
        const found = visit(item, [...segments, index], level + 1, at);
        if (found !== undefined) return found;
        at += bytes(jsonText(item));
      }
      return undefined;
    }
    const seen = new Set<string>();
    for (const [index, [written, value]] of node.pairs.entries()) {
      if (index > 0) at++;
      const key = JSON.parse(written) as string;
      if (seen.has(key)) {
        const quote = at + bytes(written.slice(0, written.indexOf('"')));
        return { path: pointer(segments).path, message: repeatedKeyMessage(quote) };
      }
      seen.add(key);
      at += bytes(written) + 1;
      const found = visit(value, [...segments, key], level + 1, at);
      if (found !== undefined) return found;
      at += bytes(jsonText(value));
    }
    return undefined;
  };
  return visit(root, [], 1, 0);
}

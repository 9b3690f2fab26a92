import { createRequire } from 'node:module';
import { parseAst } from 'rolldown/parseAst';

/**
 * Build time: Ajv's standalone code as a syntax tree (rolldown's oxc parser, ESTree nodes with their spans), and
 * positional edits of its text. Passes find nodes by their shape, never by the printer's spacing or names.
 */

/** An ESTree node: its kind, its span in the code, and its fields (typed by the shapes a pass matches). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields are read after a shape has matched
export type AstNode = { type: string; start: number; end: number } & Record<string, any>;

/** The Ajv version whose output the passes read, named by every failure. */
export const ajvVersion: string = (createRequire(import.meta.url)('ajv/package.json') as { version: string })
  .version;

export function parse(code: string): AstNode {
  return parseAst(code) as unknown as AstNode;
}

/** A shape: a value a field must equal, a predicate, an array of shapes item by item, or an object of them. */
export type Shape =
  string | number | boolean | null | ((value: unknown) => boolean) | Shape[] | { [field: string]: Shape };

/** `value` has `shape`: every field the shape names matches, arrays item by item and of the same length. */
export function matches(value: unknown, shape: Shape): boolean {
  if (typeof shape === 'function') return shape(value);
  if (shape === null || typeof shape !== 'object') return value === shape;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(shape)) {
    return (
      Array.isArray(value) && value.length === shape.length && shape.every((s, i) => matches(value[i], s))
    );
  }
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([field, s]) => matches(record[field], s));
}

export const anything = (): boolean => true;
export const text = (value: unknown): boolean => typeof value === 'string';
export const property = (key: string, value: Shape): Shape => ({
  type: 'Property',
  computed: false,
  key: identifier(key),
  value,
});
export const identifier = (name: string | RegExp): Shape => ({
  type: 'Identifier',
  name: typeof name === 'string' ? name : (value: unknown) => typeof value === 'string' && name.test(value),
});
export const member = (object: Shape, property: string): Shape => ({
  type: 'MemberExpression',
  computed: false,
  object,
  property: identifier(property),
});

/** Every node under `root`, parents before children, with its parent. */
export function* nodes(root: AstNode, parent: AstNode | null = null): Generator<[AstNode, AstNode | null]> {
  yield [root, parent];
  for (const [field, value] of Object.entries(root)) {
    if (field === 'start' || field === 'end') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child !== null && typeof child === 'object' && typeof (child as AstNode).type === 'string')
        yield* nodes(child as AstNode, root);
    }
  }
}

/** The identifiers `root` reads as variables (not property names), with their parents. */
export function* references(root: AstNode): Generator<[AstNode, AstNode | null]> {
  for (const [node, parent] of nodes(root)) {
    if (node.type !== 'Identifier') continue;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) continue;
    if (parent?.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand) continue;
    yield [node, parent];
  }
}

/**
 * `pass` over `code`: each node `rewrite` returns a replacement for, among `candidates` (the nodes of the kind the
 * pass rewrites), is replaced; the build fails unless every candidate was (`what` names the shape expected).
 */
export function rewriteEach(
  pass: string,
  what: string,
  code: string,
  candidates: (program: AstNode) => AstNode[],
  rewrite: (node: AstNode) => Edit | string | undefined,
): string {
  const found = candidates(parse(code));
  const edits = found.flatMap((node) => {
    const edit = rewrite(node);
    return edit === undefined
      ? []
      : [typeof edit === 'string' ? { start: node.start, end: node.end, text: edit } : edit];
  });
  expectCount(pass, what, edits.length, found.length);
  return applyEdits(code, edits);
}

/** Every node of `root` with `shape`. */
export function find(root: AstNode, shape: Shape): AstNode[] {
  return [...nodes(root)].map(([node]) => node).filter((node) => matches(node, shape));
}

export function fail(pass: string, detail: string): never {
  throw new Error(`standalone rewrite (${pass}), Ajv ${ajvVersion}: ${detail}`);
}

/** Fails the pass when it rewrote another number of sites than Ajv's code has of the kind it rewrites. */
export function expectCount(pass: string, shape: string, rewritten: number, total: number): void {
  if (rewritten !== total || total === 0)
    fail(pass, `rewrote ${rewritten} of ${total} ${shape}: Ajv's code has a shape this pass does not know`);
}

/** One edit: the text between `start` and `end` becomes `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `code` with the edits made; edits may not overlap. */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let from = 0;
  for (const { start, end, text } of sorted) {
    if (start < from) throw new Error(`standalone rewrite: overlapping edits at ${start}`);
    out += code.slice(from, start) + text;
    from = end;
  }
  return out + code.slice(from);
}

/** The source text of `node`. */
export const textOf = (code: string, node: AstNode): string => code.slice(node.start, node.end);

/** The value of a literal written in the code: strings, numbers, booleans, null, `-n`, arrays and objects of them. */
export function literalValue(node: AstNode): { value: unknown } | undefined {
  if (node.type === 'Literal' && !('regex' in node && node.regex)) return { value: node.value };
  if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal')
    return typeof node.argument.value === 'number' ? { value: -node.argument.value } : undefined;
  if (node.type === 'ArrayExpression') {
    const items = (node.elements as (AstNode | null)[]).map((item) =>
      item ? literalValue(item) : undefined,
    );
    return items.every((item) => item !== undefined)
      ? { value: items.map((item) => item!.value) }
      : undefined;
  }
  if (node.type !== 'ObjectExpression') return undefined;
  const value: Record<string, unknown> = {};
  for (const property of node.properties as AstNode[]) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init') return undefined;
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    const field = literalValue(property.value);
    if (typeof key !== 'string' || field === undefined) return undefined;
    Object.defineProperty(value, key, {
      value: field.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { value };
}

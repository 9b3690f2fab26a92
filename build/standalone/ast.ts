import { createRequire } from 'node:module';
import { parseAst } from 'rolldown/parseAst';

/**
 * Build time: Ajv's standalone code as a syntax tree (rolldown's oxc parser, ESTree nodes with spans) and
 * positional edits of its text, so passes match node shapes, never the printer's spacing or names.
 */

/** An ESTree node: its kind, its span in the code, and its fields (typed by the shapes a pass matches). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields are read after a shape has matched
export type AstNode = { type: string; start: number; end: number } & Record<string, any>;

/** The Ajv version whose output the passes read, named by every failure. */
export const ajvVersion: string = (createRequire(import.meta.url)('ajv/package.json') as { version: string })
  .version;

export const parse = (code: string) => parseAst(code) as unknown as AstNode;

/** A shape: a value a field must equal, a predicate, an array of shapes item by item, or an object of them. */
export type Shape =
  string | number | boolean | null | ((value: unknown) => boolean) | Shape[] | { [field: string]: Shape };

/** `value` has `shape`: every field the shape names matches, arrays item by item and of the same length. */
export const matches = (value: unknown, shape: Shape): boolean => same(shape, value, {});

export const anything = (): boolean => true;
export const identifier = (name: string | RegExp): Shape => ({
  type: 'Identifier',
  name: typeof name === 'string' ? name : (value: unknown) => typeof value === 'string' && name.test(value),
});

/** Ajv's validator functions, `function validateN(...)`, and the names that read them. */
export const validateName = identifier(/^validate\d+$/);
export const validatorFunction: Shape = { type: 'FunctionDeclaration', id: validateName };

const templates = new Map<string, Shape>();

/**
 * The nodes `value` has where the code `source` (one statement, several, or an expression without its `;`) has a
 * `$name` identifier, when `value` is that code otherwise: spans, raw text and shorthand aside.
 */
export function capture(source: string, value: unknown): Record<string, AstNode> | undefined {
  if (!templates.has(source)) {
    // A `return` may stand only in a function body, an `export` only at the top.
    const inFunction = source.includes('return');
    const program = parse(inFunction ? `function template(){${source}}` : source);
    const body = (inFunction ? program.body[0].body.body : program.body) as AstNode[];
    const expression = body[0]!.type === 'ExpressionStatement' && !source.endsWith(';');
    templates.set(source, body.length > 1 ? body : expression ? body[0]!.expression : body[0]);
  }
  const found: Record<string, AstNode> = {};
  return same(templates.get(source)!, value, found) ? found : undefined;
}

/** Fields a template matches any value of. */
const ignored = new Set(['start', 'end', 'raw', 'shorthand']);

/** `value` has `shape` (a shape or a template's tree), binding the template's `$name` identifiers in `found`. */
function same(shape: Shape, value: unknown, found: Record<string, AstNode>): boolean {
  if (typeof shape === 'function') return shape(value);
  if (shape === null || typeof shape !== 'object') return shape === value;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(shape))
    return (
      Array.isArray(value) &&
      value.length === shape.length &&
      shape.every((item, i) => same(item, value[i], found))
    );
  const name = shape['type'] === 'Identifier' ? shape['name'] : undefined;
  if (typeof name === 'string' && name.startsWith('$')) {
    const bound = found[name];
    found[name] ??= value as AstNode;
    return bound === undefined || same(bound as Shape, value, found);
  }
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(
    ([field, item]) => ignored.has(field) || same(item, record[field], found),
  );
}

/** `value` is the code `source` (see `capture`). */
export const is = (source: string, value: unknown): boolean => capture(source, value) !== undefined;

const isNode = (value: unknown): value is AstNode =>
  value !== null && typeof value === 'object' && typeof (value as AstNode).type === 'string';

/** Every node under `root` in source order, parents before children, with its parent. */
export function nodes(root: AstNode): [AstNode, AstNode | null][] {
  const found: [AstNode, AstNode | null][] = [];
  // A stack, not recursion: Ajv nests blocks hundreds deep.
  const stack: [AstNode, AstNode | null][] = [[root, null]];
  // Plain loops, no arrays of entries: the passes walk trees of up to 100,000 nodes many times over.
  const children: AstNode[] = [];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    found.push(item);
    const node = item[0];
    children.length = 0;
    for (const field in node) {
      const value: unknown = node[field];
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) children.push(child);
      } else if (isNode(value)) children.push(value);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, node]);
  }
  return found;
}

/** The identifiers `root` reads as variables (not property names), with their parents. */
export const references = (root: AstNode) =>
  nodes(root).filter(
    ([node, parent]) =>
      node.type === 'Identifier' &&
      !(parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) &&
      !(parent?.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand),
  );

/**
 * `pass` over `code`: each of `candidates` (the nodes of the kind it rewrites) that `rewrite` gives a replacement
 * is replaced, and the build fails unless every one was (`what` names the shape expected).
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
    return edit === undefined ? [] : [typeof edit === 'string' ? replace(node, edit) : edit];
  });
  expectCount(pass, what, edits, found);
  return applyEdits(code, edits);
}

/** The statements at the top of `program` with `shape`. */
export const topLevel = (program: AstNode, shape: Shape) =>
  (program.body as AstNode[]).filter((node) => matches(node, shape));

/** Every node of `root` with `shape`. */
export const find = (root: AstNode, shape: Shape) =>
  nodes(root).flatMap(([node]) => (matches(node, shape) ? [node] : []));

export function fail(pass: string, detail: string): never {
  throw new Error(`standalone rewrite (${pass}), Ajv ${ajvVersion}: ${detail}`);
}

/** Fails the pass unless each of `total`, the nodes of the kind it reads, has the shape it knows (`matched`). */
export function expectCount(
  pass: string,
  shape: string,
  matched: readonly unknown[],
  total: readonly unknown[],
) {
  if (matched.length === total.length && total.length > 0) return;
  const counts = `matched ${matched.length} of ${total.length} ${shape}`;
  fail(pass, `${counts}: Ajv's code has a shape this pass does not know`);
}

/** One edit: the text between `start` and `end` becomes `text`. */
export type Edit = { start: number; end: number; text: string };

/** The edit that replaces `node` with `text`. */
export const replace = (node: AstNode, text = ''): Edit => ({ start: node.start, end: node.end, text });

/** `code` with the edits made; edits may not overlap. */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  let [out, from] = ['', 0];
  for (const { start, end, text } of [...edits].sort((a, b) => a.start - b.start)) {
    if (start < from) throw new Error(`standalone rewrite: overlapping edits at ${start}`);
    [out, from] = [out + code.slice(from, start) + text, end];
  }
  return out + code.slice(from);
}

/** The source text of `node`. */
export const textOf = (code: string, node: AstNode): string => code.slice(node.start, node.end);

/** The value of an expression written as JSON, as Ajv writes schema values, or undefined for any other. */
export function jsonValue(code: string, node: AstNode): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(textOf(code, node)) as unknown };
  } catch {
    return undefined;
  }
}

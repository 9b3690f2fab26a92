import { parseAst } from 'rolldown/parseAst';

/**
 * Ajv's standalone code names its run-time helpers `func0`, `func1`, ... in the order it first needs them. The
 * build's passes know `ucs2length` as `func2`, the name it gets when it is the only helper; a profile whose
 * closed objects list many properties also needs `hasOwnProperty`, which can take `func2` first. This swaps the
 * two names, identifier by identifier, so `func2` is `ucs2length` in every profile's code.
 */

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const ucs2Require = /^const (func\d+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;$/m;
const expectedName = 'func2';

function isNode(value: unknown): value is AstNode {
  return value !== null && typeof value === 'object' && typeof (value as AstNode).type === 'string';
}

export function ucs2lengthAsFunc2(code: string): string {
  const declared = code.split(';').map((statement) => ucs2Require.exec(`${statement.trim()};`)?.[1]);
  const ucs2Name = declared.find((name) => name !== undefined);
  if (ucs2Name === undefined || ucs2Name === expectedName) return code;
  const swapped: Record<string, string> = { [ucs2Name]: expectedName, [expectedName]: ucs2Name };
  const edits: { start: number; end: number; name: string }[] = [];
  const stack: unknown[] = [parseAst(code)];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    if (!isNode(node)) continue;
    const name = node['name'];
    if (node.type === 'Identifier' && typeof name === 'string' && Object.hasOwn(swapped, name)) {
      edits.push({ start: node.start, end: node.end, name: swapped[name]! });
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') stack.push(value);
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, edit.start)}${edit.name}${out.slice(edit.end)}`;
  }
  return out;
}

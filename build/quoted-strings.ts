import { applyEdits, fail, nodes, parse, replace, textOf } from './standalone/ast.js';

/**
 * `code` (a bundled chunk) with each template literal that has no substitution and no tag written as a quoted
 * string: the bundler's printer writes every string as a template literal, which V8 scans slower than a quoted one
 * (measured on Node 20: the main entry's chunk parsed about 0.3 ms sooner, of the 3 ms its parse takes).
 */
export function withQuotedStrings(code: string): string {
  const edits = [];
  for (const [node, parent] of nodes(parse(code))) {
    if (node.type !== 'TemplateLiteral' || node.expressions.length > 0) continue;
    if (parent?.type === 'TaggedTemplateExpression') continue;
    const text = textOf(code, node);
    const cooked = node.quasis[0]?.value?.cooked as unknown;
    if (!text.startsWith('`') || !text.endsWith('`') || typeof cooked !== 'string') {
      fail('quoting strings', `a template literal read as ${JSON.stringify(text.slice(0, 40))}`);
    }
    edits.push(replace(node, JSON.stringify(cooked)));
  }
  return applyEdits(code, edits);
}

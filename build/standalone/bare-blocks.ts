import * as ast from './ast.js';
import type { AstNode, Edit } from './ast.js';

/**
 * Build time: Ajv nests each property's checks in the block of the one before (`if (valid0) {...}`), and the
 * bookkeeping pass leaves those blocks bare once their flag is known to be true: printed, each property sat one
 * level deeper than the last, so a property added re-indented every one after it. A bare block that declares
 * nothing of its own scopes nothing; its statements take its place, which changes no binding and no step.
 */

/** Declarations a block scopes: `let`, `const`, classes and (in a module, which is strict) functions. */
const scoped = (statement: AstNode) =>
  (statement.type === 'VariableDeclaration' && statement.kind !== 'var') ||
  statement.type === 'ClassDeclaration' ||
  statement.type === 'FunctionDeclaration';

/** `code` with every bare block inside a function that declares nothing of its own unwrapped. */
export function unwrapBareBlocks(code: string): string {
  const edits: Edit[] = [];
  for (const [node, parent] of ast.nodes(ast.parse(code))) {
    if (node.type !== 'BlockStatement' || parent?.type !== 'BlockStatement') continue;
    if ((node.body as AstNode[]).some(scoped)) continue;
    edits.push(
      { start: node.start, end: node.start + 1, text: '' },
      { start: node.end - 1, end: node.end, text: '' },
    );
  }
  return ast.applyEdits(code, edits);
}

import * as ast from './ast.js';
import type { AstNode } from './ast.js';

/**
 * Build time: Ajv records an error in seven statements, `const err0 = ERROR;if (vErrors === null) {vErrors =
 * [err0];} else {vErrors.push(err0);}`, which become one, `vErrors = withError(vErrors, ERROR);`: the same list,
 * by the same steps (the run-time helper makes the first list as Ajv's code does). The collecting validators record an error at about a thousand sites, and V8 parses every one of
 * them when a rejection first loads its root's file (measured on Node 20: the request's file 209 KB -> 162 KB,
 * and the first rejection from 0.94x to 0.80x the release before). In the verdict's validators alike, where a
 * union's branches record errors.
 */

const pass = 'error pushes';
const push = 'if (vErrors === null) {vErrors = [$err];} else {vErrors.push($err);}';

/** The validators' code with each error Ajv records pushed in one statement. */
export function compactErrorPushes(code: string): string {
  // A module that keeps no list of errors (the verdict validators of schemas without a union) has none to compact.
  if (!/\bvErrors\s*===\s*null\b/.test(code)) return code;
  const before = new Map<AstNode, { statement: AstNode; block: AstNode }>();
  return ast.rewriteEach(
    pass,
    '`const errN = ...;` then `if (vErrors === null) {vErrors = [errN];} else {vErrors.push(errN);}`',
    code,
    (program) => {
      for (const [block] of ast.nodes(program)) {
        if (block.type !== 'BlockStatement') continue;
        (block.body as AstNode[]).forEach((statement, i) => {
          if (i > 0) before.set(statement, { statement: block.body[i - 1], block });
        });
      }
      return ast.find(program, { type: 'IfStatement', test: (test) => ast.is('vErrors === null', test) });
    },
    (statement) => {
      const { statement: declaration, block } = before.get(statement) ?? {};
      const { $err, $error } =
        ast.capture(`const $err = $error;${push}`, declaration && [declaration, statement]) ?? {};
      if ($err === undefined || !/^err\d+$/.test($err.name)) return undefined;
      // The declaration and the two reads of the push: no other statement of the block may read it.
      const reads = ast.references(block!).filter(([node]) => node.name === $err.name);
      if (reads.length !== 3) ast.fail(pass, `${$err.name} is read outside the push`);
      return {
        start: declaration!.start,
        end: statement.end,
        text: `vErrors = withError(vErrors, ${ast.textOf(code, $error!)});`,
      };
    },
  );
}

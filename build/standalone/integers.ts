import * as ast from './ast.js';

/**
 * Build time: Ajv's test of an integer, `typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)`, becomes
 * `Number.isInteger(d)`, which answers the same for every value. Once a validator has met one integer stored as a
 * double (`max_tokens` of 2^53), V8 compiles `d % 1` as a floating-point remainder, an out-of-line call on every
 * integer after it: measured, the small request's accept path went from 14 ns to 23 ns, where `Number.isInteger`
 * stays inline. In the verdict's and the collecting validators alike.
 */

const pass = 'integers';
/** As Ajv groups it: the type, then the two halves of "no fraction", then finite. */
const ajvIntegerTest = 'typeof $d == "number" && (!($d % 1) && !isNaN($d)) && isFinite($d)';

/** The validators' code with every integer test of Ajv's written as `Number.isInteger`. */
export function integerTests(code: string): string {
  const rewritten = ast.rewriteEach(
    pass,
    `\`${ajvIntegerTest}\` on a name`,
    code,
    (program) =>
      ast.nodes(program).flatMap(([node]) => {
        const found = node.type === 'LogicalExpression' ? ast.capture(ajvIntegerTest, node) : undefined;
        return found?.['$d']?.type === 'Identifier' ? [node] : [];
      }),
    (node) => `Number.isInteger(${ast.capture(ajvIntegerTest, node)!['$d']!.name as string})`,
  );
  const remainders = ast.find(ast.parse(rewritten), { type: 'BinaryExpression', operator: '%' });
  if (remainders.length > 0) ast.fail(pass, `${remainders.length} remainder(s) left outside an integer test`);
  return rewritten;
}

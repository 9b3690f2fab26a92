import * as ast from './ast.js';
import type { AstNode } from './ast.js';

/**
 * Build time: Ajv builds a context and an `instancePath` for every sub-validator call, valid or not; here the call
 * passes the value alone, and a caller that sees it fail prefixes the path to its errors then (`prefixed`).
 */

const { validateName } = ast;

/**
 * An `instancePath` Ajv builds, `instancePath` or `instancePath + SEG [+ SEG...]` (a `+` chain leaning left): the
 * code of the segments after it, or undefined for another expression.
 */
export function pathSegment(code: string, value: AstNode): string | undefined {
  let spine = value;
  while (ast.matches(spine, { operator: '+', left: { type: 'BinaryExpression' } })) spine = spine.left;
  if (ast.matches(spine, ast.identifier('instancePath'))) return spine === value ? '' : undefined;
  const start = ast.capture('instancePath + $segment', spine)?.['$segment']?.start;
  return start === undefined ? undefined : code.slice(start, value.end);
}

/** Ajv's call of a sub-validator that appends its errors when it fails. */
const failedCall = `if(!$validate($value, {instancePath: $path, parentData: $parent, parentDataProperty: $key, rootData})){
  vErrors = vErrors === null ? $validate.errors : vErrors.concat($validate.errors);errors = vErrors.length;}`;

/** `if(!validateN(ARG)){vErrors = prefixed(vErrors, validateN.errors, SEG);errors = vErrors.length;}`. */
export function lazySubcalls(code: string): string {
  const program = ast.parse(code);
  const calls = ast.find(program, {
    type: 'CallExpression',
    callee: validateName,
    arguments: [ast.anything, ast.anything],
  });
  const rewritten = ast.find(program, { type: 'IfStatement' }).flatMap((site) => {
    const { $validate: name, $value: value, $path: path } = ast.capture(failedCall, site) ?? {};
    const segment = path && pathSegment(code, path);
    if (!ast.matches(name, validateName) || segment === undefined) return [];
    const text = `if(!${name!.name}(${ast.textOf(code, value!)})){vErrors = prefixed(vErrors, ${name!.name}.errors${segment && `, ${segment}`});errors = vErrors.length;}`;
    return [ast.replace(site, text)];
  });
  ast.expectCount('sub-validator calls', 'calls `validateN(value, {instancePath, ...})`', rewritten, calls);
  return ast.applyEdits(code, rewritten);
}

/** `function validateN(data, {instancePath="", ...}={})` -> `function validateN(data)`: no context to read. */
export function valueOnlySignatures(code: string): string {
  const functions = ast.find(ast.parse(code), ast.validatorFunction);
  const context = { left: { type: 'ObjectPattern' }, right: (value: unknown) => ast.is('({})', value) };
  const edits = functions
    .filter((fn) => ast.matches(fn.params, [ast.identifier('data'), context]))
    .map((fn) => ({ start: fn.params[0].end, end: fn.params[1].end, text: '' }));
  ast.expectCount('signatures', 'functions `validateN(data, {instancePath="", ...}={})`', edits, functions);
  const out = ast.applyEdits(code, edits);
  for (const [node] of ast.references(ast.parse(out))) {
    if (/^(instancePath|parentData|parentDataProperty|rootData)$/.test(node.name))
      ast.fail('signatures', `${node.name} is still read: ${out.slice(node.start - 80, node.end + 80)}`);
  }
  return out;
}

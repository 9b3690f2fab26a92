import {
  anything,
  applyEdits,
  capture,
  expectCount,
  fail,
  find,
  identifier,
  like,
  matches,
  parse,
  references,
  replace,
  textOf,
  type AstNode,
} from './ast.js';

/**
 * Build time: Ajv hands every sub-validator a context object and an `instancePath` string built on every call,
 * valid or not. Here a sub-validator gets the value alone, and a caller that sees it fail prefixes the path
 * segment to its errors then (`prefixed`, src/runtime/validator-runtime.ts).
 */

const validateName = identifier(/^validate\d+$/);

/**
 * An `instancePath` Ajv builds, `instancePath` or `instancePath + SEG [+ SEG...]` (a `+` chain leaning left): the
 * code of the segments after it, or undefined for another expression.
 */
export function pathSegment(code: string, value: AstNode): string | undefined {
  let spine = value;
  while (matches(spine, { operator: '+', left: { type: 'BinaryExpression' } })) spine = spine.left;
  if (matches(spine, identifier('instancePath'))) return spine === value ? '' : undefined;
  const start = capture('instancePath + $segment', spine)?.['$segment']?.start;
  return start === undefined ? undefined : code.slice(start, value.end);
}

/** Ajv's call of a sub-validator that appends its errors when it fails. */
const failedCall = `if(!$validate($value, {instancePath: $path, parentData: $parent, parentDataProperty: $key, rootData})){
  vErrors = vErrors === null ? $validate.errors : vErrors.concat($validate.errors);errors = vErrors.length;}`;

/** `if(!validateN(ARG)){vErrors = prefixed(vErrors, validateN.errors, SEG);errors = vErrors.length;}`. */
export function lazySubcalls(code: string): string {
  const program = parse(code);
  const calls = find(program, {
    type: 'CallExpression',
    callee: validateName,
    arguments: [anything, anything],
  });
  const rewritten = find(program, { type: 'IfStatement' }).flatMap((site) => {
    const { $validate: name, $value: value, $path: path } = capture(failedCall, site) ?? {};
    const segment = path && pathSegment(code, path);
    if (!matches(name, validateName) || segment === undefined) return [];
    const text = `if(!${name!.name}(${textOf(code, value!)})){vErrors = prefixed(vErrors, ${name!.name}.errors${segment && `, ${segment}`});errors = vErrors.length;}`;
    return [replace(site, text)];
  });
  expectCount(
    'sub-validator calls',
    'calls `validateN(value, {instancePath, parentData, parentDataProperty, rootData})` whose failure appends its errors',
    rewritten,
    calls,
  );
  return applyEdits(code, rewritten);
}

/** `function validateN(data, {instancePath="", ...}={})` -> `function validateN(data)`: no context to read. */
export function valueOnlySignatures(code: string): string {
  const functions = find(parse(code), { type: 'FunctionDeclaration', id: validateName });
  const edits = functions
    .filter((fn) =>
      matches(fn.params, [identifier('data'), { left: { type: 'ObjectPattern' }, right: like('({})') }]),
    )
    .map((fn) => ({ start: fn.params[0].end, end: fn.params[1].end, text: '' }));
  expectCount('signatures', 'functions `validateN(data, {instancePath="", ...}={})`', edits, functions);
  const out = applyEdits(code, edits);
  for (const [node] of references(parse(out))) {
    if (/^(instancePath|parentData|parentDataProperty|rootData)$/.test(node.name))
      fail('signatures', `${node.name} is still read: ${out.slice(node.start - 80, node.end + 80)}`);
  }
  return out;
}

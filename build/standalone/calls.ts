import {
  anything,
  applyEdits,
  expectCount,
  fail,
  find,
  identifier,
  matches,
  member,
  nodes,
  parse,
  textOf,
  type AstNode,
  type Shape,
} from './ast.js';

/**
 * Build time: Ajv hands every sub-validator a context object and an `instancePath` string built on every call,
 * valid or not. Here a sub-validator gets the value alone, and a caller that sees it fail prefixes the path
 * segment to its errors then (`prefixed`, src/runtime/validator-runtime.ts).
 */

const validateName = /^validate\d+$/;
const property = (key: string, value: Shape): Shape => ({
  type: 'Property',
  computed: false,
  key: identifier(key),
  value,
});
/**
 * An `instancePath` Ajv builds, `instancePath` or `instancePath + SEG [+ SEG...]` (a `+` chain leaning left): the
 * code of the segments after it, or undefined for another expression.
 */
export function pathSegment(code: string, value: AstNode): string | undefined {
  let spine = value;
  while (
    matches(spine, { type: 'BinaryExpression', operator: '+' }) &&
    spine.left.type === 'BinaryExpression'
  )
    spine = spine.left;
  if (matches(spine, identifier('instancePath'))) return spine === value ? '' : undefined;
  if (!matches(spine, { type: 'BinaryExpression', operator: '+', left: identifier('instancePath') }))
    return undefined;
  return code.slice(spine.right.start, value.end);
}

const instancePath: Shape = (value) => pathSegment('', value as AstNode) !== undefined;

/** `{instancePath[:instancePath+SEG], parentData, parentDataProperty, rootData}`. */
const context: Shape = {
  type: 'ObjectExpression',
  properties: [
    property('instancePath', instancePath),
    property('parentData', anything),
    property('parentDataProperty', anything),
    property('rootData', identifier('rootData')),
  ],
};

const statement = (expression: Shape): Shape => ({ type: 'ExpressionStatement', expression });
const assign = (left: string, right: Shape): Shape =>
  statement({ type: 'AssignmentExpression', operator: '=', left: identifier(left), right });

/** `if(!(validateN(ARG, CONTEXT))){vErrors = vErrors === null ? validateN.errors : vErrors.concat(validateN.errors);errors = vErrors.length;}`. */
const failedCall = (name: string): Shape => ({
  type: 'IfStatement',
  test: {
    type: 'UnaryExpression',
    operator: '!',
    argument: { type: 'CallExpression', callee: identifier(name), arguments: [anything, context] },
  },
  consequent: {
    type: 'BlockStatement',
    body: [
      assign('vErrors', {
        type: 'ConditionalExpression',
        test: {
          type: 'BinaryExpression',
          operator: '===',
          left: identifier('vErrors'),
          right: { type: 'Literal', value: null },
        },
        consequent: member(identifier(name), 'errors'),
        alternate: {
          type: 'CallExpression',
          callee: member(identifier('vErrors'), 'concat'),
          arguments: [member(identifier(name), 'errors')],
        },
      }),
      assign('errors', member(identifier('vErrors'), 'length')),
    ],
  },
  alternate: null,
});

/** `if(!validateN(ARG)){vErrors = prefixed(vErrors, validateN.errors, SEG);errors = vErrors.length;}`. */
export function lazySubcalls(code: string): string {
  const program = parse(code);
  const calls = find(program, {
    type: 'CallExpression',
    callee: identifier(validateName),
    arguments: [anything, anything],
  });
  const sites = find(program, (node) => {
    const name = (node as AstNode).test?.argument?.callee?.name;
    return typeof name === 'string' && validateName.test(name) && matches(node, failedCall(name));
  });
  const rewritten = sites.map((site) => {
    const call = site.test.argument;
    const name: string = call.callee.name;
    const path = pathSegment(code, call.arguments[1].properties[0].value)!;
    const segment = path === '' ? '' : `, ${path}`;
    const arg = textOf(code, call.arguments[0]);
    const text = `if(!${name}(${arg})){vErrors = prefixed(vErrors, ${name}.errors${segment});errors = vErrors.length;}`;
    return { start: site.start, end: site.end, text };
  });
  expectCount(
    'sub-validator calls',
    'calls `validateN(value, {instancePath, parentData, parentDataProperty, rootData})` whose failure appends its errors',
    rewritten.length,
    calls.length,
  );
  return applyEdits(code, rewritten);
}

/** `function validateN(data, {instancePath="", ...}={})` -> `function validateN(data)`: no context to read. */
export function valueOnlySignatures(code: string): string {
  const program = parse(code);
  const functions = find(program, { type: 'FunctionDeclaration', id: identifier(validateName) });
  const signature: Shape = [
    identifier('data'),
    {
      type: 'AssignmentPattern',
      left: { type: 'ObjectPattern' },
      right: { type: 'ObjectExpression', properties: [] },
    },
  ];
  const edits = functions
    .filter((fn) => matches(fn.params, signature))
    .map((fn) => ({ start: fn.params[0].end, end: fn.params[1].end, text: '' }));
  expectCount(
    'signatures',
    'functions `validateN(data, {instancePath="", ...}={})`',
    edits.length,
    functions.length,
  );
  const out = applyEdits(code, edits);
  const context = new Set(['instancePath', 'parentData', 'parentDataProperty', 'rootData']);
  for (const [node, parent] of nodes(parse(out))) {
    if (node.type !== 'Identifier' || !context.has(node.name)) continue;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) continue;
    fail('signatures', `${node.name} is still read: ${out.slice(node.start - 80, node.end + 80)}`);
  }
  return out;
}

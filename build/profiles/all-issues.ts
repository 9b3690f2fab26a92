import { parseAst } from 'rolldown/parseAst';

/**
 * The reject path's validators (docs/contract.md#every-issue): Ajv's standalone code compiled with `allErrors`,
 * edited so that collecting stops at the cap while validating. Work beyond a schema's own size comes only from
 * loops over a value's items or keys, so each loop that can record an error leaves as soon as the function has
 * recorded `cap` of them: a body with 100,000 bad items costs 20 of them, not 100,000.
 *
 * Leaving a loop only ever skips checks, so it can drop issues past the cap but never add a false one: a union
 * branch cut short reads as valid when it recorded nothing itself, and as failed only on its own real errors.
 */

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return value !== null && typeof value === 'object' && typeof (value as AstNode).type === 'string';
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

/** `errors++` or `errors = vErrors.length`: where Ajv's code records one error or a sub-validator's errors. */
function recordsErrors(node: AstNode): boolean {
  const target =
    node.type === 'UpdateExpression'
      ? node['argument']
      : node.type === 'AssignmentExpression'
        ? node['left']
        : undefined;
  return isNode(target) && target.type === 'Identifier' && target['name'] === 'errors';
}

function containsRecord(node: AstNode): boolean {
  return recordsErrors(node) || children(node).some(containsRecord);
}

const loopTypes = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement']);

/**
 * Ajv's allErrors code with `if(errors>=cap){break;}` first in the body of every loop that records errors.
 * Fails the build when no loop records errors (Ajv's code then has a shape this pass does not know) or when a
 * loop body is not a block.
 */
export function capCollectedErrors(code: string, cap: number): string {
  const program = parseAst(code) as unknown as AstNode;
  const insertAt: number[] = [];
  const stack: AstNode[] = [program];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (loopTypes.has(node.type)) {
      const body = node['body'];
      if (!isNode(body) || body.type !== 'BlockStatement')
        throw new Error(`all-issues cap: a loop at ${node.start} has no block body`);
      if (containsRecord(body)) insertAt.push(body.start + 1);
    }
    stack.push(...children(node));
  }
  if (insertAt.length === 0) throw new Error('all-issues cap: no loop records errors in the standalone code');
  let out = code;
  for (const at of insertAt.sort((a, b) => b - a)) {
    out = `${out.slice(0, at)}if(errors>=${cap}){break;}${out.slice(at)}`;
  }
  return out;
}

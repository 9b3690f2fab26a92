import { issueSentence } from '../../src/core/issue-sentences.js';
import { pathSegment } from './calls.js';
import {
  applyEdits,
  expectCount,
  fail,
  find,
  identifier,
  literalValue,
  matches,
  member,
  nodes,
  parse,
  textOf,
  type AstNode,
  type Edit,
  type Shape,
} from './ast.js';

/**
 * Build time: each error object Ajv writes (`{instancePath, schemaPath, keyword, params}`) becomes an index into a
 * table worded now (the issue's sentence is the error's `message`), and the schema objects only error params read
 * are dropped. Paths are relative to the function's own value.
 */

export interface SiteWording {
  /** A `pattern`'s description, the phrase that completes "must be ...". */
  patternRule: (pattern: string) => string | undefined;
  /** The properties a closed object accepts, by the schema path of its `additionalProperties` error. */
  closedRule?: (schemaPath: string) => readonly string[] | undefined;
}

export interface ErrorSiteEntry {
  keyword: string;
  params: Record<string, unknown> | null;
  message: string;
}

const schemaConstant = {
  type: 'VariableDeclaration',
  kind: 'const',
  declarations: [
    { type: 'VariableDeclarator', id: identifier(/^schema\d+$/), init: { type: 'ObjectExpression' } },
  ],
};

/** `const schemaN = {...};` at the top: the schema objects Ajv keeps for error params, taken out of the code. */
export function takeSchemaConstants(code: string): { code: string; schemas: Map<string, unknown> } {
  const program = parse(code);
  const schemas = new Map<string, unknown>();
  const edits: Edit[] = [];
  for (const statement of program.body as AstNode[]) {
    if (!matches(statement, schemaConstant)) continue;
    const { id, init } = statement.declarations[0];
    const value = literalValue(init) ?? fail('schema constants', `${id.name} is not a literal`);
    schemas.set(id.name, value.value);
    edits.push({ start: statement.start, end: statement.end, text: '' });
  }
  const declared = find(program, { type: 'VariableDeclarator', id: identifier(/^schema\d+$/) }).length;
  expectCount('schema constants', 'top-level `const schemaN = {...};`', edits.length, declared);
  return { code: applyEdits(code, edits), schemas };
}

/** The names `code` reads as variables (not as property names). */
export function namesRead(code: string): Set<string> {
  const read = new Set<string>();
  for (const [node, parent] of nodes(parse(code))) {
    if (node.type !== 'Identifier') continue;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) continue;
    if (parent?.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand) continue;
    read.add(node.name);
  }
  return read;
}

/** The declarations of the constants the rewritten code still reads. */
export function schemaConstantsReadBy(code: string, schemas: Map<string, unknown>): string {
  const read = namesRead(code);
  const kept = [...schemas].filter(([name]) => read.has(name));
  return kept.map(([name, schema]) => `const ${name} = ${JSON.stringify(schema)};`).join('');
}

/** A schema value read through a constant, `schemaN.a.b[0]`, as known at build time. */
function schemaValue(node: AstNode, schemas: Map<string, unknown>): { value: unknown } | undefined {
  if (node.type === 'Identifier')
    return schemas.has(node.name) ? { value: schemas.get(node.name) } : undefined;
  if (node.type !== 'MemberExpression') return undefined;
  const object = schemaValue(node.object, schemas);
  const key = node.computed ? node.property.value : node.property.name;
  if (object === undefined || object.value === null || typeof object.value !== 'object') return undefined;
  const value = (object.value as Record<string, unknown>)[key];
  return value === undefined ? fail('error params', `${node.property.name} does not resolve`) : { value };
}

/** One of Ajv's error params: a value known at build time, or the code that computes it at run time. */
type Param = { key: string; known: unknown } | { key: string; computed: string };

function readParams(
  code: string,
  params: AstNode,
  schemas: Map<string, unknown>,
  helpers: ReadonlySet<string>,
): Param[] {
  const simple: Shape = (value) =>
    matches(value, { type: 'Identifier' }) || literalValue(value as AstNode) !== undefined;
  return (params.properties as AstNode[]).map((property): Param => {
    if (!matches(property, { type: 'Property', computed: false, key: { type: 'Identifier' } }))
      fail('error params', `param ${textOf(code, property)}`);
    const key: string = property.key.name;
    const known = literalValue(property.value) ?? schemaValue(property.value, schemas);
    if (known !== undefined) return { key, known: known.value };
    const value = property.value;
    // A variable of Ajv's (a property name, an index), or a run-time helper called on such values.
    const computed =
      matches(value, { type: 'Identifier' }) ||
      (matches(value, { type: 'CallExpression', callee: identifier(/./) }) &&
        helpers.has(value.callee.name) &&
        (value.arguments as unknown[]).every(simple));
    if (!computed)
      fail(
        'error params',
        `param ${textOf(code, property)} is neither a literal, a schema value nor a variable`,
      );
    return { key, computed: textOf(code, value) };
  });
}

const errorObject: Shape = {
  type: 'ObjectExpression',
  properties: [
    {
      type: 'Property',
      key: identifier('instancePath'),
      value: (value) => pathSegment('', value as AstNode) !== undefined,
    },
    {
      type: 'Property',
      key: identifier('schemaPath'),
      value: { type: 'Literal', value: (v: unknown) => typeof v === 'string' },
    },
    {
      type: 'Property',
      key: identifier('keyword'),
      value: { type: 'Literal', value: (v: unknown) => typeof v === 'string' },
    },
    { type: 'Property', key: identifier('params'), value: { type: 'ObjectExpression' } },
  ],
};

/**
 * Each error object becomes `siteError(PATH, i)` (or `siteErrorWith(PATH, i, {params})` with the params computed at
 * run time), `i` indexing a table of keyword, params and the issue's sentence.
 */
export function wordErrorSites(
  code: string,
  schemas: Map<string, unknown>,
  helpers: ReadonlySet<string>,
  wording: SiteWording,
): { code: string; sites: ErrorSiteEntry[] } {
  const program = parse(code);
  const sites: ErrorSiteEntry[] = [];
  const indexOf = new Map<string, number>();
  const all = find(program, {
    type: 'ObjectExpression',
    properties: (list: unknown) =>
      matches((list as unknown[])[0], { type: 'Property', key: identifier('instancePath') }),
  });
  const edits = all
    .filter((node) => matches(node, errorObject))
    .map((node): Edit => {
      const [path, schemaPathField, keywordField, paramsField] = node.properties as AstNode[];
      const instancePath = pathSegment(code, path!.value) || '""';
      const schemaPath: string = schemaPathField!.value.value;
      const keyword: string = keywordField!.value.value;
      const params = readParams(code, paramsField!.value, schemas, helpers);
      const atRunTime = params.some((param) => 'computed' in param);
      // The sentence may not depend on a value only known at run time: word it with two different stand-ins.
      const wordWith = (standIn: string) => {
        const values = Object.fromEntries(
          params.map((param) => [param.key, 'known' in param ? param.known : standIn]),
        );
        return (
          issueSentence({ keyword, params: values, schemaPath }, wording.patternRule, wording.closedRule) ??
          'is invalid'
        );
      };
      const message = wordWith('a');
      if (wordWith('b') !== message)
        fail('error sites', `the sentence of ${keyword} depends on a run-time param`);
      const known = atRunTime
        ? null
        : Object.fromEntries(params.map((param) => [param.key, (param as { known: unknown }).known]));
      const entry: ErrorSiteEntry = { keyword, params: known, message };
      const key = JSON.stringify(entry);
      let index = indexOf.get(key);
      if (index === undefined) {
        index = sites.push(entry) - 1;
        indexOf.set(key, index);
      }
      if (!atRunTime)
        return { start: node.start, end: node.end, text: `siteError(${instancePath},${index})` };
      // Ajv's params object, in its order, with the values known now written out.
      const literal = params.map((param) =>
        'computed' in param
          ? `${param.key}: ${param.computed}`
          : `${param.key}: ${JSON.stringify(param.known)}`,
      );
      return {
        start: node.start,
        end: node.end,
        text: `siteErrorWith(${instancePath},${index},{${literal.join(', ')}})`,
      };
    });
  expectCount(
    'error sites',
    'error objects `{instancePath, schemaPath: "...", keyword: "...", params: {...}}`',
    edits.length,
    all.length,
  );
  return { code: applyEdits(code, edits), sites };
}

/** `validateN.errors = [siteError(...)];return false;` -> `return failAt(validateN,...);`. */
export function compactFailures(code: string): string {
  const program = parse(code);
  const setsErrors: Shape = {
    type: 'ExpressionStatement',
    expression: {
      type: 'AssignmentExpression',
      operator: '=',
      left: member(identifier(/^validate\d+$/), 'errors'),
      right: {
        type: 'ArrayExpression',
        elements: [{ type: 'CallExpression', callee: identifier(/^siteError(With)?$/) }],
      },
    },
  };
  const returnsFalse: Shape = { type: 'ReturnStatement', argument: { type: 'Literal', value: false } };
  const edits: Edit[] = [];
  for (const [node] of nodes(program)) {
    if (node.type !== 'BlockStatement') continue;
    const body = node.body as AstNode[];
    body.forEach((statement, i) => {
      if (!matches(statement, setsErrors) || !matches(body[i + 1], returnsFalse)) return;
      const { left, right } = statement.expression;
      const call = right.elements[0];
      const helper = call.callee.name === 'siteError' ? 'failAt' : 'failAtWith';
      const args = textOf(code, { ...call, start: call.arguments[0].start, end: call.end - 1 } as AstNode);
      edits.push({
        start: statement.start,
        end: body[i + 1]!.end,
        text: `return ${helper}(${left.object.name},${args});`,
      });
    });
  }
  const total = find(program, (node) => matches(node, setsErrors)).length;
  expectCount(
    'failures',
    '`validateN.errors = [siteError(...)];` followed by `return false;`',
    edits.length,
    total,
  );
  return applyEdits(code, edits);
}

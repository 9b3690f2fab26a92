import { issueSentence } from '../../src/core/issue-sentences.js';
import * as ast from './ast.js';
import type { AstNode, Shape } from './ast.js';
import { pathSegment } from './calls.js';

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

/** `const schemaN = {...};` at the top: the schema objects Ajv keeps for error params, taken out of the code. */
export function takeSchemaConstants(code: string): { code: string; schemas: Map<string, unknown> } {
  const schemas = new Map<string, unknown>();
  const declarator = { type: 'VariableDeclarator', id: ast.identifier(/^schema\d+$/) };
  const out = ast.rewriteEach(
    'schema constants',
    'top-level `const schemaN = {...};`',
    code,
    (program) => ast.find(program, (node) => ast.matches(node, { declarations: [declarator] })),
    (statement) => {
      const { id, init } = statement.declarations[0];
      if (!ast.matches(statement, { kind: 'const', declarations: [{ init: { type: 'ObjectExpression' } }] }))
        return undefined;
      schemas.set(
        id.name,
        (ast.literalValue(init) ?? ast.fail('schema constants', `${id.name} is no literal`)).value,
      );
      return '';
    },
  );
  return { code: out, schemas };
}

/** The names `code` reads as variables. */
export const namesRead = (code: string) =>
  new Set([...ast.references(ast.parse(code))].map(([node]) => node.name));

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
  const object = node.type === 'MemberExpression' ? schemaValue(node.object, schemas) : undefined;
  if (object === undefined || object.value === null || typeof object.value !== 'object') return undefined;
  const value = (object.value as Record<string, unknown>)[
    node.computed ? node.property.value : node.property.name
  ];
  return value === undefined ? ast.fail('error params', `${node.property.name} does not resolve`) : { value };
}

/** One of Ajv's error params: a value known at build time, or the code that computes it at run time. */
type Param = { key: string; known: unknown } | { key: string; computed: string };

function readParams(
  code: string,
  params: AstNode,
  schemas: Map<string, unknown>,
  helpers: ReadonlySet<string>,
) {
  const simple: Shape = (value) =>
    ast.matches(value, { type: 'Identifier' }) || ast.literalValue(value as AstNode) !== undefined;
  // A variable of Ajv's (a property name, an index), or a run-time helper called on such values.
  const computed: Shape = (value) =>
    ast.matches(value, { type: 'Identifier' }) ||
    ast.matches(value, {
      type: 'CallExpression',
      callee: { name: (name: unknown) => helpers.has(name as string) },
      arguments: (args: unknown) => (args as unknown[]).every(simple),
    });
  return (params.properties as AstNode[]).map((property): Param => {
    const source = ast.textOf(code, property);
    if (!ast.matches(property, { type: 'Property', computed: false, key: { type: 'Identifier' } }))
      ast.fail('error params', `param ${source}`);
    const known = ast.literalValue(property.value) ?? schemaValue(property.value, schemas);
    if (known !== undefined) return { key: property.key.name, known: known.value };
    if (!ast.matches(property.value, computed))
      ast.fail('error params', `param ${source} is neither a literal, a schema value nor a variable`);
    return { key: property.key.name, computed: ast.textOf(code, property.value) };
  });
}

const errorObject: Shape = {
  properties: [
    ast.property('instancePath', (value) => pathSegment('', value as AstNode) !== undefined),
    ast.property('schemaPath', { type: 'Literal', value: ast.text }),
    ast.property('keyword', { type: 'Literal', value: ast.text }),
    ast.property('params', { type: 'ObjectExpression' }),
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
) {
  const sites: ErrorSiteEntry[] = [];
  const indexOf = new Map<string, number>();
  const startsWithPath = {
    type: 'ObjectExpression',
    properties: (list: unknown) =>
      ast.matches((list as unknown[])[0], { key: ast.identifier('instancePath') }),
  };
  const out = ast.rewriteEach(
    'error sites',
    'error objects `{instancePath, schemaPath: "...", keyword: "...", params: {...}}`',
    code,
    (program) => ast.find(program, startsWithPath),
    (node) => {
      if (!ast.matches(node, errorObject)) return undefined;
      const [path, schemaPath, keyword, paramsField] = (node.properties as AstNode[]).map(
        (field) => field.value,
      );
      const params = readParams(code, paramsField!, schemas, helpers);
      const atRunTime = params.some((param) => 'computed' in param);
      // The sentence may not depend on a value only known at run time: word it with two different stand-ins.
      const wordWith = (standIn: string) => {
        const values = Object.fromEntries(
          params.map((param) => [param.key, 'known' in param ? param.known : standIn]),
        );
        const error = { keyword: keyword!.value, params: values, schemaPath: schemaPath!.value };
        return issueSentence(error, wording.patternRule, wording.closedRule) ?? 'is invalid';
      };
      const message = wordWith('a');
      if (wordWith('b') !== message)
        ast.fail('error sites', `the sentence of ${keyword!.value} depends on a run-time param`);
      const known = Object.fromEntries(
        params.map((param) => [param.key, 'known' in param ? param.known : null]),
      );
      const entry: ErrorSiteEntry = { keyword: keyword!.value, params: atRunTime ? null : known, message };
      if (!indexOf.has(JSON.stringify(entry))) indexOf.set(JSON.stringify(entry), sites.push(entry) - 1);
      const site = `${pathSegment(code, path!) || '""'},${indexOf.get(JSON.stringify(entry))}`;
      if (!atRunTime) return `siteError(${site})`;
      // Ajv's params object, in its order, with the values known now written out.
      const literal = params.map(
        (param) => `${param.key}: ${'computed' in param ? param.computed : JSON.stringify(param.known)}`,
      );
      return `siteErrorWith(${site},{${literal.join(', ')}})`;
    },
  );
  return { code: out, sites };
}

/** `validateN.errors = [siteError(...)];return false;` -> `return failAt(validateN,...);`. */
export function compactFailures(code: string): string {
  const errors = ast.member(ast.identifier(/^validate\d+$/), 'errors');
  const call = { type: 'CallExpression', callee: ast.identifier(/^siteError(With)?$/) };
  const setsErrors: Shape = {
    type: 'ExpressionStatement',
    expression: {
      type: 'AssignmentExpression',
      operator: '=',
      left: errors,
      right: { type: 'ArrayExpression', elements: [call] },
    },
  };
  const returnsFalse: Shape = { type: 'ReturnStatement', argument: { type: 'Literal', value: false } };
  const next = new Map<AstNode, AstNode | undefined>();
  return ast.rewriteEach(
    'failures',
    '`validateN.errors = [siteError(...)];` followed by `return false;`',
    code,
    (program) => {
      for (const [block] of ast
        .find(program, { type: 'BlockStatement' })
        .map((node) => [node.body as AstNode[]] as const))
        block.forEach((statement, i) => next.set(statement, block[i + 1]));
      return ast.find(program, setsErrors);
    },
    (statement) => {
      const after = next.get(statement);
      if (!ast.matches(after, returnsFalse)) return undefined;
      const { left, right } = statement.expression;
      const { callee, arguments: args, end } = right.elements[0];
      const helper = callee.name === 'siteError' ? 'failAt' : 'failAtWith';
      return {
        start: statement.start,
        end: after!.end,
        text: `return ${helper}(${left.object.name},${code.slice(args[0].start, end - 1)});`,
      };
    },
  );
}

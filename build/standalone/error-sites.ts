import { createHash } from 'node:crypto';
import { issueSentence } from '../../src/core/issue-sentences.js';
import * as ast from './ast.js';
import type { AstNode } from './ast.js';
import { pathSegment } from './calls.js';

/**
 * Build time: each error object Ajv writes becomes a key into a table worded now (the issue's sentence is its
 * `message`), and the schema objects only error params read are dropped.
 */

export interface SiteWording {
  /** A `pattern`'s description, the phrase that completes "must be ...". */
  patternRule: (pattern: string) => string | undefined;
  /**
   * The properties a closed object accepts, by the schema path of its `additionalProperties` error and the name
   * of Ajv's function it is in: a schema path is relative to the schema that function compiles, so two schemas
   * may share one, and another schema added must not change which list a site names.
   */
  closedRule?: (schemaPath: string, validator: string) => readonly string[] | undefined;
}

export interface ErrorSiteEntry {
  keyword: string;
  params: Record<string, unknown> | null;
  message: string;
}

/** `const schemaN = {...};` at the top: the schema objects Ajv keeps for error params, taken out of the code. */
export function takeSchemaConstants(code: string): { code: string; schemas: Map<string, unknown> } {
  const schemas = new Map<string, unknown>();
  const out = ast.rewriteEach(
    'schema constants',
    'top-level `const schemaN = {...};` of JSON',
    code,
    (program) => ast.find(program, { declarations: [{ id: ast.identifier(/^schema\d+$/) }] }),
    (statement) => {
      const { $name, $schema } = ast.capture('const $name = $schema;', statement) ?? {};
      const schema = $schema && ast.jsonValue(code, $schema);
      if (schema === undefined) return undefined;
      schemas.set($name!.name, schema.value);
      return '';
    },
  );
  return { code: out, schemas };
}

/** The names `code` reads as variables. */
export const namesRead = (code: string) =>
  new Set(ast.references(ast.parse(code)).map(([node]) => node.name));

/** The declarations of the constants the rewritten code still reads. */
export function schemaConstantsReadBy(code: string, schemas: Schemas): string {
  const read = namesRead(code);
  const kept = [...schemas].filter(([name]) => read.has(name));
  return kept.map(([name, schema]) => `const ${name} = ${JSON.stringify(schema)};`).join('');
}

/** A schema value read through a constant, `schemaN.a.b[0]`, as known at build time. */
function schemaValue(node: AstNode, schemas: Schemas): { value: unknown } | undefined {
  if (node.type === 'Identifier')
    return schemas.has(node.name) ? { value: schemas.get(node.name) } : undefined;
  const object = node.type === 'MemberExpression' ? schemaValue(node.object, schemas) : undefined;
  if (object === undefined || object.value === null || typeof object.value !== 'object') return undefined;
  const key = node.computed ? node.property.value : node.property.name;
  const value = (object.value as Record<string, unknown>)[key];
  return value === undefined ? ast.fail('error params', `${node.property.name} does not resolve`) : { value };
}

/** One of Ajv's error params: its value known at build time, or the code that computes it at run time. */
type Param = { key: string; known?: { value: unknown }; computed?: string };
type Schemas = Map<string, unknown>;

function readParams(code: string, params: AstNode, schemas: Schemas, helpers: ReadonlySet<string>) {
  const simple = (value: AstNode) => value.type === 'Identifier' || ast.jsonValue(code, value) !== undefined;
  return (params.properties as AstNode[]).map((property): Param => {
    const { key, value } = property;
    if (!ast.matches(property, { type: 'Property', computed: false, key: { type: 'Identifier' } }))
      ast.fail('error params', `param ${ast.textOf(code, property)}`);
    const known = ast.jsonValue(code, value) ?? schemaValue(value, schemas);
    if (known !== undefined) return { key: key.name, known };
    // A variable of Ajv's (a property name, an index), or a run-time helper called on such values.
    const call = { type: 'CallExpression', callee: { name: (name: unknown) => helpers.has(name as string) } };
    if (value.type !== 'Identifier' && !(ast.matches(value, call) && value.arguments.every(simple)))
      ast.fail('error params', `${ast.textOf(code, property)} is not a literal, schema value or variable`);
    return { key: key.name, computed: ast.textOf(code, value) };
  });
}

const errorObject = '({instancePath: $path, schemaPath: $schemaPath, keyword: $keyword, params: $params})';

/**
 * The key of a site in the table: its keyword and a digest of what it says, so a site added elsewhere renames no
 * other (an index would shift every site after it, and with it a line at each place that names one).
 */
export function siteKey(entry: ErrorSiteEntry): string {
  const digest = createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 8);
  // Ajv's keyword of a `false` schema is "false schema".
  return `${entry.keyword.replace(/[^A-Za-z$]/g, '_')}:${digest}`;
}

/** The shape of a key `siteKey` gives, which the printer breaks the table before. */
export const siteKeyPattern = /^[A-Za-z$_]+:[0-9a-f]{8}$/;

/**
 * Each error object becomes `siteError(PATH, KEY)` (or `siteErrorWith(PATH, KEY, {params})` with the params
 * computed at run time), `KEY` naming an entry of a table of keyword, params and the issue's sentence, ordered by
 * keyword and sentence.
 */
export function wordErrorSites(
  code: string,
  schemas: Schemas,
  helpers: ReadonlySet<string>,
  wording: SiteWording,
) {
  const { patternRule, closedRule } = wording;
  const sites = new Map<string, ErrorSiteEntry>();
  const pathFirst = (list: unknown) =>
    ast.matches((list as AstNode[])[0], { key: ast.identifier('instancePath') });
  let functions: AstNode[] = [];
  const validatorAt = (node: AstNode): string => {
    const around = functions.find((fn) => fn.start <= node.start && node.end <= fn.end);
    return around === undefined
      ? ast.fail('error sites', 'an error object outside `function validateN`')
      : around.id.name;
  };
  const out = ast.rewriteEach(
    'error sites',
    'error objects `{instancePath, schemaPath: "...", keyword: "...", params: {...}}`',
    code,
    (program) => {
      functions = ast.find(program, ast.validatorFunction);
      return ast.find(program, { type: 'ObjectExpression', properties: pathFirst });
    },
    (node) => {
      const { $path, $schemaPath, $keyword, $params } = ast.capture(errorObject, node) ?? {};
      const [schemaPath, keyword] = [$schemaPath?.value, $keyword?.value];
      const segment = $path && pathSegment(code, $path);
      const shaped = typeof keyword === 'string' && typeof schemaPath === 'string' && segment !== undefined;
      if (!shaped || $params?.type !== 'ObjectExpression') return undefined;
      const params = readParams(code, $params, schemas, helpers);
      const validator = validatorAt(node);
      const closedHere = closedRule && ((path: string) => closedRule(path, validator));
      // The sentence may not depend on a value only known at run time: word it with two different stand-ins.
      const wordWith = (standIn: string | null) => {
        const values = Object.fromEntries(params.map((p) => [p.key, p.known ? p.known.value : standIn]));
        const sentence = issueSentence({ keyword, params: values, schemaPath }, patternRule, closedHere);
        return { values, message: sentence ?? 'is invalid' };
      };
      const { message } = wordWith('a');
      if (wordWith('b').message !== message)
        ast.fail('error sites', `the sentence of ${keyword} depends on a run-time param`);
      const atRunTime = params.some((param) => param.computed !== undefined);
      const entry: ErrorSiteEntry = { keyword, params: atRunTime ? null : wordWith(null).values, message };
      const key = siteKey(entry);
      const known = sites.get(key);
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(entry))
        ast.fail('error sites', `two sites have the key ${key}`);
      sites.set(key, entry);
      const site = `${segment || '""'},${JSON.stringify(key)}`;
      if (!atRunTime) return `siteError(${site})`;
      // Ajv's params object, in its order, with the values known now written out.
      const literal = params.map((p) => `${p.key}: ${p.computed ?? JSON.stringify(p.known!.value)}`);
      return `siteErrorWith(${site},{${literal.join(', ')}})`;
    },
  );
  // By code units, not the locale's collation, so every Node version writes the same order.
  const sortKey = ([key, { keyword, message }]: [string, ErrorSiteEntry]) => `${keyword}\n${message}\n${key}`;
  const ordered = [...sites].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
  return { code: out, sites: Object.fromEntries(ordered) };
}

/** `validateN.errors = [siteError(...)];return false;` -> `return failAt(validateN,...);`. */
export function compactFailures(code: string): string {
  const next = new Map<AstNode, AstNode>();
  return ast.rewriteEach(
    'failures',
    '`validateN.errors = [siteError(...)];` followed by `return false;`',
    code,
    (program) => {
      for (const { body } of ast.find(program, { type: 'BlockStatement' }))
        (body as AstNode[]).forEach((statement, i) => next.set(statement, body[i + 1]));
      const site = (node: unknown) =>
        ast.capture('$validate.errors = [$site];', node)?.['$site']?.callee?.name;
      return ast.find(program, (node) => /^siteError(With)?$/.test(site(node)));
    },
    (statement) => {
      const failure = '$validate.errors = [$site];return false;';
      const { $validate, $site } = ast.capture(failure, [statement, next.get(statement)]) ?? {};
      if (!/^validate\d+$/.test($validate?.name)) return undefined;
      const helper = $site!.callee.name === 'siteError' ? 'failAt' : 'failAtWith';
      const site = code.slice($site!.arguments[0].start, $site!.end - 1);
      const text = `return ${helper}(${$validate!.name},${site});`;
      return { start: statement.start, end: next.get(statement)!.end, text };
    },
  );
}

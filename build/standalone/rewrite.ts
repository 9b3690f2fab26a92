import { issueSentence } from '../../src/core/issue-sentences.js';
import type * as runtime from '../../src/runtime/validator-runtime.js';
import { dropSettledBookkeeping } from './bookkeeping.js';
import { patternFunction } from './patterns.js';
import { requiredWithoutStores } from './required.js';
import { compactCode, replaceBracketed, splitTopLevel } from './scan.js';

/**
 * Build time: rewrites Ajv's standalone code (allErrors off, messages off) so that a valid value costs only its
 * checks. Ajv hands every sub-validator a context object and an `instancePath` string built on every call,
 * valid or not; here a sub-validator gets the value alone, and a caller that sees it fail prefixes the path
 * segment to its errors then. Each error site becomes an index into a table worded at build time (the issue's
 * sentence is the error's `message`), the schema objects only error params read are dropped, simple patterns
 * become char-code loops, code-point lengths are counted only when the UTF-16 length leaves a doubt, and
 * functions Ajv emitted twice are merged.
 *
 * Every step names the code shape it expects and fails the build when Ajv's output has another shape, so a new
 * Ajv version can never silently change what the validators accept or report.
 */

export interface RewriteOptions {
  /** A `pattern`'s description, the phrase that completes "must be ..." in its issue. */
  patternRule: (pattern: string) => string | undefined;
  /** The properties a closed object accepts, by the schema path of its `additionalProperties` error. */
  closedRule?: (schemaPath: string) => readonly string[] | undefined;
}

/** Where the generated module (src/generated/validators.js) imports its helpers from: src/runtime/. */
export const runtimeSpecifier = '../runtime/validator-runtime.js';

/** The helpers of src/runtime/validator-runtime.ts the rewritten code imports and calls as they are. */
const importedHelpers = [
  'errorSiteHelpers',
  'firstMissing',
  'prefixed',
] as const satisfies readonly (keyof typeof runtime)[];

/**
 * `codeUnitAt` is imported under this name and bound to a module `const codeUnitAt`: V8 then knows the target of
 * `codeUnitAt.call(s, i)` and inlines charCodeAt, which it does not through an import or a `var` binding
 * (measured: the providers response, one country code per provider, validated 2.5 times slower).
 */
const codeUnitAtImport = 'runtimeCodeUnitAt';

/** The error-site helpers it binds over its table with `errorSiteHelpers`. */
const siteHelpers = [
  'failAt',
  'failAtWith',
  'siteError',
  'siteErrorWith',
] as const satisfies readonly (keyof runtime.ErrorSiteHelpers)[];

/** Names the rewritten code adds; Ajv's own code must not use them. */
const helperNames = [...importedHelpers, ...siteHelpers, 'codeUnitAt', codeUnitAtImport, 'errorSiteText'];

/** One name the generated code imports from the run-time module, or such a name and the local name it gets. */
export type RuntimeImport = keyof typeof runtime | readonly [keyof typeof runtime, string];

/** The import of `names` from the run-time module, a single line a bundler can find and rewrite. */
export function runtimeImport(names: readonly RuntimeImport[], specifier: string = runtimeSpecifier): string {
  const specifiers = names.map((name) => (typeof name === 'string' ? name : `${name[0]} as ${name[1]}`));
  return `import {${specifiers.join(',')}} from '${specifier}';`;
}

function fail(step: string, detail: string): never {
  throw new Error(`standalone rewrite (${step}): ${detail}`);
}

function expectAll(step: string, rewritten: number, total: number): void {
  if (rewritten !== total)
    fail(step, `rewrote ${rewritten} of ${total} sites: Ajv's code has a shape this step does not know`);
}

const count = (code: string, pattern: RegExp) => code.match(pattern)?.length ?? 0;

/** `const schemaN = {...};`: the schema objects Ajv keeps for error params, by name, taken out of the code. */
function takeSchemaConstants(code: string): { code: string; schemas: Map<string, unknown> } {
  const schemas = new Map<string, unknown>();
  const { code: rest, count: taken } = replaceBracketed(
    code,
    /const (schema\d+) = \{/g,
    ({ match, inside, rest }) => {
      if (!rest.startsWith(';')) fail('schema constants', `${match[1]} is not followed by ;`);
      schemas.set(match[1]!, JSON.parse(`{${inside}}`));
      return { text: '', consumed: 1 };
    },
  );
  expectAll('schema constants', taken, count(code, /const schema\d+ = /g));
  return { code: rest, schemas };
}

/** The declarations of the constants the rewritten code still reads. */
function schemaConstantsReadBy(code: string, schemas: Map<string, unknown>): string {
  const kept = [...schemas].filter(([name]) => new RegExp(`\\b${name}\\b`).test(code));
  return kept.map(([name, schema]) => `const ${name} = ${JSON.stringify(schema)};`).join('');
}

const contextFree = 'instancePath,parentData,parentDataProperty,rootData';

/**
 * `if(!(validateN(arg, {instancePath:instancePath+SEG,parentData,...}))){vErrors = ...concat(validateN.errors);
 * errors = vErrors.length;}` -> `if(!validateN(arg)){vErrors = prefixed(vErrors, validateN.errors, SEG);...}`:
 * the path segment is evaluated only when the sub-validator fails.
 */
function lazySubcalls(code: string): string {
  const step = 'sub-validator calls';
  const { code: out, count: rewritten } = replaceBracketed(
    code,
    /if\(!\((validate\d+)\(([^,(){}]+), \{/g,
    ({ match, inside, rest }) => {
      const [, name, arg] = match;
      const handler = `))){vErrors = vErrors === null ? ${name}.errors : vErrors.concat(${name}.errors);errors = vErrors.length;}`;
      if (!rest.startsWith(handler))
        fail(step, `unexpected failure handler after ${name}: ${rest.slice(0, 120)}`);
      let segment = '';
      if (inside !== contextFree) {
        const fields = splitTopLevel(inside);
        const [path, parent, property, root] = fields;
        if (
          fields.length !== 4 ||
          !path!.startsWith('instancePath:instancePath+') ||
          !parent!.startsWith('parentData:') ||
          !property!.startsWith('parentDataProperty:') ||
          root !== 'rootData'
        ) {
          fail(step, `unexpected context {${inside}}`);
        }
        segment = `, ${path!.slice('instancePath:instancePath+'.length)}`;
      }
      return {
        text: `if(!${name}(${arg})){vErrors = prefixed(vErrors, ${name}.errors${segment});errors = vErrors.length;}`,
        consumed: handler.length,
      };
    },
  );
  expectAll(step, rewritten, count(code, /(?<!function )validate\d+\([^()]*\{instancePath/g));
  return out;
}

interface ErrorSiteEntry {
  keyword: string;
  params: Record<string, unknown> | null;
  message: string;
}

const identifier = /^[A-Za-z_$][\w$]*$/;
const schemaReference = /^(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[\d+\])*)$/;

function resolveSchemaReference(expression: string, schemas: Map<string, unknown>): unknown {
  const [, name, path] = schemaReference.exec(expression)!;
  if (!schemas.has(name!)) fail('error params', `${name} is not a schema constant`);
  let value = schemas.get(name!);
  for (const [, key, index] of path!.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)) {
    value = (value as Record<string, unknown>)[key ?? index!];
    if (value === undefined) fail('error params', `${expression} does not resolve`);
  }
  return value;
}

/** One of Ajv's error params: a value known at build time, or the variable that holds it at run time. */
type Param = { key: string; known: unknown } | { key: string; variable: string };

function readParams(literal: string, schemas: Map<string, unknown>): Param[] {
  if (!literal.startsWith('{') || !literal.endsWith('}')) fail('error params', `params ${literal}`);
  return splitTopLevel(literal.slice(1, -1)).map((field): Param => {
    const colon = field.indexOf(': ');
    const key = field.slice(0, colon);
    const expression = field.slice(colon + 2);
    if (colon < 0 || !identifier.test(key)) fail('error params', `param ${field}`);
    if (schemaReference.test(expression)) return { key, known: resolveSchemaReference(expression, schemas) };
    if (identifier.test(expression) && !['true', 'false', 'null'].includes(expression)) {
      return { key, variable: expression };
    }
    try {
      return { key, known: JSON.parse(expression) as unknown };
    } catch {
      return fail('error params', `param ${field} is neither a literal, a schema value nor a variable`);
    }
  });
}

/**
 * Each error object literal Ajv writes (`{instancePath:instancePath+"/x",schemaPath,keyword,params}`) becomes
 * `siteError("/x", i)` (or `siteErrorWith` with the params computed at run time), `i` indexing a table of
 * keyword, params and the issue's sentence worded now. Paths are relative to the function's own value.
 */
function wordErrorSites(
  code: string,
  schemas: Map<string, unknown>,
  options: RewriteOptions,
): { code: string; sites: ErrorSiteEntry[] } {
  const step = 'error sites';
  const sites: ErrorSiteEntry[] = [];
  const indexOf = new Map<string, number>();
  const { code: out, count: rewritten } = replaceBracketed(code, /\{(?=instancePath[,:])/g, ({ inside }) => {
    const fields = splitTopLevel(inside);
    const [path, schemaPathField, keywordField, paramsField] = fields;
    if (
      fields.length !== 4 ||
      !schemaPathField!.startsWith('schemaPath:"') ||
      !keywordField!.startsWith('keyword:"') ||
      !paramsField!.startsWith('params:')
    ) {
      fail(step, `unexpected error object {${inside}}`);
    }
    let instancePath: string;
    if (path === 'instancePath') instancePath = '""';
    else if (path!.startsWith('instancePath:instancePath+'))
      instancePath = path!.slice('instancePath:instancePath+'.length);
    else fail(step, `unexpected instancePath in {${inside}}`);
    const schemaPath = JSON.parse(schemaPathField!.slice('schemaPath:'.length)) as string;
    const keyword = JSON.parse(keywordField!.slice('keyword:'.length)) as string;
    const params = readParams(paramsField!.slice('params:'.length), schemas);
    const atRunTime = params.some((param) => 'variable' in param);
    // The sentence may not depend on a value only known at run time: word it with two different stand-ins.
    const wordWith = (standIn: string) => {
      const values = Object.fromEntries(
        params.map((param) => [param.key, 'known' in param ? param.known : standIn]),
      );
      return (
        issueSentence({ keyword, params: values, schemaPath }, options.patternRule, options.closedRule) ??
        'is invalid'
      );
    };
    const message = wordWith('a');
    if (wordWith('b') !== message) fail(step, `the sentence of ${keyword} depends on a run-time param`);
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
    if (!atRunTime) return { text: `siteError(${instancePath},${index})` };
    // Ajv's params object, in its order, with the values known now written out.
    const literal = params.map((param) =>
      'variable' in param
        ? `${param.key}: ${param.variable}`
        : `${param.key}: ${JSON.stringify(param.known)}`,
    );
    return { text: `siteErrorWith(${instancePath},${index},{${literal.join(', ')}})` };
  });
  expectAll(step, rewritten, count(code, /\{instancePath[,:]/g));
  return { code: out, sites };
}

/** `validateN.errors = [siteError(...)];return false;` -> `return failAt(validateN,...);`. */
function compactFailures(code: string): string {
  const step = 'failures';
  const { code: out, count: rewritten } = replaceBracketed(
    code,
    /(validate\d+)\.errors = \[siteError(With)?\(/g,
    ({ match, inside, rest }) => {
      const tail = '];return false;';
      if (!rest.startsWith(tail)) fail(step, `unexpected code after an error: ${rest.slice(0, 80)}`);
      return { text: `return failAt${match[2] ?? ''}(${match[1]},${inside});`, consumed: tail.length };
    },
  );
  expectAll(step, rewritten, count(code, /\.errors = \[siteError/g));
  return out;
}

const ajvSignature =
  /function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}\)\{/g;

/** `function validateN(data, {instancePath="", ...}={})` -> `function validateN(data)`: no context to read. */
function valueOnlySignatures(code: string): string {
  const total = count(code, /function validate\d+\(/g);
  const out = code.replace(ajvSignature, 'function $1(data){');
  expectAll('signatures', total - count(out, /function validate\d+\(data, /g), total);
  const left = /\b(instancePath|parentData|parentDataProperty|rootData)\b/.exec(out);
  if (left !== null)
    fail('signatures', `${left[1]} is still read: ${out.slice(left.index - 80, left.index + 80)}`);
  return out;
}

/**
 * `func2(s) > N` (maxLength in code points, contract: characters) is false whenever `s.length <= N`, and
 * `func2(s) < N` (minLength) whenever `s.length >= 2N`, since a code point is one or two UTF-16 units: count
 * only then.
 */
function lengthShortCuts(code: string): string {
  let rewritten = 0;
  const out = code.replace(
    /func2\(([\w$.[\]]+)\) ([<>]) (\d+)\b/g,
    (_, value: string, operator: string, limit: string) => {
      rewritten++;
      const bound = operator === '>' ? limit : String(2 * Number(limit));
      return `(${value}.length ${operator} ${bound} && func2(${value}) ${operator} ${limit})`;
    },
  );
  expectAll('lengths', rewritten, count(code, /func2\(/g));
  return out;
}

/** `const patternN = new RegExp("^[A-Z]{2}$", "u")` -> a function that checks the char codes, where exact. */
function compilePatterns(code: string): string {
  let out = code;
  for (const [declaration, name, quoted, flags] of code.matchAll(
    /const (pattern\d+) = new RegExp\(("(?:[^"\\]|\\.)*"), "([a-z]*)"\);/g,
  )) {
    if (flags !== 'u') fail('patterns', `${name} has flags "${flags}"`);
    const checker = patternFunction(name!, JSON.parse(quoted!) as string);
    if (checker === undefined) continue;
    const uses = count(out, new RegExp(`\\b${name}\\b`, 'g')) - 1;
    out = out.replace(declaration, checker).replaceAll(`${name}.test(`, `${name}(`);
    if (count(out, new RegExp(`\\b${name}\\(`, 'g')) !== uses + 1)
      fail('patterns', `${name} is used other than by test()`);
  }
  return out;
}

/** Each `function validateN(data){...}` of the code with its text. */
function functionsOf(code: string): Map<string, { start: number; end: number; body: string }> {
  const functions = new Map<string, { start: number; end: number; body: string }>();
  replaceBracketed(code, /function (validate\d+)\(data\)\{/g, ({ match, inside }) => {
    const start = match.index;
    const end = start + match[0].length + inside.length + 1;
    functions.set(match[1]!, { start, end, body: inside });
    return { text: '' };
  });
  return functions;
}

/**
 * Ajv compiles a subschema again for each root that reaches it by another route; functions equal up to the
 * names of the functions they call (refined until stable) are one. An exported validator keeps its own name and
 * `.errors`, as a wrapper of the shared one.
 */
function mergeDuplicates(code: string): string {
  const functions = functionsOf(code);
  const exported = new Set(
    [...code.matchAll(/export const \w+ = (validate\d+);/g)].map((match) => match[1]!),
  );
  let classOf = new Map([...functions.keys()].map((name) => [name, 0]));
  for (let classes = 1; ;) {
    const keys = new Map<string, number>();
    const next = new Map<string, number>();
    for (const [name, { body }] of functions) {
      const key = body.replace(/\bvalidate\d+\b/g, (callee) =>
        callee === name ? 'self' : `#${classOf.get(callee) ?? fail('merging', `${callee} is not defined`)}`,
      );
      if (!keys.has(key)) keys.set(key, keys.size);
      next.set(name, keys.get(key)!);
    }
    classOf = next;
    if (keys.size === classes) break;
    classes = keys.size;
  }
  // The one kept of each class is one no root exports, where there is one.
  const kept = new Map<number, string>();
  for (const [name, id] of classOf) {
    const current = kept.get(id);
    if (current === undefined || (exported.has(current) && !exported.has(name))) kept.set(id, name);
  }
  const shared = (name: string) => kept.get(classOf.get(name)!)!;
  let out = '';
  let from = 0;
  for (const [name, { start, end }] of functions) {
    out += code.slice(from, start);
    if (shared(name) === name) {
      out += code.slice(start, end).replace(/\bvalidate\d+\b/g, (callee) => shared(callee));
    } else if (exported.has(name)) {
      out += `function ${name}(data){const valid = ${shared(name)}(data);${name}.errors = ${shared(name)}.errors;return valid;}`;
    }
    from = end;
  }
  return out + code.slice(from);
}

/** The table of error sites and the helpers bound over it. */
function errorSiteTable(sites: readonly ErrorSiteEntry[]): string {
  // The table is JSON text, parsed at the first error: loading the module neither parses nor builds it.
  // `var`, not `const`: V8 checks a `const` for its TDZ at each of the ~1300 call sites, bytecode in every
  // function (measured: the large request validated 7% slower).
  return `const codeUnitAt = ${codeUnitAtImport};
const errorSiteText = ${JSON.stringify(JSON.stringify(sites))};
var {${siteHelpers.join(', ')}} = errorSiteHelpers(errorSiteText);
`;
}

/** A chain of at least this many `===` against strings or null becomes a Set lookup. */
const ENUM_SET_MIN = 16;

/**
 * `((x === "AD")||(x === "AE"))||(x === "AF"))...`, Ajv's code for an enum of strings (and null), costs one
 * comparison per value; past `ENUM_SET_MIN` values it becomes `enumSetN.has(x)`, one hash lookup, with the Set
 * built once when the module loads. `Set.has` and `===` agree on strings and null. Each `||` term closes one of
 * the parentheses opened before the first, so as many are dropped.
 */
function enumSets(code: string): string {
  const value = String.raw`("(?:[^"\\]|\\.)*"|null)`;
  const first = String.raw`\((\w+) ?=== ?${value}\)`;
  const next = String.raw` ?\|\| ?\(\2 ?=== ?(?:"(?:[^"\\]|\\.)*"|null)\)\)`;
  const chain = new RegExp(`(\\(*)${first}((?:${next})+)`, 'g');
  const term = new RegExp(String.raw` ?\|\| ?\(\w+ ?=== ?${value}\)\)`, 'g');
  const sets: string[] = [];
  const out = code.replace(
    chain,
    (text: string, open: string, subject: string, head: string, rest: string) => {
      const values = [head, ...[...rest.matchAll(term)].map((match) => match[1]!)];
      if (values.length < ENUM_SET_MIN) return text;
      if (open.length < values.length - 1) fail('enum sets', `an unexpected chain for ${subject}`);
      const name = `enumSet${sets.length}`;
      sets.push(`const ${name}=new Set([${values.join(',')}]);`);
      return `${open.slice(values.length - 1)}${name}.has(${subject})`;
    },
  );
  if (sets.length === 0) return out;
  const prologue = '"use strict";';
  if (!out.startsWith(prologue)) fail('enum sets', 'the code does not start with "use strict"');
  return `${prologue}${sets.join('')}${out.slice(prologue.length)}`;
}

/** Ajv's numbered names, shorter: `validate12` -> `v12`, `data3` -> `d3` (V8 keeps the source in memory). */
const shortName = (name: string) => name.replace(/^validate(?=\d+$)/, 'v').replace(/^data(?=\d+$)/, 'd');

/** Rewrites the standalone module Ajv generated for the validators; see the top of this file. */
export function rewriteStandalone(code: string, options: RewriteOptions): string {
  for (const name of helperNames) {
    if (new RegExp(`\\b${name}\\b`).test(code)) fail('helpers', `Ajv's code already uses the name ${name}`);
  }
  const { code: withoutSchemas, schemas } = takeSchemaConstants(code);
  let out = lazySubcalls(withoutSchemas);
  const worded = wordErrorSites(out, schemas, options);
  out = compactFailures(worded.code);
  out = requiredWithoutStores(out);
  out = valueOnlySignatures(out);
  out = lengthShortCuts(out);
  out = compilePatterns(out);
  out = enumSets(out);
  out = dropSettledBookkeeping(out);
  out = mergeDuplicates(out);
  const prologue = '"use strict";';
  if (!out.startsWith(prologue)) fail('helpers', 'the code does not start with "use strict"');
  if (/\b[vd]\d+\b/.test(out.replace(/"(?:[^"\\]|\\.)*"/g, '""')))
    fail('names', 'Ajv already uses a name like v1 or d1');
  // An ES module is strict without the prologue; Ajv's `func2` is `ucs2length` where a length counts code points.
  const imported: RuntimeImport[] = [['codeUnitAt', codeUnitAtImport], ...importedHelpers];
  if (/\bucs2length\b/.test(out)) imported.push('ucs2length');
  const body = compactCode(
    `${errorSiteTable(worded.sites)}${schemaConstantsReadBy(out, schemas)}${out.slice(prologue.length)}`,
    shortName,
  );
  return `${runtimeImport(imported)}\n${body}`;
}

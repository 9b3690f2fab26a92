import { _, stringify, type Ajv, type Code, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import { noPropertyInData } from 'ajv/dist/vocabularies/code.js';
import * as runtime from '../../src/runtime/validator-runtime.js';
import { patternFunction } from './patterns.js';

/**
 * Build time: keyword definitions that replace Ajv's own with cheaper code for the cases they know, Ajv's error
 * params kept, handing any other case to Ajv. Their helpers are `require("<runtimeSpecifier>").name` in Ajv's code,
 * which imports.ts turns into imports of src/runtime/validator-runtime.ts.
 */

/** Where the generated module (src/generated/validators.js) imports its helpers from: src/runtime/. */
export const runtimeSpecifier = '../runtime/validator-runtime.js';

/** A chain of at least this many `===` against strings or null becomes a Set lookup. */
const ENUM_SET_MIN = 16;

type Helper = 'codeUnitAt' | 'ucs2length' | 'firstMissing' | 'letterPairTable' | 'inLetterPairs';

/** The run-time helper `name`, in scope of the code being generated. */
function helper(cxt: KeywordCxt, name: Helper) {
  const code = _`require(${runtimeSpecifier}).${new _Code(name)}`;
  return cxt.gen.scopeValue('func', { ref: runtime[name], code });
}

/** A value the generated code reads from its scope: `ref` now, written out as `code`. */
const scoped = (cxt: KeywordCxt, prefix: string, key: string, ref: unknown, code: Code) =>
  cxt.gen.scopeValue(prefix, { key, ref, code });

/** `pattern`: a run of character classes becomes a loop over char codes (patterns.ts); any other keeps its RegExp. */
function patternCode(cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void): void {
  const { data, schema, $data } = cxt;
  if ($data || patternFunction('', schema as string) === undefined) return ajvCode(cxt);
  const reader = helper(cxt, 'codeUnitAt');
  const source = patternFunction('', schema as string, reader.str)!;
  const check = new Function(reader.str, `return ${source}`)(runtime.codeUnitAt) as (s: string) => boolean;
  const name = scoped(cxt, 'pattern', `char codes ${schema as string}`, check, new _Code(source));
  cxt.fail(_`!${name}(${data})`);
}

/** Code points are counted only when the UTF-16 length cannot decide: a code point is one or two units. */
function lengthCode(cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void): void {
  const { keyword, data, schema, $data } = cxt;
  if ($data) return ajvCode(cxt);
  const count = helper(cxt, 'ucs2length');
  const limit = schema as number;
  if (keyword === 'maxLength') cxt.fail(_`${data}.length > ${limit} && ${count}(${data}) > ${limit}`);
  else cxt.fail(_`${data}.length < ${2 * limit} && ${count}(${data}) < ${limit}`);
}

/** `required` only reads the properties (Ajv stores each name, code that keeps functions too big to inline). */
function requiredCode(cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void): void {
  const { gen, data, schema, $data, it } = cxt;
  const names = schema as string[];
  if ($data || it.allErrors || names.length === 0 || names.length >= (it.opts.loopRequired ?? Infinity))
    return ajvCode(cxt);
  const missing = names.map((name) => noPropertyInData(gen, data, name, it.opts.ownProperties));
  cxt.setParams({ missingProperty: _`${helper(cxt, 'firstMissing')}(${data}, ${stringify(names)})` }, true);
  cxt.fail(missing.reduce((either, next) => _`${either} || ${next}`));
}

/** A long `enum` of strings (and null) is one Set lookup instead of a chain of `===`, or a table of letter pairs. */
function enumCode(cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void): void {
  const { data, schema, $data } = cxt;
  const values = schema as unknown[];
  if ($data || values.length < ENUM_SET_MIN || !values.every((v) => v === null || typeof v === 'string'))
    return ajvCode(cxt);
  // Two capital letters each (the country codes): a table of pairs, read by two char codes, no string hashing.
  if (values.every((v) => v === null || /^[A-Z]{2}$/.test(v as string))) {
    const ref = runtime.letterPairTable(values as (string | null)[]);
    const code = _`${helper(cxt, 'letterPairTable')}(${stringify(values)})`;
    const table = scoped(cxt, 'obj', `letter pairs ${JSON.stringify(values)}`, ref, code);
    return cxt.fail(_`!${helper(cxt, 'inLetterPairs')}(${table}, ${data})`);
  }
  const code = _`new Set(${stringify(values)})`;
  const set = scoped(cxt, 'obj', `enum set ${JSON.stringify(values)}`, new Set(values), code);
  cxt.fail(_`!${set}.has(${data})`);
}

/** Each replaced keyword, its code, and the keyword its rule must stay before, so the order of checks holds. */
const replacements: readonly [string, typeof patternCode, string][] = [
  ['maxLength', lengthCode, 'format'],
  ['minLength', lengthCode, 'format'],
  ['pattern', patternCode, 'format'],
  ['required', requiredCode, 'propertyNames'],
  ['enum', enumCode, 'not'],
];

/** Replaces Ajv's definitions of the keywords above in `ajv` with the build's own. */
export function addBuildKeywords(ajv: Ajv): Ajv {
  for (const [keyword, code, before] of replacements) {
    const rule = ajv.RULES.all[keyword];
    if (rule === undefined || typeof rule !== 'object')
      throw new Error(`Ajv has no keyword ${keyword} to replace`);
    const definition = rule.definition as CodeKeywordDefinition;
    ajv.removeKeyword(keyword);
    ajv.addKeyword({ ...definition, keyword, before, code: (cxt) => code(cxt, definition.code) });
  }
  return ajv;
}

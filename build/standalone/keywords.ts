import { _, stringify, type Ajv, type CodeKeywordDefinition, type KeywordCxt, type Name } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import { noPropertyInData } from 'ajv/dist/vocabularies/code.js';
import * as runtime from '../../src/runtime/validator-runtime.js';
import { patternFunction } from './patterns.js';

/**
 * Build time: keyword definitions that replace four of Ajv's own in the precompiled validators, each generating
 * cheaper code for the cases it knows and handing every other case to Ajv's definition, with Ajv's error
 * params. The helpers they call are imports of src/runtime/validator-runtime.ts: the generated code reads them
 * as `require("<runtimeSpecifier>").name`, which build/standalone/imports.ts turns into an import.
 */

/** Where the generated module (src/generated/validators.js) imports its helpers from: src/runtime/. */
export const runtimeSpecifier = '../runtime/validator-runtime.js';

/** A chain of at least this many `===` against strings or null becomes a Set lookup. */
const ENUM_SET_MIN = 16;

type Helper = 'codeUnitAt' | 'ucs2length' | 'firstMissing' | 'letterPairTable' | 'inLetterPairs';

/** The run-time helper `name`, in scope of the code being generated. */
function helper(cxt: KeywordCxt, name: Helper): Name {
  return cxt.gen.scopeValue('func', {
    ref: runtime[name],
    code: _`require(${runtimeSpecifier}).${new _Code(name)}`,
  });
}

/**
 * `pattern`: a run of character classes (build/standalone/patterns.ts) becomes a loop over char codes; running a
 * `u` RegExp costs most of a providers list's validation (one country code per field). Any other keeps Ajv's RegExp.
 */
function patternCode(cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void): void {
  const { gen, data, schema, $data } = cxt;
  if ($data || patternFunction('', schema as string) === undefined) return ajvCode(cxt);
  const reader = helper(cxt, 'codeUnitAt');
  const source = patternFunction('', schema as string, reader.str)!;
  const check = gen.scopeValue('pattern', {
    key: `char codes ${schema as string}`,
    ref: new Function(reader.str, `return ${source}`)(runtime.codeUnitAt) as (s: string) => boolean,
    code: new _Code(source),
  });
  cxt.fail(_`!${check}(${data})`);
}

/**
 * `maxLength` counts code points (contract: characters), but `s.length <= N` already means at most N, and
 * `s.length >= 2N` at least N for `minLength`, since a code point is one or two UTF-16 units: count only then.
 */
function lengthCode(cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void): void {
  const { keyword, data, schema, $data } = cxt;
  if ($data) return ajvCode(cxt);
  const count = helper(cxt, 'ucs2length');
  const limit = schema as number;
  if (keyword === 'maxLength') cxt.fail(_`${data}.length > ${limit} && ${count}(${data}) > ${limit}`);
  else cxt.fail(_`${data}.length < ${2 * limit} && ${count}(${data}) < ${limit}`);
}

/**
 * `required` reads the properties only: Ajv stores each name as it checks it, code on the success path of every
 * object that keeps functions too big for V8 to inline. The error names the first missing one, in the same order.
 */
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
  const { gen, data, schema, $data } = cxt;
  const values = schema as unknown[];
  if ($data || values.length < ENUM_SET_MIN || !values.every((v) => v === null || typeof v === 'string'))
    return ajvCode(cxt);
  // Two capital letters each (the country codes): a table of pairs, read by two char codes, no string hashing.
  if (values.every((v) => v === null || /^[A-Z]{2}$/.test(v as string))) {
    const table = gen.scopeValue('obj', {
      key: `letter pairs ${JSON.stringify(values)}`,
      ref: runtime.letterPairTable(values as (string | null)[]),
      code: _`${helper(cxt, 'letterPairTable')}(${stringify(values)})`,
    });
    return cxt.fail(_`!${helper(cxt, 'inLetterPairs')}(${table}, ${data})`);
  }
  const set = gen.scopeValue('obj', {
    key: `enum set ${JSON.stringify(values)}`,
    ref: new Set(values),
    code: _`new Set(${stringify(values)})`,
  });
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
    ajv.addKeyword({
      ...definition,
      keyword,
      before,
      code: (cxt) => code(cxt, definition.code),
    });
  }
  return ajv;
}

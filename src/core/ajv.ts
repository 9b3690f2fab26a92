import { Ajv, _, str, type KeywordCxt, type Name } from 'ajv';

/**
 * The total length of a list of strings, in Unicode code points, at most `maxTotalLength`
 * (docs/contract.md#router-patterns).
 * JSON Schema has no keyword for a sum over items, so this is the one custom keyword the schemas use.
 */
function maxTotalLengthCode(cxt: KeywordCxt): void {
  const { gen, data, schema } = cxt;
  const total = gen.let('total', 0);
  const eachString = (body: (item: Name) => void): void => {
    gen.forOf('item', data, (item) => gen.if(_`typeof ${item} == "string"`, () => body(item)));
  };
  eachString((item) => gen.assign(total, _`${total} + ${item}.length`));
  // UTF-16 units bound the code points from above, so only a list over the limit pays for counting pairs.
  gen.if(_`${total} > ${schema}`, () =>
    eachString((item) =>
      gen.forRange('i', 0, _`${item}.length - 1`, (i) =>
        gen.if(
          _`(${item}.charCodeAt(${i}) & 0xfc00) == 0xd800 && (${item}.charCodeAt(${i} + 1) & 0xfc00) == 0xdc00`,
          () => {
            gen.assign(total, _`${total} - 1`);
            gen.assign(i, _`${i} + 1`);
          },
        ),
      ),
    ),
  );
  cxt.fail(_`${total} > ${schema}`);
}

/** The options every validator is compiled with, in one place (draft-07 class, nothing that mutates input). */
export function createAjv({ allErrors = false }: { allErrors?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    discriminator: true,
    // On for the reject path's validators alone (contract: every-issue): the verdict needs the first error only.
    allErrors,
    // Issues are worded by src/core/errors.ts from each error's keyword and params: no prose in generated code.
    messages: false,
    // One function per `$ref`'d definition keeps every function small enough for V8 to optimise.
    inlineRefs: false,
    strict: true,
    // `not: { required: [a, b] }` names properties defined beside it, which strict mode would flag.
    strictRequired: false,
    allowUnionTypes: true,
    // A long enum (the country codes, contract: formats) is written as a chain of `===`, never as a loop over
    // a deep-equality helper; the build then turns a long chain into one Set lookup.
    loopEnum: Number.MAX_SAFE_INTEGER,
    code: { source: true, esm: true },
  });
  ajv.addKeyword({
    keyword: 'maxTotalLength',
    type: 'array',
    schemaType: 'number',
    code: maxTotalLengthCode,
    error: {
      message: ({ schemaCode }) => str`must have at most ${schemaCode} characters in total`,
      params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
    },
  });
  return ajv;
}

import { describe, expect, it } from 'vitest';
import { compactErrorPushes } from '../../build/standalone/error-pushes.js';
import { errorSiteHelpers } from '../../src/runtime/validator-runtime.js';

/** Ajv's recording of one error, as its standalone code writes it. */
const ajvPush = (error: string) =>
  `const err0 = ${error};if (vErrors === null) {vErrors = [err0];} else {vErrors.push(err0);}errors++;`;

/** A validator recording an error for each of `data`'s items that is not a number. */
const validator = (push: (error: string) => string) => `function validate1(data) {
  let vErrors = null;let errors = 0;
  for (let i = 0; i < data.length; i++) { if (typeof data[i] !== "number") { ${push('{ at: i }')} } }
  validate1.errors = vErrors;return errors === 0;
}`;

type Validator = ((data: unknown[]) => boolean) & { errors: unknown };
const { withError } = errorSiteHelpers('{}');
const compiled = (code: string) =>
  new Function('withError', `${code}return validate1;`)(withError) as Validator;

describe('the error pushes of the validators', () => {
  it('record each error in one statement', () => {
    const rewritten = compactErrorPushes(validator(ajvPush));
    expect(rewritten).toContain('vErrors = withError(vErrors, { at: i });errors++;');
    expect(rewritten).not.toContain('err0');
  });

  it('leave the same errors, in the same order, as Ajv’s statements', () => {
    const [ajv, ours] = [validator(ajvPush), compactErrorPushes(validator(ajvPush))].map(compiled);
    for (const data of [[], [1, 2], ['a'], [1, 'a', null, 2, {}]]) {
      expect(ours!(data)).toBe(ajv!(data));
      expect(ours!.errors).toEqual(ajv!.errors);
    }
  });

  it('fail the build on a push of another shape, or an error read elsewhere', () => {
    const otherShape = validator(
      (error) => `const err0 = ${error};if (vErrors === null) {vErrors = [err0, err0];} errors++;`,
    );
    expect(() => compactErrorPushes(otherShape)).toThrow(/standalone rewrite \(error pushes\)/);
    const readElsewhere = validator((error) => `${ajvPush(error)}log(err0);`);
    expect(() => compactErrorPushes(readElsewhere)).toThrow(/err0 is read outside the push/);
  });
});

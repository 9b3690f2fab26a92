import { describe, expect, it } from 'vitest';
import { bundledValidators } from '../../build/bundle.js';

describe('the bundled copy of the generated validators', () => {
  const generated = "import {prefixed} from '../runtime/validator-runtime.js';\nexport const v = 1;\n";

  it('imports the run-time helpers from the file beside it, and is otherwise the generated text', () => {
    expect(bundledValidators(generated)).toBe(
      "import {prefixed} from './validator-runtime.js';\nexport const v = 1;\n",
    );
  });

  it('fails the build unless the generated module names the run-time module exactly once', () => {
    expect(() => bundledValidators('export const v = 1;\n')).toThrow(/0 times, not once/);
    expect(() => bundledValidators(`${generated}// '../runtime/validator-runtime.js'\n`)).toThrow(
      /2 times, not once/,
    );
  });
});

import { Validator, type Schema } from '@cfworker/json-schema';
import { rootSchemas } from '../../schemas/roots.js';
import type { PayloadKind } from '../../test/fixtures/payloads.js';
import type { Competitor } from './competitor.js';

/**
 * @cfworker/json-schema (draft 7, stopping at the first error): it interprets the schema on every call
 * (no code generation, so it runs where `new Function` is forbidden). It ignores keywords it does not know:
 * `discriminator` (each union is a plain `oneOf`) and our `maxTotalLength`.
 */
export const cfworker: Competitor = {
  id: 'cfworker',
  name: '@cfworker/json-schema',
  build(kind: PayloadKind) {
    const validator = new Validator(rootSchemas[kind] as unknown as Schema, '7', true);
    const notes = ['ignores `discriminator`'];
    if (kind === 'messages-request') notes.push('ignores `maxTotalLength`');
    return { check: (value) => validator.validate(value).valid, notes };
  },
};

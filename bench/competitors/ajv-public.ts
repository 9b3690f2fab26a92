import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { PayloadKind } from '../../test/fixtures/payloads.js';
import { publicClosurePath } from '../paths.js';
import type { Competitor } from './competitor.js';

/**
 * Ajv (draft 2020-12) compiling the public API's own OpenAPI 3.1 schemas, as a user who took the public
 * document would. It carries OpenAPI's `discriminator.mapping` (which Ajv does not support: `discriminator`
 * off, so each union is a plain `oneOf`/`anyOf`), `example` and `format: double` (ignored: `strict: false`,
 * formats off).
 */

const roots: Record<PayloadKind, string> = {
  'messages-request': '#/components/schemas/MessagesRequest',
  'model-endpoints-response': '#/x-operations/listEndpoints/responses/200',
  'providers-response': '#/x-operations/listProviders/responses/200',
};

let ajv: Ajv2020 | undefined;

function publicAjv(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  const closure = JSON.parse(readFileSync(publicClosurePath, 'utf8')) as Record<string, unknown>;
  ajv = new Ajv2020({ strict: false, validateFormats: false, discriminator: false, allErrors: false });
  ajv.addSchema({ $id: 'public', components: closure.components, 'x-operations': closure['x-operations'] });
  return ajv;
}

export const ajvPublic: Competitor = {
  id: 'ajv-public',
  name: 'Ajv on the public OpenAPI schema',
  build(kind: PayloadKind) {
    const validate = publicAjv().compile({ $ref: `public${roots[kind]}` });
    return {
      check: (value) => validate(value),
      notes: [
        "the public API's own schemas (public-api-closure.json)",
        `its \`${roots[kind]}\``,
        '`discriminator` off (its `mapping` is unsupported by Ajv)',
      ],
    };
  },
};

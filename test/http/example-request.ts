import { readFileSync } from 'node:fs';

/** The bundled example of a create request body, as the raw text a client sends. */
export const exampleRequest = readFileSync(
  new URL('../../schemas/examples/messages-request.json', import.meta.url),
  'utf8',
);

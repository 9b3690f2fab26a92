import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../support/repository-root.js';

/** The bundled example of a create request body, as the raw text a client sends. */
export const exampleRequest = readFileSync(
  join(repositoryRoot, 'schemas/examples/messages-request.json'),
  'utf8',
);

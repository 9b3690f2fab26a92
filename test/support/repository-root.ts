import { fileURLToPath } from 'node:url';

/** The repository root, from test/support/ or from its compiled copy in dist/test/support/ (a bench script's). */
export const repositoryRoot = fileURLToPath(
  new URL(import.meta.url.includes('/dist/test/') ? '../../..' : '../..', import.meta.url),
);

import { fileURLToPath } from 'node:url';

/** The repository root, from dist/bench/ where the bench runs compiled. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The public API's schemas: shared/ sits beside the clone (as in CI). */
export const publicClosurePath = fileURLToPath(
  new URL('../../test/fixtures/public-api-closure.json', import.meta.url),
);

/** A compiled bench script, to run in a child process. */
export const benchScript = (name: string): string => fileURLToPath(new URL(`./${name}.js`, import.meta.url));

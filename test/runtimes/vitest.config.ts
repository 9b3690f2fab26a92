import { defineConfig } from 'vitest/config';
import suite from '../vitest.config.js';

/**
 * The runtime suite alone (`npm run test:runtimes`): the package on Node 22, 24 and 26, Bun, Deno and workerd,
 * which test/runtimes/install.sh installs into a cache outside the checkout, and every other test that needs one
 * of them (the escaped keys on Node 24's V8, the data directory's lock without a flock command). `npm test` leaves it out, so a clone tests without that download;
 * .ci/run runs both. The suite's settings, with only this folder's files.
 */
export default defineConfig({
  ...suite,
  test: { ...suite.test, include: ['test/runtimes/**/*.test.ts'], exclude: ['**/node_modules/**'] },
});

import { expect } from 'vitest';
import { importsSource } from './imports-source.js';

/*
 * The profiles' validators beyond the default verdict load on first use by Node's synchronous `require` of an
 * ES module; under the test runner, which imports the TypeScript source, only `import()` resolves their module
 * graph, so each test file that can load the source loads them first, as a runtime without synchronous loading
 * would. A file that never imports the source (one that runs the built package in processes of its own) skips it.
 */
const { testPath } = expect.getState();
if (testPath === undefined || importsSource(testPath)) {
  const { loadProfile } = await import('../../src/core/profiles.js');
  await Promise.all([loadProfile('default'), loadProfile('strict')]);
}

import { expect } from 'vitest';
import { reachesLoadOnFirstUse } from './load-on-first-use-reach.js';

/*
 * The profiles' validators beyond the default verdict load on first use by Node's synchronous `require` of an
 * ES module; under the test runner, which imports the TypeScript source, only `import()` resolves their module
 * graph, so each test file that can load the source loads them first, as a runtime without synchronous loading
 * would, and so is the code the main entry loads on first use. A file that cannot reach the modules that load
 * them (one that runs the built package in processes of its own, or uses parts of the source that never validate)
 * skips it.
 */
const { testPath } = expect.getState();
if (testPath === undefined || reachesLoadOnFirstUse(testPath)) {
  const { loadProfile } = await import('../../src/core/profiles.js');
  // The code the main entry loads on first use, which `require` cannot load from the source either.
  await Promise.all([
    import('../../src/body/json-body-loader.js'),
    import('../../src/core/secret-scan-loader.js'),
  ]);
  const { importModulesOnFirstUse } = await import('../../src/core/load-on-first-use.js');
  await Promise.all([loadProfile('default'), loadProfile('strict'), importModulesOnFirstUse()]);
}

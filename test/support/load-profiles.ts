import { expect } from 'vitest';
import { reachesLoadOnFirstUse } from './load-on-first-use-reach.js';

/*
 * The profiles' validators load on first use by Node's synchronous `require`; under the test runner, which
 * imports the TypeScript source, only `import()` resolves their module graph, so each test file that can reach the
 * modules that load them imports them first and hands them over, as the `default` condition's entries do for a
 * runtime without synchronous loading, and so is the code the main entry loads on first use. A file that cannot
 * reach them (one that runs the built package in processes of its own, or uses parts of the source that never
 * validate) skips it.
 */
const { testPath } = expect.getState();
if (testPath === undefined || reachesLoadOnFirstUse(testPath)) {
  const [profiles, verdict, collecting, strict, strictCollecting, jsonBody, body, scanLoader, scan] =
    await Promise.all([
      import('../../src/core/profiles.js'),
      import('../../src/generated/validators.js'),
      import('../../src/generated/validators-all-issues.js'),
      import('../../src/generated/validators-strict.js'),
      import('../../src/generated/validators-strict-all-issues.js'),
      import('../../src/body/json-body-loader.js'),
      import('../../src/body/json-body.js'),
      import('../../src/core/secret-scan-loader.js'),
      import('../../src/core/secret-scan.js'),
    ]);
  profiles.addProfile('default', { verdict, collecting });
  profiles.addProfile('strict', { verdict: strict, collecting: strictCollecting });
  jsonBody.jsonBody.provide(body);
  scanLoader.secretScan.provide(scan);
}

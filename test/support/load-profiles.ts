import { loadProfile } from '../../src/core/profiles.js';

/*
 * The profiles' validators beyond the default verdict load on first use by Node's synchronous `require` of an
 * ES module; under the test runner, which imports the TypeScript source, only `import()` resolves their module
 * graph, so each test file loads them first, as a runtime without synchronous loading would.
 */
await Promise.all([loadProfile('default'), loadProfile('strict')]);

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // The runtime suite has a command of its own, `npm run test:runtimes` (test/runtimes/vitest.config.ts): it
    // needs runtimes a clone does not have until test/runtimes/install.sh has downloaded them.
    exclude: ['test/runtimes/**', '**/node_modules/**'],
    // The suite times real 4 MiB bodies and spawns processes; a shared, loaded machine must not turn that into failures.
    testTimeout: 30_000,
    // The source's lazily loaded validators need `import()` under the test runner (src/core/profiles.ts).
    setupFiles: ['test/support/load-profiles.ts'],
    hookTimeout: 60_000,
    typecheck: {
      // The project's TypeScript by path: the `tsc` on PATH may be the oldest supported one, installed beside it.
      checker: fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)),
      include: ['test/**/*.test-d.ts'],
      tsconfig: 'test/tsconfig.json',
    },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './support/slow-files-first.js';

/**
 * The test files of `npm run test:slow`, which `npm test` leaves out and CI runs beside it: the fault drills of
 * test/faults/ (a first start of the embedded store killed at twenty points, a data directory's lock, renamed or
 * unwritable, a disk filled, a database gone silent), one key's stalled bodies held to its share past a body idle
 * cut of 30 s, and a client's retries of a create through a lost answer and a 20 s table lock. Each waits out real time bounds, most of them
 * for a minute or more, so that `npm test` stays a loop of minutes.
 */
export const slowTests = [
  'test/faults/**/*.test.ts',
  'test/security/key-share.test.ts',
  'test/gateway/idempotent-retries.test.ts',
];

/** Set by `npm run test:slow`: the run is of `slowTests` alone. */
const slowRun = Boolean(process.env['GATEWAY_CONTRACT_SLOW']);

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: slowRun ? slowTests : ['test/**/*.test.ts'],
    // The runtime suite has a command of its own, `npm run test:runtimes` (test/runtimes/vitest.config.ts): it
    // needs runtimes a clone does not have until test/runtimes/install.sh has downloaded them. A test that needs
    // one (Node 24, say) goes in that folder, so that this suite needs nothing `npm ci` does not install.
    // Tests of minutes (slowTests above) run as `npm run test:slow`, which CI runs beside this suite.
    exclude: ['test/runtimes/**', '**/node_modules/**', ...(slowRun ? [] : slowTests)],
    // The suite times real 4 MiB bodies and spawns processes; a shared, loaded machine must not turn that into failures.
    testTimeout: 30_000,
    // The source's lazily loaded validators need `import()` under the test runner (src/core/profiles.ts).
    setupFiles: ['test/support/load-profiles.ts'],
    // The Debian packages the suite runs for real, installed first where they are missing and this may install.
    // Then the scratch directory of the one PostgreSQL `initdb` the embedded store's tests copy (initialized-data-dir.ts).
    globalSetup: ['test/support/system-packages.ts', 'test/support/initialized-data-dir-root.ts'],
    hookTimeout: 60_000,
    // A file per core, not vitest's default of one fewer: on two cores that default is one file at a time, while
    // much of a file's time is spent waiting on the processes it starts (servers, PostgreSQL, tsc, Chromium).
    maxWorkers: '100%',
    // The slowest files start first on a clone's first run, which has no timing cache (slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
    // `--typecheck`, as `npm run check` passes for the type tests of a change. `npm test` type-checks the whole
    // project in test/typecheck.test.ts instead, beside the other files: vitest runs its type check after them all.
    typecheck: {
      // The project's TypeScript by path: the `tsc` on PATH may be the oldest supported one, installed beside it.
      checker: fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)),
      include: ['test/**/*.test-d.ts'],
      // The whole project of test/tsconfig.json is checked, and a type error in any of its files fails the run.
      tsconfig: 'test/tsconfig.json',
      ignoreSourceErrors: false,
    },
  },
});

import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { runtimesDir, runtimesIn } from '../../bench/runtimes.js';

/**
 * The Node 24 binary test/runtimes/install.sh installs, whose V8 decodes an escaped object key wrongly once its
 * key cache is poisoned (nodejs/node issue 63785); a missing one fails the test that needs it.
 */
export function node24Binary(): string {
  const { binary } = runtimesIn(runtimesDir()).find((runtime) => runtime.name === 'Node 24')!;
  expect(existsSync(binary), `${binary} is missing: run \`npm run test:runtimes\`, which installs it`).toBe(
    true,
  );
  return binary;
}

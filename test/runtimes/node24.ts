import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { runtimesDir, runtimesIn } from '../../bench/runtimes.js';

/**
 * The Node 24 binary test/runtimes/install.sh installs, whose V8 decodes an escaped object key wrongly once its
 * key cache is poisoned (nodejs/node issue 63785); a missing one fails the test that needs it.
 */
export function node24Binary(): string {
  return installedNode('Node 24');
}

/** A Node binary test/runtimes/install.sh installs; a missing one fails the test that needs it. */
export function installedNode(name: 'Node 22' | 'Node 24' | 'Node 26'): string {
  const { binary } = runtimesIn(runtimesDir()).find((runtime) => runtime.name === name)!;
  expect(existsSync(binary), `${binary} is missing: run \`npm run test:runtimes\`, which installs it`).toBe(
    true,
  );
  return binary;
}

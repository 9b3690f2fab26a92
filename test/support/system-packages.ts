import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest's global setup: the Debian packages the suite needs are installed first where this process may
 * (system-packages.sh). Where it may not, the run goes on, and each test that needs a missing one fails naming it.
 */
export default function installSystemPackages(): void {
  spawnSync('bash', [fileURLToPath(new URL('system-packages.sh', import.meta.url))], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recipeBounds,
  recipeFile,
  scratchProject,
  wranglerBundle,
  type WorkerBundle,
} from '../../bench/worker-bundles.js';
import { repositoryRoot } from '../support/repository-root.js';

/**
 * The documented Worker recipe that validates a messages request (docs/middleware.md), bundled as wrangler
 * bundles it from the package as built: within its bounds, and holding the messages request's validator and no
 * other root's (contract: every-entry-alone).
 */

let project: ReturnType<typeof scratchProject>;
let bundle: WorkerBundle;

beforeAll(async () => {
  project = scratchProject({ 'gateway-contract': repositoryRoot });
  copyFileSync(join(repositoryRoot, recipeFile), join(project.dir, 'worker.ts'));
  bundle = await wranglerBundle(project.dir, 'worker.ts', repositoryRoot);
}, 60_000);
afterAll(() => project?.remove());

describe('the Worker recipe for messages-request, bundled as wrangler does', () => {
  it(`stays within ${recipeBounds.minified} bytes minified and ${recipeBounds.gzip} gzip`, () => {
    expect(bundle.minified).toBeLessThanOrEqual(recipeBounds.minified);
    expect(bundle.gzip).toBeLessThanOrEqual(recipeBounds.gzip);
  });

  it("carries the messages request's verdict and no other validator", () => {
    const validators = Object.keys(bundle.packageFiles).filter((file) => file.includes('generated-'));
    expect(validators).toEqual(['dist/lib/generated-validators.messages-request.js']);
  });

  it('carries the body guards', () => {
    expect(Object.keys(bundle.packageFiles)).toContain('dist/lib/json-body.js');
  });
});

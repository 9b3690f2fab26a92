import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest's global setup: the scratch directory where the first test to ask makes the data directory that
 * `initializedDataDir` (initialized-data-dir.ts) copies for every test process of the run; removed at its end.
 */
export default function provideInitializedDataDirRoot(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'gateway-contract-initdb-'));
  project.provide('initializedDataDirRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

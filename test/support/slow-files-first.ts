import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files of 10 s or more, of `npm test` and of `npm run test:slow` alike, longest first by the mean of two
 * measured runs (`--reporter=json`, each file's end less its start: a CI run and one on a loaded machine). A clone's first run has no timing cache,
 * and vitest then starts files by size, so a file of two minutes may start last and run alone at the end while
 * the other worker idles; these start first instead.
 */
export const slowFiles = [
  'test/faults/embedded-first-start.test.ts',
  'test/typecheck.test.ts',
  'test/faults/embedded-lock.test.ts',
  'test/ecosystem/consumer.test.ts',
  'test/security/key-share.test.ts',
  'test/faults/postgres-full-disk.test.ts',
  'test/gateway/idempotent-retries.test.ts',
  'test/faults/postgres-silence.test.ts',
  'test/faults/embedded-renamed-dir.test.ts',
  'test/ecosystem/python-jsonschema.test.ts',
  'test/gateway/orchestrator.test.ts',
  'test/build/standalone-rewrite.test.ts',
  'test/cli/files.test.ts',
  'test/http/connection-bounds.test.ts',
  'test/gateway/durable-serve.test.ts',
  'test/faults/embedded-full-disk.test.ts',
  'test/ecosystem/differential.test.ts',
  'test/faults/embedded-permissions.test.ts',
  'test/security/hostile.test.ts',
  'test/cli/terminal.test.ts',
  'test/gateway/postgres-faults.test.ts',
  'test/gateway/deploy-doc.test.ts',
  'test/gateway/npm-start.test.ts',
  'test/security/keyless-flood.test.ts',
  'test/core/credential-families.test.ts',
  'test/build/split-validators.test.ts',
  'test/http/store/workspaces.test.ts',
  'test/security/printed-secrets.test.ts',
  'test/bench/fuzz.test.ts',
  'test/http/store/idempotent-creates.test.ts',
  'test/body/escaped-keys.test.ts',
  'test/build/bundle.test.ts',
  'test/http/entry-points.test.ts',
];

/**
 * Vitest's order where its cache knows every file's last duration (a later run on the same clone); otherwise the
 * files of `slowFiles` first, in that order, then the rest in vitest's order.
 */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    const key = (file: TestSpecification) =>
      `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    if (sorted.every((file) => cache.getFileTestResults(key(file)) !== undefined)) return sorted;
    const rank = (file: TestSpecification) => {
      const index = slowFiles.indexOf(relative(this.ctx.config.root, file.moduleId).replaceAll('\\', '/'));
      return index === -1 ? slowFiles.length : index;
    };
    // Array sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest } from '../http/example-request.js';
import { repositoryRoot } from '../support/repository-root.js';

/**
 * A build that lacks one validator file (an interrupted build, a damaged install): on Node the file that cannot
 * be loaded is named with the fix, through the command line and through the library, and never reported as a
 * profile still loading.
 */

const removed = 'generated-validators.messages-request.cjs';
let copy: string;
let request: string;

function runNode(args: readonly string[]) {
  const result = spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8', timeout: 20_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'gc-incomplete-build-'));
  cpSync(join(repositoryRoot, 'dist/lib'), join(copy, 'dist/lib'), { recursive: true });
  cpSync(join(repositoryRoot, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(repositoryRoot, 'node_modules'), join(copy, 'node_modules'));
  rmSync(join(copy, 'dist/lib', removed));
  request = join(copy, 'request.json');
  writeFileSync(request, exampleRequest);
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

const missingFile = () => join(copy, 'dist/lib', removed);

describe('a build with one validator file removed', () => {
  it('answers validate with the missing file and the fix, exit 2', () => {
    const run = runNode(['dist/lib/bin.js', 'validate', 'messages-request', request]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${missingFile()} is missing`);
    expect(run.stderr).toContain('run `npm run build`');
    expect(run.stderr).toContain('reinstall the package');
    expect(run.stderr).not.toContain('still loading');
  });

  it('throws the same from the library, where the other roots still validate', () => {
    const script = `
      const { validate } = await import('./dist/lib/index.js');
      const other = validate('providers-response', { data: [] });
      let message = 'no error';
      try { validate('messages-request', {}); } catch (error) { message = error.message; }
      console.log(JSON.stringify({ other: other.ok, message }));`;
    const run = runNode(['--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    const { other, message } = JSON.parse(run.stdout) as { other: boolean; message: string };
    expect(other).toBe(true);
    expect(message).toBe(
      `The precompiled validators file ${missingFile()} is missing: run \`npm run build\` in a clone of the project, or reinstall the package.`,
    );
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/repository-root.js';

/*
 * The build's stamp lets `npm run build` skip its steps only when dist/ is what a complete build made from the
 * sources as they are now. Shown on a scratch repository holding the stamp's script, a source and a .gitignore,
 * whose "build" copies the source into dist/ between `check` and `write`, as the build script does.
 */

let repository: string;

function stamp(command: 'check' | 'write'): number | null {
  return spawnSync(process.execPath, ['build/build-stamp.mjs', command], {
    cwd: repository,
    encoding: 'utf8',
  }).status;
}

/** `npm run build`: the steps run only when `check` fails. Whether they ran. */
function build(): boolean {
  if (stamp('check') === 0) return false;
  cpSync(join(repository, 'src'), join(repository, 'dist', 'src'), { recursive: true });
  expect(stamp('write')).toBe(0);
  return true;
}

beforeAll(() => {
  repository = mkdtempSync(join(tmpdir(), 'gc-build-stamp-'));
  mkdirSync(join(repository, 'build'));
  mkdirSync(join(repository, 'src'));
  cpSync(join(repositoryRoot, 'build/build-stamp.mjs'), join(repository, 'build/build-stamp.mjs'));
  writeFileSync(join(repository, '.gitignore'), 'dist/\n*.log\n');
  writeFileSync(join(repository, 'src/index.ts'), 'export const a = 1;\n');
  execFileSync('git', ['init', '-q'], { cwd: repository });
  execFileSync('git', ['add', '.'], { cwd: repository });
});

afterAll(() => rmSync(repository, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('builds where there is no dist/, then skips while nothing changed', () => {
    expect(build()).toBe(true);
    expect(existsSync(join(repository, 'dist/.build-stamp'))).toBe(true);
    expect(build()).toBe(false);
  });

  it('rebuilds after a source changed', () => {
    writeFileSync(join(repository, 'src/index.ts'), 'export const a = 2;\n');
    expect(build()).toBe(true);
    expect(build()).toBe(false);
  });

  it('rebuilds after a new file that git does not ignore appears, untracked, but not for an ignored one', () => {
    writeFileSync(join(repository, 'src/extra.ts'), 'export const b = 1;\n');
    expect(build()).toBe(true);
    writeFileSync(join(repository, 'debug.log'), 'ignored\n');
    expect(build()).toBe(false);
  });

  it('rebuilds when a file of dist/ was removed or changed since', () => {
    rmSync(join(repository, 'dist/src/extra.ts'));
    expect(build()).toBe(true);
    writeFileSync(join(repository, 'dist/src/index.ts'), 'edited by hand\n');
    expect(build()).toBe(true);
    expect(build()).toBe(false);
  });

  it('rebuilds after a build that stopped before its end, which leaves no stamp', () => {
    writeFileSync(join(repository, 'src/index.ts'), 'export const a = 3;\n');
    expect(stamp('check')).toBe(1);
    // The steps failed (a drift check, a type error): `write` never ran.
    expect(existsSync(join(repository, 'dist/.build-stamp'))).toBe(false);
    expect(stamp('check')).toBe(1);
    expect(build()).toBe(true);
  });
});

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repositoryRoot } from './support/repository-root.js';

/*
 * The type check of the whole test project (test/tsconfig.json: the schemas, the sources, the build, the
 * benchmarks, the examples and the tests, the type tests `*.test-d.ts` among them, whose `expectTypeOf` fails as
 * a type error), as a file of the suite: vitest's `--typecheck` runs it after every other file, alone, where
 * this runs beside them. Any type error fails it, and its message lists them as tsc prints them.
 */
it('finds no type error in the project, its type tests included', async () => {
  const tsc = join(repositoryRoot, 'node_modules/typescript/bin/tsc');
  const child = spawn(process.execPath, [tsc, '-p', 'test/tsconfig.json', '--noEmit', '--pretty', 'false'], {
    cwd: repositoryRoot,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(output).toBe('');
  expect(code).toBe(0);
}, 300_000);

import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root, from test/support/. */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Folders that are installed or built, never part of the sources. */
const generatedFolders = new Set(['node_modules', 'dist', '.git']);

/**
 * The repository's files (relative paths) under `folders`: what git tracks or would track, or, in a copy without
 * `.git` (a downloaded archive), every file but installed and built ones.
 */
export function repositoryFiles(folders: readonly string[] = []): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard', ...folders], {
      cwd: repositoryRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return listed.split('\0').filter((path) => path !== '');
  } catch {
    const roots = folders.length === 0 ? ['.'] : folders;
    return roots.flatMap((folder) =>
      readdirSync(new URL(folder, `file://${repositoryRoot}`), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `${entry.parentPath}/${entry.name}`.slice(repositoryRoot.length).replace(/^\.\//, ''))
        .filter((path) => !path.split('/').some((part) => generatedFolders.has(part))),
    );
  }
}

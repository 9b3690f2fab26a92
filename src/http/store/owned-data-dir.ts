import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A data directory the store will not use: not a directory, another user's, or writable by others. */
export class DataDirRefused extends Error {
  override readonly name = 'DataDirRefused';
}

/** The permission bits of group and others: none of them belong on a store's files. */
const GROUP_AND_OTHERS = 0o077;

/** `mode` (type bits kept) with every permission of group and others taken away. */
export function ownerOnlyMode(mode: number): number {
  return mode & ~GROUP_AND_OTHERS;
}

/** Takes group and others' bits off everything under `dir`, without following a symbolic link. */
function tightenUnder(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.mode & GROUP_AND_OTHERS) chmodSync(path, ownerOnlyMode(stat.mode) & 0o7777);
    if (stat.isDirectory()) tightenUnder(path);
  }
}

/**
 * Makes `dataDir` its owner's alone, as PostgreSQL wants a data directory: created 0700 when missing; refused
 * when it is not a directory, belongs to another user, or group or others may write it (anyone could then swap
 * its files); otherwise it and everything in it lose group and others' bits (a release before this one made
 * directories 0755 and files 0666). Windows has no such bits, and is left as it is.
 */
export function ownDataDir(dataDir: string): void {
  mkdirSync(dirname(dataDir), { recursive: true });
  try {
    mkdirSync(dataDir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform === 'win32') return;
  const stat = statSync(dataDir);
  if (!stat.isDirectory()) throw new DataDirRefused(`data directory "${dataDir}" is not a directory`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new DataDirRefused(
      `data directory "${dataDir}" has wrong ownership: it belongs to user ${stat.uid}, and this process runs as user ${uid}`,
    );
  }
  if (stat.mode & 0o022) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
    throw new DataDirRefused(
      `data directory "${dataDir}" has invalid permissions: group or others may write it (mode ${mode}); ` +
        `it should be u=rwx (0700): chmod 0700 "${dataDir}"`,
    );
  }
  if (stat.mode & GROUP_AND_OTHERS) chmodSync(dataDir, ownerOnlyMode(stat.mode) & 0o7777);
  tightenUnder(dataDir);
}

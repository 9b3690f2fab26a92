import { closeSync, fstatSync, statSync, type Stats } from 'node:fs';
import { adoptDataDir, openDataDir, ownDataDir } from './owned-data-dir.js';

/**
 * The data directory an embedded store works inside: the directory that was opened (and locked), not whatever
 * its path names later. Where the system has `/proc/self/fd`, every file is opened through the directory's own
 * descriptor there, so a directory renamed away keeps being the store's and a new one made at its path is never
 * written; elsewhere files are opened by path, and the directory's identity is checked before each call
 * (contract: durable-presets).
 */
export interface StoreDirectory {
  /** The path it was opened by, for messages. */
  readonly shownAs: string;
  /** Where its files are opened: `/proc/self/fd/<descriptor>`, or the path where that is not at hand. */
  readonly root: string;
  /** Why the store no longer has this directory (removed, or its path now names another), or null. */
  lost(): string | null;
  /** Closes the descriptor when the store opened it; one a lock holds stays open. */
  close(): void;
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** The descriptor's path under `/proc/self/fd` when it leads to the directory itself, or null. */
function descriptorPath(fd: number, opened: Stats): string | null {
  const path = `/proc/self/fd/${fd}`;
  try {
    return sameFile(statSync(path), opened) ? path : null;
  } catch {
    return null;
  }
}

function storeDirectory(shownAs: string, fd: number | null, closeFd: boolean): StoreDirectory {
  if (fd === null) return { shownAs, root: shownAs, lost: () => null, close: () => {} };
  const opened = fstatSync(fd);
  const root = descriptorPath(fd, opened);
  let closed = false;
  return {
    shownAs,
    root: root ?? shownAs,
    lost() {
      // An unlinked directory takes no new file: nothing more can be stored in it.
      if (fstatSync(fd).nlink === 0) return `the data directory ${shownAs} was removed`;
      if (root !== null) return null;
      try {
        if (sameFile(statSync(shownAs), opened)) return null;
      } catch {
        // Gone from its path.
      }
      return `the data directory ${shownAs} was moved or replaced while the store had it open`;
    },
    close() {
      if (!closeFd || closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

/**
 * The directory at `dataDir` as the store's: `directoryFd`, when given, is that directory already opened and
 * checked by the caller (the descriptor a lock holds), which it keeps and closes; otherwise the directory is
 * checked (owner's alone, a store or empty) and opened here, and closed by `close`.
 */
export function openStoreDirectory(dataDir: string, directoryFd?: number): StoreDirectory {
  if (directoryFd !== undefined) return storeDirectory(dataDir, directoryFd, false);
  // A directory cannot be opened on Windows: it is only checked, and its files opened by path.
  if (process.platform === 'win32') {
    ownDataDir(dataDir);
    return storeDirectory(dataDir, null, false);
  }
  const fd = openDataDir(dataDir);
  try {
    adoptDataDir(dataDir);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return storeDirectory(dataDir, fd, true);
}

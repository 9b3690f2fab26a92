import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  type Stats,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** A data directory the store will not use: a link, not a directory, another user's, writable by others, or not a store. */
export class DataDirRefused extends Error {
  override readonly name = 'DataDirRefused';
}

/** The permission bits of group and others: none of them belong on a store's files. */
const GROUP_AND_OTHERS = 0o077;

/** What the gateway itself keeps beside the database: the file naming the lock's holder, and its half-written copies. */
const GATEWAY_FILE = /^gateway-contract\.lock(\.\d+)?$/;

/**
 * The file a first initialisation writes before anything else and removes once the store is whole on the disk:
 * a directory that holds it is a store of ours made half way, which the next start clears and makes again.
 */
export const INITIALIZING_FILE = 'gateway-contract.initializing';

/** Whether `name` is one of the gateway's own files in a data directory, not PostgreSQL's. */
export function isGatewayFile(name: string): boolean {
  return GATEWAY_FILE.test(name) || name === INITIALIZING_FILE;
}

/** `mode` (type bits kept) with every permission of group and others taken away. */
export function ownerOnlyMode(mode: number): number {
  return mode & ~GROUP_AND_OTHERS;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function refuse(dataDir: string, what: string, toDo: string): DataDirRefused {
  return new DataDirRefused(`data directory "${dataDir}" ${what}: ${toDo}`);
}

/** The data directory's own entry, made 0700 when missing; refused, unchanged, when it is not a real directory of this user's. */
function checkedEntry(dataDir: string): Stats {
  let stat = lstatOrNull(dataDir);
  if (stat === null) {
    mkdirSync(dirname(dataDir), { recursive: true });
    try {
      mkdirSync(dataDir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    stat = lstatSync(dataDir);
  }
  if (stat.isSymbolicLink()) {
    throw refuse(
      dataDir,
      `is a symbolic link (to "${readlinkSync(dataDir)}"), and the embedded store uses a real directory only`,
      'give the directory itself as the data directory (GATEWAY_DATA_DIR), not a link to it',
    );
  }
  if (!stat.isDirectory()) {
    throw refuse(
      dataDir,
      'is not a directory',
      'give a directory, or a path not yet made, as the data directory (GATEWAY_DATA_DIR)',
    );
  }
  if (process.platform === 'win32') return stat;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw refuse(
      dataDir,
      `has wrong ownership: it belongs to user ${stat.uid}, and this process runs as user ${uid}`,
      "run the gateway as the directory's owner, or give it a directory of its own",
    );
  }
  if (stat.mode & 0o022) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
    throw refuse(
      dataDir,
      `has invalid permissions: group or others may write it (mode ${mode}); it should be u=rwx (0700)`,
      `chmod 0700 "${dataDir}"`,
    );
  }
  return stat;
}

/**
 * Opens the data directory itself (read-only, never through a link) after checking it without following links:
 * made 0700 when missing; refused, and left as it is, when it is a symbolic link, not a directory, another
 * user's, or writable by group or others. The descriptor is the directory that was checked (a link swapped in
 * between is refused); the caller closes it. Not on Windows, where a directory cannot be opened.
 */
export function openDataDir(dataDir: string): number {
  const checked = checkedEntry(dataDir);
  let fd: number;
  try {
    fd = openSync(dataDir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ELOOP' && code !== 'ENOTDIR') throw error;
    throw refuse(dataDir, 'was replaced while it was opened', 'start again once nothing else changes it');
  }
  const opened = fstatSync(fd);
  if (opened.dev !== checked.dev || opened.ino !== checked.ino) {
    closeSync(fd);
    throw refuse(dataDir, 'was replaced while it was opened', 'start again once nothing else changes it');
  }
  return fd;
}

/** Entries that say a directory is an embedded store: PostgreSQL's `PG_VERSION`, and no sign of a server of its own. */
function isStore(dataDir: string, names: readonly string[]): boolean {
  // A PostgreSQL server writes postmaster.opts at every start; PGlite never runs one.
  if (names.includes('postmaster.opts')) return false;
  return names.includes('PG_VERSION') && lstatOrNull(join(dataDir, 'PG_VERSION'))?.isFile() === true;
}

/** Quoted names for a message, at most a few. */
function someNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).map((name) => JSON.stringify(name));
  return names.length > 3 ? `${shown.join(', ')} and ${names.length - 3} more` : shown.join(', ');
}

/** Refuses, touching nothing, a data directory that holds files and is not an embedded store. */
function checkContents(dataDir: string): void {
  const names = readdirSync(dataDir).sort();
  const foreign = names.filter((name) => !isGatewayFile(name));
  // A first initialisation cut short is ours: the engine clears it and makes the store again.
  if (foreign.length === 0 || names.includes(INITIALIZING_FILE) || isStore(dataDir, names)) return;
  throw refuse(
    dataDir,
    `is not empty and holds no embedded store (it holds ${someNames(foreign)})`,
    'give an empty or new directory as the data directory (GATEWAY_DATA_DIR), or one an embedded store was made in',
  );
}

/**
 * Takes group and others' bits off the store's own files under `dir`: this user's, not links and not linked
 * elsewhere (a hard link's file is another name's too).
 */
function tightenUnder(dir: string, uid: number | undefined): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink() || (uid !== undefined && stat.uid !== uid)) continue;
    if (stat.isDirectory()) {
      if (stat.mode & GROUP_AND_OTHERS) chmodSync(path, ownerOnlyMode(stat.mode) & 0o7777);
      tightenUnder(path, uid);
    } else if (stat.nlink === 1 && stat.mode & GROUP_AND_OTHERS) {
      chmodSync(path, ownerOnlyMode(stat.mode) & 0o7777);
    }
  }
}

/**
 * Takes a data directory checked by `openDataDir` as the store's: refused, unchanged, when it is neither empty
 * nor an embedded store; otherwise it and the store's own files in it lose group and others' bits (a release
 * before this one made directories 0755 and files 0666).
 */
export function adoptDataDir(dataDir: string): void {
  checkContents(dataDir);
  if (process.platform === 'win32') return;
  const stat = lstatSync(dataDir);
  if (stat.mode & GROUP_AND_OTHERS) chmodSync(dataDir, ownerOnlyMode(stat.mode) & 0o7777);
  tightenUnder(dataDir, process.getuid?.());
}

/**
 * Makes `dataDir` the store's, as PostgreSQL wants a data directory: created 0700 when missing; refused, with
 * nothing in it or under it changed, when it is a symbolic link, not a directory, another user's, writable by
 * group or others, or neither empty nor an embedded store; otherwise its own files lose group and others' bits.
 * Windows has no such bits, and is only checked.
 */
export function ownDataDir(dataDir: string): void {
  if (process.platform === 'win32') checkedEntry(dataDir);
  else closeSync(openDataDir(dataDir));
  adoptDataDir(dataDir);
}

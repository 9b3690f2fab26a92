import { spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  ftruncateSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ownDataDir } from '../http/store/owned-data-dir.js';

/** An embedded store's data directory that another live process has open. */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';
}

/** How long a start waits for a lock that is held: a holder killed a moment ago may still be dying. */
const DYING_HOLDER_MS = 2_000;

/** The file the lock is held on, which also names its holder for the message a refused start prints. */
const LOCK_FILE = 'gateway-contract.lock';

/** The holder as its lock file names it: pid, host and start time, one a line. */
interface Holder {
  pid: number;
  host: string | undefined;
  since: string | undefined;
}

function holderOf(dataDir: string): Holder | null {
  try {
    const [pid, host, since] = readFileSync(join(dataDir, LOCK_FILE), 'utf8').split('\n');
    const number = Number.parseInt(pid ?? '', 10);
    return Number.isInteger(number)
      ? { pid: number, host: host || undefined, since: since || undefined }
      : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the lock, as far as its file tells: a winner that has not written yet leaves a dead holder's words. */
function holderWords(dataDir: string): string {
  const holder = holderOf(dataDir);
  if (holder === null) return 'another process';
  const here = holder.host === undefined || holder.host === hostname();
  if (here && !isAlive(holder.pid)) return 'another process';
  return `process ${holder.pid}${holder.host === undefined ? '' : ` on host ${holder.host}`}${
    holder.since === undefined ? '' : ` (since ${holder.since})`
  }`;
}

function inUse(dataDir: string): DataDirInUse {
  return new DataDirInUse(
    `${dataDir} is in use by ${holderWords(dataDir)}: one process owns an embedded store ` +
      '(share one PostgreSQL through DATABASE_URL instead)',
  );
}

/**
 * Takes flock(2) on the open file `fd` without waiting: true when taken, false when another open file holds it.
 * Node has no flock, so util-linux's `flock` command takes it on the descriptor it inherits; flock locks belong
 * to the open file, which this process keeps open, so the lock stays when the command exits.
 */
function flockOpenFile(fd: number, lockFile: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    // Only `-n`, which every flock command has; util-linux's exits 1 and says nothing when the lock is held.
    const child = spawn('flock', ['-n', '3'], {
      stdio: ['ignore', 'ignore', 'pipe', fd],
    });
    let said = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `cannot lock ${lockFile}: the embedded store needs the flock command (util-linux) on PATH to ` +
                'own its data directory',
            )
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(true);
      else if (code === 1 && said === '') resolve(false);
      else
        reject(new Error(`cannot lock ${lockFile}: flock exited ${code}${said ? `: ${said.trim()}` : ''}`));
    });
  });
}

/** Writes this process as the holder, only for a refused start's message: a disk without room just leaves it out. */
function nameHolder(fd: number): void {
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`, 0);
  } catch {
    // On a full or read-only disk the store itself says what is wrong.
  }
}

/** The lock file, opened to be written; on a read-only file system read-only (flock needs no more), or null when missing. */
function openLockFile(lockFile: string): number | null {
  try {
    return openSync(lockFile, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EROFS') throw error;
  }
  try {
    return openSync(lockFile, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Linux: an open file's lock on `gateway-contract.lock`, held until this process closes it or dies. */
async function lockByOpenFile(dataDir: string): Promise<() => void> {
  const lockFile = join(dataDir, LOCK_FILE);
  const fd = openLockFile(lockFile);
  // Nothing writes a read-only directory with no lock file in it: the store refuses to open it, saying why.
  if (fd === null) return () => {};
  try {
    let taken = await flockOpenFile(fd, lockFile);
    // A killed holder frees its memory before its files: give a dying one a moment to let go.
    for (const waitUntil = Date.now() + DYING_HOLDER_MS; !taken && Date.now() < waitUntil;) {
      await sleep(50);
      taken = await flockOpenFile(fd, lockFile);
    }
    if (!taken) throw inUse(dataDir);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  nameHolder(fd);
  return () => {
    // The file stays: one removed while another start opens it would give two starts two different locks.
    try {
      ftruncateSync(fd, 0);
    } catch {
      // Only the holder's name is lost; closing still frees the lock.
    }
    closeSync(fd);
  };
}

/** Where no flock(2) is at hand: a file created with O_EXCL, taken over when its process is gone. */
function lockByExclusiveFile(dataDir: string): () => void {
  const lockFile = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(dataDir);
      if (holder !== null && holder.pid !== process.pid && isAlive(holder.pid)) throw inUse(dataDir);
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUse(`${dataDir}: could not take its lock file ${lockFile}`);
}

/**
 * Claims `dataDir` for this process: PGlite has one writer, and two processes on one directory would corrupt
 * it. The directory is made its owner's alone first, so no other user can open the lock file to take or block
 * the lock. On Linux the lock is flock(2) on `gateway-contract.lock` inside it: the kernel grants it to one
 * open file at a time, so of any number of racing starts exactly one wins, whatever network namespace or
 * container each runs in, and drops it when the holder's files close, which happens as it dies, before it is
 * even a zombie. The holder writes its pid, host and start time in the file only to be named in a refusal.
 * Elsewhere the lock is that file created exclusively, which a start racing another over a dead holder's file
 * may share. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  ownDataDir(dataDir);
  return process.platform === 'linux' ? lockByOpenFile(dataDir) : lockByExclusiveFile(dataDir);
}

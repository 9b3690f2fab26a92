import { spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { constants as osConstants, hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { adoptDataDir, openDataDir, ownDataDir } from '../http/store/owned-data-dir.js';

/** An embedded store's data directory that another live process has open. */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';
}

/** How long a start waits for a lock that is held: a holder killed a moment ago may still be dying. */
const DYING_HOLDER_MS = 2_000;

export interface LockOptions {
  /** How long a start waits for a held lock before it is refused; 2 s by default. */
  dyingHolderMs?: number;
}

/** The file that names the lock's holder for the message a refused start prints; it holds no lock itself. */
const HOLDER_FILE = 'gateway-contract.lock';

/** The holder as its file names it: pid, host and start time, one a line. */
interface Holder {
  pid: number;
  host: string | undefined;
  since: string | undefined;
}

function holderOf(dataDir: string): Holder | null {
  try {
    const [pid, host, since] = readFileSync(join(dataDir, HOLDER_FILE), 'utf8').split('\n');
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

/** Whether process `pid` has `dataDir` open, as its `/proc` entry tells; null where that cannot be read. */
function hasOpen(pid: number, dataDir: string): boolean | null {
  let descriptors: string[];
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return null;
  }
  const { dev, ino } = statSync(dataDir);
  return descriptors.some((fd) => {
    try {
      const open = statSync(`/proc/${pid}/fd/${fd}`);
      return open.dev === dev && open.ino === ino;
    } catch {
      return false;
    }
  });
}

/**
 * Who holds the lock, as far as its file tells: a file deleted, or naming a process of this host that is dead or
 * does not have the directory open (a file replaced by hand), names no one.
 */
function holderWords(dataDir: string): string {
  const holder = holderOf(dataDir);
  if (holder === null) return 'another process';
  const here = holder.host === undefined || holder.host === hostname();
  if (here && (!isAlive(holder.pid) || hasOpen(holder.pid, dataDir) === false)) return 'another process';
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

/** Takes flock(2) on an open file without waiting: true when taken, false when another open file holds it. */
type Flock = (fd: number) => Promise<boolean>;

/** No flock command on PATH. */
class NoFlockCommand extends Error {}

/**
 * The flock command (util-linux's, or BusyBox's applet) takes the lock on the descriptor it inherits; flock
 * locks belong to the open file, which this process keeps open, so the lock stays when the command exits.
 */
const flockByCommand: Flock = (fd) =>
  new Promise((resolve, reject) => {
    // Only `-n` and a descriptor, which both commands read alike; each exits 1, saying nothing, when it is held.
    const child = spawn('flock', ['-n', '3'], { stdio: ['ignore', 'ignore', 'pipe', fd] });
    let said = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new NoFlockCommand() : error),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(true);
      else if (code === 1 && said === '') resolve(false);
      else reject(new Error(`flock exited ${code}${said ? `: ${said.trim()}` : ''}`));
    });
  });

/** The parts of Node's `node:ffi` (Node 26 and later) this module calls. */
interface NodeFfi {
  dlopen(
    path: null,
    definitions: Record<string, { arguments: string[]; return: string }>,
  ): { functions: { flock(fd: number, operation: number): number; __errno_location(): bigint } };
  getInt32(pointer: bigint, offset: number): number;
}

const LOCK_EX = 2;
const LOCK_NB = 4;

/**
 * The C library's flock(2) called through `node:ffi`, where this Node has it (26 and later, on by default):
 * the lock needs no command then. Where it cannot be had, the reason instead.
 */
function flockByFfi(): Flock | string {
  let ffi: NodeFfi | undefined;
  try {
    ffi = process.getBuiltinModule('node:ffi') as NodeFfi | undefined;
  } catch {
    ffi = undefined;
  }
  if (ffi === undefined) return `this Node (${process.version}) has no node:ffi`;
  let call: ReturnType<NodeFfi['dlopen']>['functions'];
  try {
    call = ffi.dlopen(null, {
      flock: { arguments: ['int32', 'int32'], return: 'int32' },
      __errno_location: { arguments: [], return: 'pointer' },
    }).functions;
  } catch (error) {
    return `node:ffi cannot call flock (${(error as Error).message})`;
  }
  return async (fd) => {
    if (call.flock(fd, LOCK_EX | LOCK_NB) === 0) return true;
    const errno = ffi.getInt32(call.__errno_location(), 0);
    if (errno === osConstants.errno.EWOULDBLOCK) return false;
    throw new Error(`flock failed with errno ${errno}`);
  };
}

/** The call through node:ffi, or why there is none: looked up once, when no flock command is found. */
let ffiFlock: Flock | string | undefined;

/**
 * Takes the lock by the flock command, or through node:ffi where there is no command (asked each time, so a
 * command installed later is used). Null where neither is at hand and another platform than Linux falls back.
 */
async function flockOnce(fd: number, dataDir: string): Promise<boolean | null> {
  try {
    return await flockByCommand(fd);
  } catch (error) {
    if (!(error instanceof NoFlockCommand)) throw lockFailed(dataDir, (error as Error).message);
  }
  ffiFlock ??= flockByFfi();
  if (typeof ffiFlock !== 'string') return ffiFlock(fd);
  if (process.platform !== 'linux') return null;
  throw lockFailed(
    dataDir,
    `the embedded store locks it with the flock command (util-linux or BusyBox), which is not on PATH, or ` +
      `through node:ffi, and ${ffiFlock}; add a flock command to the image, run Node 26 or later, or share ` +
      'one PostgreSQL through DATABASE_URL',
  );
}

function lockFailed(dataDir: string, why: string): Error {
  return new Error(`cannot lock the data directory "${dataDir}": ${why}`);
}

/**
 * Writes this process as the holder, only for a refused start's message: a copy renamed into place, so that a
 * link planted under the name is replaced, never written through. A disk without room just leaves it out.
 */
function nameHolder(dataDir: string): (() => void) | null {
  const holderFile = join(dataDir, HOLDER_FILE);
  const draft = `${holderFile}.${process.pid}`;
  try {
    rmSync(draft, { force: true });
    const fd = openSync(
      draft,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      writeSync(fd, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`);
    } finally {
      closeSync(fd);
    }
    const { ino } = lstatSync(draft);
    renameSync(draft, holderFile);
    // Removed as the lock goes, unless someone put another file in its place.
    return () => {
      try {
        if (lstatSync(holderFile).ino === ino) rmSync(holderFile);
      } catch {
        // Already gone.
      }
    };
  } catch {
    // On a full or read-only disk the store itself says what is wrong.
    rmSync(draft, { force: true });
    return null;
  }
}

/**
 * A held lock: calling it releases it. `directoryFd` is the locked directory, open while the lock is held, for
 * the store to work inside (null where the lock is a file).
 */
export type DataDirLock = (() => void) & { readonly directoryFd: number | null };

/** Unix: flock(2) on the data directory itself, held until this process closes it or dies. */
async function lockDirectory(dataDir: string, dyingHolderMs: number): Promise<DataDirLock | null> {
  const fd = openDataDir(dataDir);
  try {
    let taken = await flockOnce(fd, dataDir);
    if (taken === null) {
      closeSync(fd);
      return null;
    }
    // A killed holder frees its memory before its files: give a dying one a moment to let go.
    for (const waitUntil = Date.now() + dyingHolderMs; !taken && Date.now() < waitUntil;) {
      await sleep(50);
      taken = await flockOnce(fd, dataDir);
    }
    if (!taken) throw inUse(dataDir);
    // Checked once the lock is held, so a store another start is still making is never taken for foreign.
    adoptDataDir(dataDir);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const forgetHolder = nameHolder(dataDir);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    forgetHolder?.();
    closeSync(fd);
  };
  return Object.assign(release, { directoryFd: fd });
}

/** Where no flock(2) is at hand: a file created with O_EXCL, taken over when its process is gone. */
function lockByExclusiveFile(dataDir: string): DataDirLock {
  ownDataDir(dataDir);
  const lockFile = join(dataDir, HOLDER_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
      return Object.assign(() => rmSync(lockFile, { force: true }), { directoryFd: null });
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
 * it. The directory is checked without following links and must be its owner's alone (0700), so no other user
 * can open it to take or block the lock. The lock is flock(2) on the directory itself, opened read-only: nothing
 * inside it (a lock file deleted, renamed or replaced) can undo it, the kernel grants it to one open file at a
 * time, so of any number of racing starts exactly one wins, whatever network namespace or container each runs
 * in, and it is dropped when the holder's files close, as it dies, before it is even a zombie. Once the lock is
 * held, a directory that is neither empty nor a store is refused, untouched. The holder writes its pid, host and
 * start time in `gateway-contract.lock` only to be named in a refusal. The lock keeps the directory open, as
 * `directoryFd`, so that the store works inside the directory it locked, not at its path. The lock is taken by the flock command,
 * or through node:ffi where there is none; on Windows, and elsewhere than Linux without either, it is that file
 * created exclusively, which a start racing another over a dead holder's file may share. Returns the release.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  if (process.platform === 'win32') return lockByExclusiveFile(dataDir);
  return (
    (await lockDirectory(dataDir, options.dyingHolderMs ?? DYING_HOLDER_MS)) ?? lockByExclusiveFile(dataDir)
  );
}

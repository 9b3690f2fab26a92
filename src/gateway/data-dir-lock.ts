import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** An embedded store's data directory that another live process has open. */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';
}

/** How long a start waits for a lock that is held: a holder killed a moment ago may still be dying. */
const DYING_HOLDER_MS = 2_000;

/** The file naming the process that holds the lock, for the message a refused start prints. */
const HOLDER_FILE = 'gateway-contract.lock';

function holderOf(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, HOLDER_FILE), 'utf8'), 10);
    return Number.isInteger(pid) ? pid : null;
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

function inUse(dataDir: string): DataDirInUse {
  // A racing winner may not have written its pid yet, and the file may still name a dead holder.
  const written = holderOf(dataDir);
  const holder = written !== null && isAlive(written) ? written : null;
  return new DataDirInUse(
    `${dataDir} is in use by ${holder === null ? 'another process' : `process ${holder}`}: one process owns an ` +
      'embedded store (share one PostgreSQL through DATABASE_URL instead)',
  );
}

/**
 * The lock's name in Linux's abstract socket namespace: one per directory, from its device and inode, so two
 * paths to one directory (a symbolic link, a bind mount) meet at one lock.
 */
function lockName(dataDir: string): string {
  const { dev, ino } = statSync(dataDir, { bigint: true });
  return `\0gateway-contract-data-dir-${createHash('sha256').update(`${dev}:${ino}`).digest('hex').slice(0, 32)}`;
}

/** Binds the abstract socket, or resolves null when another socket holds the name. */
function bindLock(name: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    // Nobody is meant to connect; one that does is hung up on.
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen({ path: name, exclusive: true }, () => {
      server.unref();
      resolve(server);
    });
  });
}

/** Where the kernel keeps no such lock: a file created with O_EXCL, taken over when its process is gone. */
function lockByFile(dataDir: string): () => void {
  const lockFile = join(dataDir, HOLDER_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(dataDir);
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw inUse(dataDir);
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUse(`${dataDir}: could not take its lock file ${lockFile}`);
}

/**
 * Claims `dataDir` for this process: PGlite has one writer, and two processes on one directory would corrupt
 * it. On Linux the lock is a socket bound in the abstract namespace: binding is atomic, so of any number of
 * racing starts exactly one wins, and the kernel frees the name when the process's descriptors close, which
 * happens as it dies, before it is even a zombie; no file is left to go stale. The holder's pid is written in
 * the directory only to name it in a refusal. Elsewhere a lock file stands in, which a start racing another
 * over a dead holder's file may share. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dirname(dataDir), { recursive: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'linux') return lockByFile(dataDir);
  const name = lockName(dataDir);
  let server = await bindLock(name);
  // A killed holder frees its memory before its descriptors: give a dying one a moment to let go.
  for (const waitUntil = Date.now() + DYING_HOLDER_MS; server === null && Date.now() < waitUntil;) {
    await sleep(50);
    server = await bindLock(name);
  }
  if (server === null) throw inUse(dataDir);
  const holderFile = join(dataDir, HOLDER_FILE);
  try {
    writeFileSync(holderFile, `${process.pid}\n`, { mode: 0o600 });
  } catch {
    // Only a refusal's message reads it; on a read-only disk the store itself says what is wrong.
  }
  return () => {
    server.close();
    if (holderOf(dataDir) === process.pid) rmSync(holderFile, { force: true });
  };
}

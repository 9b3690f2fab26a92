import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An embedded store's data directory that another live process has open. */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process with a lock file holding its pid: PGlite has one writer, and two processes
 * on one directory would corrupt it. A lock left by a process that died (a `kill -9`) is taken over. Returns
 * the release, which removes the file.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'gateway-contract.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUse(
          `${dataDir} is in use by process ${holder}: one process owns an embedded store (share one PostgreSQL through DATABASE_URL instead)`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUse(`${dataDir}: could not take its lock file ${lockFile}`);
}

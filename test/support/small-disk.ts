import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemChange, type SystemChange } from './system-changes.js';

/** A tmpfs of a few MiB the tests mounted, to run out of space for real. */
export interface SmallDisk {
  dir: string;
  /** Writes a file until the disk refuses a single byte more; returns its path. */
  fill(): string;
  /** Removes what `fill` wrote. */
  free(): void;
  /** Remounts it read-only, or writable again. */
  readOnly(on: boolean): void;
  unmount(): void;
}

const filler = (dir: string) => join(dir, 'filler');

/** Writes `chunk` to `fd` until the disk is full; ENOSPC is the end, anything else is thrown. */
function writeUntilFull(fd: number, chunk: Buffer): void {
  for (;;) {
    try {
      writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw error;
    }
  }
}

/**
 * Mounts a tmpfs of `sizeMiB` MiB on a temporary directory, or says why it cannot (mounting needs root, or
 * CAP_SYS_ADMIN in a container): the caller skips with that reason.
 */
export function mountSmallDisk(sizeMiB: number): SmallDisk | string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-contract-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `cannot mount a tmpfs here (${said || (error as Error).message}): the full-disk faults need root`;
  }
  return {
    dir,
    fill() {
      const fd = openSync(filler(dir), 'a');
      try {
        writeUntilFull(fd, Buffer.alloc(1024 * 1024));
        writeUntilFull(fd, Buffer.alloc(1));
      } finally {
        closeSync(fd);
      }
      return filler(dir);
    },
    free: () => rmSync(filler(dir), { force: true }),
    readOnly: (on) => execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' }),
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The full-disk tests' change to the system, a tmpfs of `sizeMiB` MiB: mounted and unmounted once to probe it. */
export function smallDiskChange(sizeMiB: number): SystemChange {
  return systemChange(`mounts a tmpfs of ${sizeMiB} MiB`, () => {
    const probe = mountSmallDisk(sizeMiB);
    if (typeof probe === 'string') return probe;
    probe.unmount();
    return false;
  });
}

import { accessSync, constants, statfsSync } from 'node:fs';

const MIB = 1024 * 1024;

/** Bytes as the messages write them: mebibytes with one decimal, or bytes below one. */
function sized(bytes: number): string {
  return bytes < MIB ? `${bytes} bytes` : `${(bytes / MIB).toFixed(1)} MiB`;
}

/**
 * Why a write in `dir` should not start, or null when it may: the file system is read-only or refuses this
 * process, or the disk has fewer than `minFreeBytes` bytes (or no inode) left for this user. Asked before
 * PostgreSQL writes, so that it never runs out in the middle of a commit, where it could only stop. Messages
 * name `dir` as `shownAs` (a descriptor's path under /proc says nothing to a reader).
 */
export function diskRoomProblem(dir: string, minFreeBytes: number, shownAs = dir): string | null {
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return `the file system holding ${shownAs} is read-only`;
    return `${shownAs} cannot be written (${code ?? (error as Error).message})`;
  }
  const disk = statfsSync(dir);
  const free = disk.bavail * disk.bsize;
  if (free < minFreeBytes) {
    return `the disk holding ${shownAs} has ${sized(free)} free, less than the ${sized(minFreeBytes)} a write needs`;
  }
  // A file system that makes inodes as it goes (btrfs) reports none in all, and none free.
  if (disk.files > 0 && disk.ffree === 0) return `the disk holding ${shownAs} has no free inode`;
  return null;
}

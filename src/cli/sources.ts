import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join } from 'node:path';
import type { InputFormat } from './documents.js';
import type { Chunks } from './line-reader.js';

/** One input named on the command line, or found in a directory named there. */
export interface Source {
  /** How output names it: the path as given, or `<stdin>`. */
  label: string;
  /** Undefined for standard input. */
  path: string | undefined;
  /** Bytes on disk, when known before reading: the progress bar's total, and a whole document's early limit. */
  size: number | undefined;
  format: InputFormat;
  /** Why the input cannot be read at all (it does not exist, say); its reason goes to standard error. */
  unreadable?: string;
}

const jsonLinesExtensions = new Set(['.jsonl', '.ndjson']);
const documentExtensions = new Set(['.json', ...jsonLinesExtensions]);
/** Read in chunks of this size: the unit of memory a line is assembled from. */
const CHUNK_BYTES = 64 * 1024;

export const STDIN_LABEL = '<stdin>';

function formatOf(path: string, forced: InputFormat): InputFormat {
  if (forced !== 'auto') return forced;
  return jsonLinesExtensions.has(extname(path).toLowerCase()) ? 'jsonl' : 'auto';
}

/** Node's message of a failed read, which names the code and the path. */
export const reasonOf = (error: unknown): string => (error as Error).message;

/** What one directory walk has read already, by device and inode, so that no link makes it read a thing twice. */
type Seen = Set<string>;

/** True the first time a file or directory is met in a walk; false when it was read already (a loop, say). */
function firstVisit(seen: Seen, info: Stats): boolean {
  const identity = `${info.dev}:${info.ino}`;
  if (seen.has(identity)) return false;
  seen.add(identity);
  return true;
}

/**
 * A directory's document files, recursively, in sorted order (names compared as strings). A symbolic link is
 * followed, to a file or a directory, and each file and directory is read once, under the first name met, so a
 * link back up the tree ends the walk there instead of looping. A link that cannot be followed (its target
 * gone, a loop of links) is reported unreadable, as a missing file named on the command line is.
 */
async function filesUnder(
  directory: string,
  forced: InputFormat,
  found: Source[],
  seen: Seen,
): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(directory, entry.name);
    const isDocument = documentExtensions.has(extname(entry.name).toLowerCase());
    if (!entry.isDirectory() && !entry.isSymbolicLink() && !(entry.isFile() && isDocument)) continue;
    let info: Stats;
    try {
      info = await stat(path);
    } catch (error) {
      // A link that leads nowhere may have meant a directory of documents: it is said, not skipped.
      found.push({ label: path, path, size: undefined, format: forced, unreadable: reasonOf(error) });
      continue;
    }
    if (info.isDirectory()) {
      if (firstVisit(seen, info)) await filesUnder(path, forced, found, seen);
    } else if (info.isFile() && isDocument && firstVisit(seen, info)) {
      found.push({ label: path, path, size: info.size, format: formatOf(path, forced) });
    }
  }
}

/** The inputs the arguments name (standard input when none), in order, those that cannot be read included. */
export async function expandSources(args: readonly string[], forced: InputFormat): Promise<Source[]> {
  const sources: Source[] = [];
  for (const arg of args.length === 0 ? ['-'] : args) {
    if (arg === '-') {
      sources.push({ label: STDIN_LABEL, path: undefined, size: undefined, format: forced });
      continue;
    }
    try {
      const info = await stat(arg);
      if (info.isDirectory()) await filesUnder(arg, forced, sources, new Set([`${info.dev}:${info.ino}`]));
      else
        sources.push({
          label: arg,
          path: arg,
          size: info.isFile() ? info.size : undefined,
          format: formatOf(arg, forced),
        });
    } catch (error) {
      sources.push({ label: arg, path: arg, size: undefined, format: forced, unreadable: reasonOf(error) });
    }
  }
  return sources;
}

/** The bytes of a source, read in bounded chunks. */
export function chunksOf(source: Source, stdin: () => Chunks): Chunks {
  return source.path === undefined ? stdin() : createReadStream(source.path, { highWaterMark: CHUNK_BYTES });
}

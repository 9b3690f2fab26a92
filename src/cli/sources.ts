import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
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

/** A directory's document files, recursively, in sorted order (names compared as strings). */
async function filesUnder(directory: string, forced: InputFormat, found: Source[]): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) await filesUnder(path, forced, found);
    else if (entry.isFile() && documentExtensions.has(extname(entry.name).toLowerCase())) {
      found.push({ label: path, path, size: (await stat(path)).size, format: formatOf(path, forced) });
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
      if (info.isDirectory()) await filesUnder(arg, forced, sources);
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

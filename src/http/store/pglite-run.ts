import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { NodeFS } from '@electric-sql/pglite/nodefs';
import { INITIALIZING_FILE, isGatewayFile } from './owned-data-dir.js';
import { pgliteFiles } from './pglite-files.js';
import type { SqlResult, SqlSession } from './sql-engine.js';
import { embeddedUnavailable } from './preset-store-unavailable.js';
import { StepStopped, withinDeadline } from './step-deadline.js';

/** The two classes the embedded engine loads from `@electric-sql/pglite`. */
export interface PgliteDriver {
  PGlite: typeof PGlite;
  NodeFS: typeof NodeFS;
}

/** One PostgreSQL running in this process on a data directory, until it stops. */
export interface PgliteRun {
  db: PGlite;
  /** Why PostgreSQL stopped (a PANIC, a step past its deadline); null while it runs. */
  stopped: string | null;
  walSegmentBytes: number;
  /** Leaves PostgreSQL without entering it again: its timers cancelled, its host files closed. */
  abandon(): void;
}

/** A PGlite connection, or one of its transactions, as the SQL stores' session. */
export function pgliteSession(connection: PGlite | Transaction): SqlSession {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await connection.query<Row>(text, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  };
}

/** WAL segments of a data directory started here: PostgreSQL's 16 MiB is a lot for a preset store. */
export const NEW_WAL_SEGMENT_BYTES = 1024 * 1024;
/** How long PostgreSQL's start, a crash recovery included, may take before the start fails. */
const START_DEADLINE_MS = 300_000;

/**
 * PostgreSQL's start parameters: PGlite's, with fsync on and done by `fsync(2)` (PGlite's `fdatasync` does
 * nothing), and a WAL that a checkpoint brings back to tens of MiB.
 */
function startParams(defaults: readonly string[], sync: boolean): string[] {
  const wal = ['-c', 'min_wal_size=32MB', '-c', 'max_wal_size=128MB'];
  if (!sync) return [...defaults, ...wal];
  return [...defaults.filter((flag) => flag !== '-F'), '-c', 'wal_sync_method=fsync', ...wal];
}

/** What a call into a PostgreSQL that stopped throws: the engine abandons it and starts another. */
class EngineStopped extends Error {
  override readonly name = 'EngineStopped';
}

/** Removes everything PostgreSQL wrote in `dir`, so that no later start trusts half a database. */
function removeAllButOurs(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!isGatewayFile(name)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** `fsync(2)` on a file or directory, so what it holds, or the names in it, are on the disk. */
function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every file and directory under `dir`, and `dir` itself, on the disk: `initdb` in PGlite syncs none of them. */
function syncTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) syncTree(path);
    else if (stat.isFile()) syncPath(path);
  }
  syncPath(dir);
}

/**
 * Starts a first initialisation in `dir`: what a start cut short there left is cleared (the mark says it was
 * ours), and the mark is written, and on the disk, before PostgreSQL writes anything.
 */
function beginInitialisation(dir: string): void {
  removeAllButOurs(dir);
  writeFileSync(join(dir, INITIALIZING_FILE), `${process.pid}\n`, { mode: 0o600 });
  syncPath(dir);
}

/** Ends a first initialisation: the store on the disk whole, then the mark removed, so a start finds it whole or ours. */
function endInitialisation(dir: string, sync: boolean): void {
  if (sync) syncTree(dir);
  rmSync(join(dir, INITIALIZING_FILE));
  if (sync) syncPath(dir);
}

/** Every entry into PostgreSQL under the step deadline, and none once it stopped. */
function guard(run: PgliteRun, deadlineMs: number): void {
  const stoppedError = () => new EngineStopped(run.stopped ?? 'stopped');
  const bounded = <T>(step: () => T): T => {
    if (run.stopped) throw stoppedError();
    let result: T;
    try {
      result = withinDeadline(step, deadlineMs);
    } catch (error) {
      if (error instanceof StepStopped) run.stopped ??= `PostgreSQL did not answer within ${deadlineMs} ms`;
      throw run.stopped ? stoppedError() : error;
    }
    if (run.stopped) throw stoppedError();
    return result;
  };
  const execute = run.db.execProtocolRawSync.bind(run.db);
  run.db.execProtocolRawSync = (message) => bounded(() => execute(message));
  const module = run.db.Module;
  const atExit = module._pgl_run_atexit_funcs;
  module._pgl_run_atexit_funcs = () => bounded(atExit);
}

/**
 * What a failed start says: an error's message, or for what is no Error (Emscripten's file errors carry only a
 * number), what it holds; never "undefined".
 */
function failureWords(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const errno = (error as { errno?: unknown } | null)?.errno;
  if (typeof errno === 'number') return `a file operation failed in PGlite's file layer (errno ${errno})`;
  return `PGlite failed without saying why (${String(error)})`;
}

/** Whether `home` holds no store yet, or one whose first initialisation was cut short (its mark is still there). */
export function needsFirstInitialisation(home: string): boolean {
  return existsSync(join(home, INITIALIZING_FILE)) || !existsSync(join(home, 'PG_VERSION'));
}

/**
 * Starts PostgreSQL in the directory `home` (initialising a new data directory, or one whose first
 * initialisation was cut short), every later step of it bounded by `deadlineMs`: a step that runs past it, or a
 * PANIC, marks the run stopped. A start that fails throws `PresetStoreUnavailable` with PostgreSQL's own last
 * words; messages name the directory as `shownAs` (`home` may be a descriptor's path).
 */
export async function startPgliteRun(
  driver: PgliteDriver,
  home: string,
  options: { sync: boolean; deadlineMs: number; shownAs?: string },
): Promise<PgliteRun> {
  const fresh = needsFirstInitialisation(home);
  if (fresh) {
    try {
      beginInitialisation(home);
    } catch (error) {
      const why = (error as Error).message;
      throw embeddedUnavailable(
        `cannot make the embedded store in ${options.shownAs ?? home}: ${why}`,
        error,
      );
    }
  }
  let lastWords = '';
  const files = pgliteFiles(driver.NodeFS, home, {
    sync: options.sync,
    startDeadlineMs: START_DEADLINE_MS,
    onAbort: () => (run.stopped ??= lastWords || 'PostgreSQL aborted'),
  });
  // Its database is set once PGlite has started; nothing reads it before.
  const run = {
    stopped: null,
    walSegmentBytes: NEW_WAL_SEGMENT_BYTES,
    abandon: () => files.abandon(),
  } as Omit<PgliteRun, 'db'> as PgliteRun;
  try {
    run.db = await driver.PGlite.create({
      fs: files,
      startParams: startParams(driver.PGlite.defaultStartParams, options.sync),
      initDbStartParams: [`--wal-segsize=${NEW_WAL_SEGMENT_BYTES / 1024 / 1024}`],
      // PostgreSQL's log: its last PANIC or FATAL says why it stopped, better than PGlite's own message.
      onStderr: (text) => {
        const said = /\b(PANIC|FATAL):\s+(.*)$/.exec(text);
        if (said) lastWords = `${said[1]}: ${said[2]}`;
        return false;
      },
    });
    if (fresh) endInitialisation(home, options.sync);
  } catch (error) {
    files.abandon();
    if (fresh) {
      removeAllButOurs(home);
      rmSync(join(home, INITIALIZING_FILE), { force: true });
    }
    const why = lastWords || failureWords(error);
    throw embeddedUnavailable(`cannot open the embedded store in ${options.shownAs ?? home}: ${why}`, error);
  }
  guard(run, options.deadlineMs);
  const size = await run.db.query<{ bytes: string }>(
    `SELECT setting AS bytes FROM pg_settings WHERE name = 'wal_segment_size'`,
  );
  run.walSegmentBytes = Number(size.rows[0]?.bytes ?? NEW_WAL_SEGMENT_BYTES);
  return run;
}

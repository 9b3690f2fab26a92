import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { diskRoomProblem } from './disk-room.js';
import { settlesWithin } from './settles-within.js';
import { importDriver } from './optional-driver.js';
import { canMakeStoreOffThread, makeStoreOffThread } from './pglite-first-start.js';
import {
  needsFirstInitialisation,
  pgliteSession,
  startPgliteRun,
  NEW_WAL_SEGMENT_BYTES,
  type PgliteDriver,
  type PgliteRun,
} from './pglite-run.js';
import { embeddedUnavailable, PresetStoreUnavailable } from './preset-store-unavailable.js';
import { openStoreDirectory } from './store-directory.js';
import { isResourceFault, type SqlEngine } from './sql-engine.js';

export interface PgliteEngineOptions {
  /**
   * A commit resolves only once its WAL is on the disk (`fsync`); true by default. `false` is PGlite's own
   * behaviour, for throwaway stores and benchmarks: a power loss may take writes that were acknowledged.
   */
  sync?: boolean;
  /**
   * Least free space on the data directory's disk for the engine to start or a transaction to begin; by
   * default two WAL segments and 8 MiB. Below it a transaction throws `PresetStoreUnavailable` before
   * PostgreSQL writes anything.
   */
  minFreeBytes?: number;
  /** Longest one step of PostgreSQL may block before it is stopped and the engine reopened; 5 s by default. */
  stepDeadlineMs?: number;
  /**
   * Longest a call waits for PostgreSQL to start again after it stopped (a crash recovery may take longer);
   * 5 s by default. Past it the call fails with `PresetStoreUnavailable` and the start goes on for later calls.
   */
  restartWaitMs?: number;
  /** Where the engine says that it stopped, refuses writes, or serves again; nowhere by default. */
  onFault?: (line: string) => void;
  /**
   * The data directory already opened, checked and held by the caller (the descriptor of its lock), which
   * keeps it open while the engine runs; by default the engine checks and opens the directory itself.
   */
  directoryFd?: number;
}

const MIB = 1024 * 1024;
/** Least time before a stopped engine is started again, doubled after each failure up to the most. */
const RESTART_INTERVAL_MS = { least: 1_000, most: 16_000 };
/** PostgreSQL without a server checkpoints only when asked: the engine asks once this much WAL piled up. */
const CHECKPOINT_AFTER_BYTES = 64 * MIB;
/** Writes between two looks at the WAL piled up since the last checkpoint. */
const WRITES_PER_WAL_LOOK = 64;

/**
 * PGlite: PostgreSQL compiled to WebAssembly, run in this process, its files in `dataDir` (created 0700 when
 * missing; refused when others may write it). No server and no native build; one process at a time owns a
 * data directory. The engine works inside the directory it opened: renamed away, it stays the store's; removed,
 * or (where files open by path) replaced, every call throws `PresetStoreUnavailable` and nothing is written
 * elsewhere. A first initialisation cut short is made again by the next start. A commit is on the disk before it resolves. A full or read-only disk, or a PostgreSQL that
 * stops, makes a call throw `PresetStoreUnavailable` at once instead of blocking the process; the engine serves
 * again by itself once the disk has room (docs/store.md#faults).
 */
export async function openPgliteEngine(
  dataDir: string,
  options: PgliteEngineOptions = {},
): Promise<SqlEngine> {
  const driver: PgliteDriver = await importDriver(
    '@electric-sql/pglite',
    'The embedded store (no DATABASE_URL)',
    async () => ({
      PGlite: (await import('@electric-sql/pglite')).PGlite,
      NodeFS: (await import('@electric-sql/pglite/nodefs')).NodeFS,
    }),
  );
  const directory = openStoreDirectory(resolve(dataDir), options.directoryFd);
  // Files are opened inside the directory itself; messages name it by its path.
  const home = directory.root;
  const shownAs = directory.shownAs;
  const runOptions = {
    sync: options.sync ?? true,
    deadlineMs: options.stepDeadlineMs ?? 5_000,
    shownAs,
  };
  const onFault = options.onFault ?? (() => {});
  // The WAL segment size is known once PostgreSQL runs; until then, that of a new data directory.
  let walSegmentBytes = NEW_WAL_SEGMENT_BYTES;
  const minFreeBytes = () => options.minFreeBytes ?? 2 * walSegmentBytes + 8 * MIB;

  /** Why nothing may be read or written now: the directory lost, or the disk without room; null when all is well. */
  const roomProblem = () => directory.lost() ?? diskRoomProblem(home, minFreeBytes(), shownAs);

  async function start(): Promise<PgliteRun> {
    const room = roomProblem();
    if (room) throw embeddedUnavailable(`cannot open the embedded store: ${room}`);
    // A new store is made on a thread of its own: initdb would hold this thread's event loop for tens of seconds.
    if (needsFirstInitialisation(home) && canMakeStoreOffThread())
      await makeStoreOffThread({ home, ...runOptions });
    const run = await startPgliteRun(driver, home, runOptions);
    walSegmentBytes = run.walSegmentBytes;
    return run;
  }

  let live: PgliteRun | null;
  try {
    live = await start();
  } catch (error) {
    directory.close();
    throw error;
  }
  let restarting: Promise<PgliteRun> | undefined;
  let nextRestart = 0;
  let failedRestarts = 0;
  let lastProblem = '';
  let refusing: string | null = null;
  let closed = false;
  let writes = 0;

  function lose(run: PgliteRun): void {
    if (live !== run) return;
    live = null;
    run.abandon();
    lastProblem = `the embedded store stopped (${run.stopped})`;
    onFault(lastProblem);
  }

  async function restart(): Promise<PgliteRun> {
    if (closed) throw embeddedUnavailable('the embedded store is closed');
    // The disk is asked every time, for free; only starting PostgreSQL, which blocks, waits its turn.
    const room = roomProblem();
    if (room) throw embeddedUnavailable(`${lastProblem}: ${room}`);
    if (Date.now() < nextRestart) throw embeddedUnavailable(lastProblem);
    const interval = RESTART_INTERVAL_MS.least * 2 ** failedRestarts;
    nextRestart = Date.now() + Math.min(interval, RESTART_INTERVAL_MS.most);
    try {
      live = await start();
    } catch (error) {
      failedRestarts += 1;
      lastProblem = error instanceof PresetStoreUnavailable ? error.reason : (error as Error).message;
      throw error;
    }
    failedRestarts = 0;
    onFault('the embedded store started again');
    return live;
  }

  /** The running PostgreSQL, or the one starting again, waited for no longer than `restartWaitMs`. */
  async function running(): Promise<PgliteRun> {
    if (live) return live;
    const started = (restarting ??= restart().finally(() => (restarting = undefined)));
    if (!(await settlesWithin(started, options.restartWaitMs ?? 5_000))) {
      throw embeddedUnavailable(`${lastProblem}: it is starting again`);
    }
    return started;
  }

  /** Runs `work` on the running PostgreSQL, or on a new one when it stopped; a fault outside it is a 503. */
  async function using<T>(work: (db: PGlite) => Promise<T>): Promise<T> {
    // A store without its directory reads and writes nothing: it never serves from, or writes into, another.
    const lost = directory.lost();
    if (lost) throw embeddedUnavailable(lost);
    const run = await running();
    try {
      return await work(run.db);
    } catch (error) {
      if (run.stopped) {
        lose(run);
        throw embeddedUnavailable(`the embedded store stopped: ${run.stopped}`, error);
      }
      if (isResourceFault(error)) {
        throw embeddedUnavailable(`the embedded store could not write: ${(error as Error).message}`, error);
      }
      throw error;
    }
  }

  /** Refuses a write the disk has no room for, saying so once when writes stop and once when they resume. */
  function admitWrite(): void {
    const problem = roomProblem();
    if (problem !== refusing) {
      onFault(problem ? `the embedded store refuses writes: ${problem}` : 'the embedded store writes again');
    }
    refusing = problem;
    if (problem) throw embeddedUnavailable(problem);
  }

  /** A checkpoint once enough WAL piled up: without one the WAL, and the disk it fills, only grows. */
  async function boundWal(): Promise<void> {
    writes += 1;
    if (writes % WRITES_PER_WAL_LOOK !== 0) return;
    await using(async (db) => {
      const piled = await db.query<{ bytes: string }>(
        'SELECT pg_current_wal_insert_lsn() - redo_lsn AS bytes FROM pg_control_checkpoint()',
      );
      if (Number(piled.rows[0]?.bytes ?? 0) > CHECKPOINT_AFTER_BYTES) await db.exec('CHECKPOINT');
    }).catch((error: Error) => onFault(`the embedded store could not checkpoint: ${error.message}`));
  }

  return {
    name: 'PGlite',
    query: (text, params) => using((db) => pgliteSession(db).query(text, params)),
    async write<Row>(text: string, params?: readonly unknown[]) {
      admitWrite();
      const result = await using((db) => pgliteSession(db).query<Row>(text, params));
      await boundWal();
      return result;
    },
    async transaction(work) {
      admitWrite();
      const result = await using((db) => db.transaction((transaction) => work(pgliteSession(transaction))));
      await boundWal();
      return result;
    },
    async probe() {
      // The disk is asked as a create asks it, so readiness turns with the first refused create.
      admitWrite();
      await using((db) => db.query('SELECT 1'));
    },
    async close() {
      closed = true;
      await restarting?.catch(() => {});
      const run = live;
      live = null;
      if (!run) return directory.close();
      // Stopped, or without room, it ends without a last checkpoint: the WAL holds every commit for the next start.
      if (run.stopped || roomProblem()) {
        run.abandon();
        return directory.close();
      }
      await run.db.close().catch(() => {});
      // Whatever the close left armed or open (it may have been cut short) goes too.
      run.abandon();
      directory.close();
    },
  };
}

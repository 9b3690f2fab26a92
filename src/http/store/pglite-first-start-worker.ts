import { parentPort, workerData } from 'node:worker_threads';
import { PresetStoreUnavailable } from './preset-store-unavailable.js';
import { pgliteSession, startPgliteRun, type PgliteDriver } from './pglite-run.js';
import { migrate } from './sql-migrations.js';
import type { FirstStartOutcome, FirstStartRequest } from './pglite-first-start.js';

/*
 * A thread of its own for a store's first initialisation (initdb in WebAssembly, tens of seconds on a loaded
 * machine): PostgreSQL is made, started once, brought to the latest schema and closed in `home`, so the thread
 * that serves requests only ever opens an existing, migrated store (PGlite's calls never yield to its event loop,
 * so even the migrations would hold it for seconds). The first-start mark is written and removed here exactly as
 * on any other start.
 */

const request = workerData as FirstStartRequest;

async function initialise(): Promise<FirstStartOutcome> {
  try {
    const driver: PgliteDriver = {
      PGlite: (await import('@electric-sql/pglite')).PGlite,
      NodeFS: (await import('@electric-sql/pglite/nodefs')).NodeFS,
    };
    const run = await startPgliteRun(driver, request.home, request);
    try {
      await migrate({ transaction: (work) => run.db.transaction((tx) => work(pgliteSession(tx))) });
      await run.db.close();
    } finally {
      // Its timers and host files go too, so the thread ends with nothing left of PostgreSQL.
      run.abandon();
    }
    return { made: true };
  } catch (error) {
    const reason = error instanceof PresetStoreUnavailable ? error.reason : String((error as Error).message);
    return { made: false, reason };
  }
}

parentPort?.postMessage(await initialise());

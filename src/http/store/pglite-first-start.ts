import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { embeddedUnavailable } from './preset-store-unavailable.js';

/** What the first-start thread is given: the data directory (a descriptor's path, valid in every thread) and how to start. */
export interface FirstStartRequest {
  home: string;
  sync: boolean;
  deadlineMs: number;
  shownAs: string;
}

/** What it answers: the store made and closed, or why not. */
export type FirstStartOutcome = { made: true } | { made: false; reason: string };

/**
 * The compiled worker beside this module: in `dist/lib/` for the bundle, in `dist/src/http/store/` for tsc's
 * output. The TypeScript source run by a test runner has none, and makes its stores on its own thread.
 */
const workerFile = new URL('./pglite-first-start-worker.js', import.meta.url);

/** Whether a first initialisation can run on a thread of its own here (the compiled worker is at hand). */
export function canMakeStoreOffThread(): boolean {
  return workerFile.protocol === 'file:' && existsSync(fileURLToPath(workerFile));
}

/**
 * Makes a new store in `request.home` on a worker thread, so that the event loop of the thread that calls it
 * goes on answering (`/healthz`, the catalog) while initdb runs; resolves once the store is whole on the disk
 * and closed, for this thread to open as an existing one. Throws `PresetStoreUnavailable` with PostgreSQL's words
 * when it could not be made (the first-start mark then tells the next start to make it again).
 */
export async function makeStoreOffThread(request: FirstStartRequest): Promise<void> {
  const worker = new Worker(workerFile, { workerData: request });
  try {
    const outcome = await new Promise<FirstStartOutcome>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the thread making the store ended (exit code ${code}) before it said why`)),
      );
    });
    if (!outcome.made) throw embeddedUnavailable(outcome.reason);
  } catch (error) {
    if ((error as Error).name === 'PresetStoreUnavailable') throw error;
    throw embeddedUnavailable(
      `cannot make the embedded store in ${request.shownAs}: ${(error as Error).message}`,
      error,
    );
  } finally {
    await worker.terminate();
  }
}

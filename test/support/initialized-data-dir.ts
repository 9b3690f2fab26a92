import { closeSync, cpSync, existsSync, mkdtempSync, openSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { openPgliteEngine } from '../../src/http/store/pglite-engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A scratch directory of the run that holds the data directory `initializedDataDir` copies, once made. */
    initializedDataDirRoot: string;
  }
}

/** The longest a test waits for another process of the run to make the data directory it copies. */
const WAIT_FOR_MAKER_MS = 300_000;

/** This process's scratch directory when the run provided none (a config without the global setup below). */
let ownRoot: string | undefined;

function sharedRoot(): string {
  const provided = inject('initializedDataDirRoot') as string | undefined;
  if (provided) return provided;
  if (ownRoot === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'gateway-contract-initdb-'));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    ownRoot = made;
  }
  return ownRoot;
}

/** Makes the data directory under `root` once for the whole run: one process makes it, the others wait for it. */
async function madeOnce(root: string): Promise<string> {
  const made = join(root, 'initialized');
  const claim = join(root, 'claim');
  for (const deadline = Date.now() + WAIT_FOR_MAKER_MS; !existsSync(made); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`no process of the run made ${made} within 300 s`);
    let claimed = false;
    try {
      closeSync(openSync(claim, 'wx'));
      claimed = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!claimed) continue;
    const making = join(root, 'making');
    try {
      rmSync(making, { recursive: true, force: true });
      await (await openPgliteEngine(making)).close();
      // A rename, so that no process copies a directory half made.
      renameSync(making, made);
    } finally {
      // Another process may try again when this one failed.
      if (!existsSync(made)) rmSync(claim, { force: true });
    }
  }
  return made;
}

/**
 * Makes `dataDir` (which must not exist) the data directory the embedded engine leaves after PostgreSQL's
 * `initdb` and nothing else: none of the gateway's tables, no lock file. `initdb` costs several seconds of CPU
 * in WebAssembly, so it runs once per test run, and each test that is not about a first start on an empty
 * directory copies its result; a start on the copy migrates, locks and serves as on a directory made there.
 */
export async function initializedDataDir(dataDir: string): Promise<string> {
  if (existsSync(dataDir)) throw new Error(`${dataDir} exists: initializedDataDir makes a new directory`);
  cpSync(await madeOnce(sharedRoot()), dataDir, { recursive: true, preserveTimestamps: true });
  return dataDir;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteEngine } from '../../src/http/store/pglite-engine.js';
import { openPostgresEngine } from '../../src/http/store/postgres-engine.js';
import type { SqlEngine } from '../../src/http/store/sql-engine.js';
import { initializedDataDir } from './initialized-data-dir.js';
import { startPostgres } from './postgres-server.js';

/** An engine over a database of its own, empty, and how to close it and remove what it made. */
export interface OpenedEngine {
  engine: SqlEngine;
  close: () => Promise<void>;
}

/**
 * Both engines of the SQL store, each opened on a database of its own: PGlite on a temporary directory, and
 * PostgreSQL on a server started for it on a free loopback port.
 */
export const sqlEngines: Array<{ name: string; open: () => Promise<OpenedEngine> }> = [
  {
    name: 'PGlite',
    async open() {
      const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-engine-'));
      const engine = await openPgliteEngine(await initializedDataDir(join(scratch, 'data')));
      return {
        engine,
        close: async () => {
          await engine.close();
          rmSync(scratch, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const server = await startPostgres();
      const engine = await openPostgresEngine(server.url, { maxConnections: 4 });
      return {
        engine,
        close: async () => {
          await engine.close();
          server.destroy();
        },
      };
    },
  },
];

import type { PGlite, Transaction } from '@electric-sql/pglite';
import { importDriver } from './optional-driver.js';
import type { SqlEngine, SqlResult, SqlSession } from './sql-engine.js';

function sessionOf(connection: PGlite | Transaction): SqlSession {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await connection.query<Row>(text, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  };
}

/**
 * PGlite: PostgreSQL compiled to WebAssembly, run in this process, its files in `dataDir` (created when
 * missing). No server and no native build; one process at a time owns a data directory.
 */
export async function openPgliteEngine(dataDir: string): Promise<SqlEngine> {
  const { PGlite } = await importDriver(
    '@electric-sql/pglite',
    'The embedded store (no DATABASE_URL)',
    () => import('@electric-sql/pglite'),
  );
  const database = await PGlite.create(dataDir);
  return {
    name: 'PGlite',
    ...sessionOf(database),
    transaction: (work) => database.transaction((transaction) => work(sessionOf(transaction))),
    close: () => database.close(),
  };
}

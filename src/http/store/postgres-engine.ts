import type { Pool, PoolClient } from 'pg';
import { importDriver } from './optional-driver.js';
import type { SqlEngine, SqlResult, SqlSession } from './sql-engine.js';

export interface PostgresEngineOptions {
  /** Most connections the pool opens; 10 by default. Requests beyond wait for one. */
  maxConnections?: number;
  /** How long a request waits for a connection before it fails (a 500); 5 seconds by default. */
  connectionTimeoutMs?: number;
  /** Where pool errors go (a connection the server dropped while idle); they are never thrown. */
  onPoolError?: (error: Error) => void;
}

function sessionOf(connection: Pool | PoolClient): SqlSession {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await connection.query(text, [...params]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
  };
}

/**
 * The real PostgreSQL through `pg`, with a bounded pool: many gateway processes can share one database, and a
 * server that goes away fails requests (500) until it is back, when new connections are made.
 */
export async function openPostgresEngine(
  connectionString: string,
  options: PostgresEngineOptions = {},
): Promise<SqlEngine> {
  const { default: pg } = await importDriver('pg', 'DATABASE_URL', () => import('pg'));
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server closes emits here; unhandled, it would end the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  return {
    name: 'PostgreSQL',
    ...sessionOf(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(sessionOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection that could not even roll back is discarded, not handed to the next request.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

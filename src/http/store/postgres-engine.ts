import { createHash } from 'node:crypto';
import type { DatabaseError, PoolClient } from 'pg';
import { importDriver } from './optional-driver.js';
import { PresetStoreUnavailable } from './preset-store-unavailable.js';
import type { SqlEngine, SqlResult, SqlSession } from './sql-engine.js';

export interface PostgresEngineOptions {
  /** Most connections the pool opens; 10 by default. Requests beyond wait for one. */
  maxConnections?: number;
  /** How long a request waits for a connection before it fails (`PresetStoreUnavailable`); 5 seconds by default. */
  connectionTimeoutMs?: number;
  /** Where connection errors go (a connection the server dropped or terminated); they are never thrown. */
  onPoolError?: (error: Error) => void;
  /** Told once when a pooler in front of the server turned out not to keep prepared statements. */
  onUnprepared?: (reason: string) => void;
}

/**
 * What a server answers a named statement that a pooler lost or shared: "does not exist" (26000) or "already
 * exists" (42P05). Either way the statement did not run, so it is sent again unnamed.
 */
const PREPARED_STATEMENT_LOST: ReadonlySet<string> = new Set(['26000', '42P05']);

/** A statement's name on the server: the same text gets the same name in every process, a new text a new one. */
function statementName(text: string): string {
  return `gateway_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** The readiness probe's write, which the migrations create: one row committed, and a fresh page if asked. */
const PROBE_WRITE = 'SELECT gateway_probe_write($1)';

/**
 * SQLSTATE classes of a server that cannot serve now, rather than of a statement it refused: connection
 * exception (08), insufficient resources (53: disk full, out of memory, too many connections), operator
 * intervention (57: shutdown, restart, terminated backend) and system error (58: I/O).
 */
const UNAVAILABLE_CLASSES: ReadonlySet<string> = new Set(['08', '53', '57', '58']);

/** A server in recovery or a standby refuses writes with this: the write may succeed on the primary later. */
const READ_ONLY_TRANSACTION = '25006';

/**
 * True when `error` says the server or the connection to it failed, not the statement: an answer of the server
 * in one of the classes above, or no answer at all (refused, reset, terminated, timed out), which `pg` reports
 * as an error that is not a `DatabaseError`.
 */
function isUnavailable(error: unknown, databaseError: typeof DatabaseError): boolean {
  if (!(error instanceof databaseError)) return true;
  const code = error.code ?? '';
  return UNAVAILABLE_CLASSES.has(code.slice(0, 2)) || code === READ_ONLY_TRANSACTION;
}

/**
 * The real PostgreSQL through `pg`, with a bounded pool: many gateway processes can share one database. A fault
 * of the server or of a connection never ends the process: every connection is checked out with an `'error'`
 * listener, a request it breaks fails at once with `PresetStoreUnavailable` (a create's 503, a read's 500), the
 * broken connection is dropped from the pool, and new connections are made when the server is back.
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
    // A peer that vanished without closing the socket is found by TCP keepalive rather than never.
    keepAlive: true,
  });
  // An idle connection the server closes emits here; unhandled, it would end the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  /** The error each connection met, if any: it is not lent again once handed back. */
  const failures = new WeakMap<PoolClient, Error>();
  // Every connection carries an `'error'` listener from the moment it is made, as `pg` requires of one checked
  // out: a backend terminated in the instant between the pool lending a connection and its borrower listening
  // would otherwise end the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!failures.has(client)) failures.set(client, error);
    });
  });

  const unavailable = (error: unknown) =>
    isUnavailable(error, pg.DatabaseError) ? new PresetStoreUnavailable('PostgreSQL', error) : error;

  /**
   * Runs `use` on a connection of its own; a connection that failed under it (an `'error'` event, or a statement
   * the server or the network could not answer) goes back to the pool broken, and the pool closes it instead of
   * lending it again.
   */
  async function withConnection<T>(use: (client: PoolClient) => Promise<T>): Promise<T> {
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new PresetStoreUnavailable('PostgreSQL', error);
    }
    let broken: Error | undefined;
    try {
      return await use(client);
    } catch (error) {
      if (error instanceof PresetStoreUnavailable) broken = error;
      throw error;
    } finally {
      client.release(failures.get(client) ?? broken);
    }
  }

  function sessionOf(client: PoolClient): SqlSession {
    return {
      async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
        try {
          const result = await client.query(text, [...params]);
          return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
        } catch (error) {
          throw unavailable(error);
        }
      },
    };
  }

  // Writes are prepared once per connection: planning the statement again on every create cost the server
  // about a third of its work. A pooler that does not keep prepared statements (PgBouncer before 1.21 in
  // transaction mode) makes the server refuse one; from then on every write is sent unnamed.
  let prepare = true;
  const names = new Map<string, string>();
  async function preparedWrite<Row>(client: PoolClient, text: string, params: readonly unknown[]) {
    if (!prepare) return sessionOf(client).query<Row>(text, params);
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = statementName(text)));
    try {
      const result = await client.query({ name, text, values: [...params] });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      if (!PREPARED_STATEMENT_LOST.has((error as { code?: string }).code ?? '')) throw unavailable(error);
      if (prepare) options.onUnprepared?.((error as Error).message);
      prepare = false;
      return sessionOf(client).query<Row>(text, params);
    }
  }

  // Writes refused for want of the server (a full disk, a fault, an outage), and how many of them a probe had
  // seen when it last got a fresh page from the disk: readiness stays 503 until a create would be taken again.
  let refusedWrites = 0;
  let refusedWritesCleared = 0;
  async function noticed<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof PresetStoreUnavailable) refusedWrites += 1;
      throw error;
    }
  }

  return {
    name: 'PostgreSQL',
    query: (text, params) => withConnection((client) => sessionOf(client).query(text, params)),
    write: (text, params = []) => noticed(withConnection((client) => preparedWrite(client, text, params))),
    transaction: (work) =>
      noticed(
        withConnection(async (client) => {
          const session = sessionOf(client);
          await session.query('BEGIN');
          try {
            const result = await work(session);
            // A COMMIT cut off by a broken connection may have committed: the create answers 503 all the same,
            // and a client that reads the preset back sees which.
            await session.query('COMMIT');
            return result;
          } catch (error) {
            // A connection that failed rolls back on the server by itself; a healthy one is rolled back here.
            if (!(error instanceof PresetStoreUnavailable) && !failures.has(client)) {
              await client.query('ROLLBACK').catch((rollbackError: Error) => {
                failures.set(client, rollbackError);
              });
            }
            throw error;
          }
        }),
      ),
    async probe() {
      // A write, since only a write meets what a create meets: a standby or a read-only server refuses it, a
      // full disk under the write-ahead log fails it. After a refused write it also needs a fresh page, since
      // a full disk under the tables refuses a create only once the create outgrows the pages it has.
      const refused = refusedWrites;
      await withConnection((client) => preparedWrite(client, PROBE_WRITE, [refused > refusedWritesCleared]));
      refusedWritesCleared = refused;
    },
    close: () => pool.end(),
  };
}

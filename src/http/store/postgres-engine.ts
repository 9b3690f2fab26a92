import { createHash } from 'node:crypto';
import type { DatabaseError, PoolClient, QueryConfig } from 'pg';
import { importDriver } from './optional-driver.js';
import {
  LOCK_NOT_AVAILABLE,
  noAnswerWithin,
  postgresDeadlines,
  refusedSessionLimits,
  sessionLimits,
  type PostgresDeadlines,
} from './postgres-deadlines.js';
import { PresetStoreUnavailable } from './preset-store-unavailable.js';
import { settlesWithin } from './settles-within.js';
import type { SqlEngine, SqlResult, SqlSession, TransactionOptions } from './sql-engine.js';

export interface PostgresEngineOptions extends PostgresDeadlines {
  /** Most connections the pool opens; 10 by default. Requests beyond wait for one. */
  maxConnections?: number;
  /** Where connection errors go (a connection the server dropped or terminated); they are never thrown. */
  onPoolError?: (error: Error) => void;
  /** Told once when a pooler in front of the server turned out not to keep prepared statements. */
  onUnprepared?: (reason: string) => void;
  /**
   * Told once, at open, when a pooler in front of the server refused the server-side limits as startup
   * parameters: the engine then connects without them, and its own deadlines still bound every call.
   */
  onSessionLimitsRefused?: (reason: string) => void;
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

/**
 * The readiness probe's write, which the migrations create: one row committed, a fresh page if asked, and first
 * the lock a create takes on the preset tables, waited for no longer than a create waits: a table lock that makes
 * creates time out makes the store not ready.
 */
const PROBE_WRITE = 'SELECT gateway_probe_write($1, $2)';

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
 * in one of the classes above, a lock another session held past `lock_timeout`, or no answer at all (refused,
 * reset, terminated, timed out), which `pg` reports as an error that is not a `DatabaseError`.
 */
function isUnavailable(error: unknown, databaseError: typeof DatabaseError): boolean {
  if (!(error instanceof databaseError)) return true;
  const code = error.code ?? '';
  return (
    UNAVAILABLE_CLASSES.has(code.slice(0, 2)) || code === READ_ONLY_TRANSACTION || code === LOCK_NOT_AVAILABLE
  );
}

/** A statement with its own deadline, which `pg` reads though its types do not name it. */
function timedStatement(
  text: string,
  params: readonly unknown[],
  timeoutMs: number,
  name?: string,
): QueryConfig {
  const config: QueryConfig & { query_timeout: number } = {
    text,
    values: [...params],
    query_timeout: timeoutMs,
  };
  if (name !== undefined) config.name = name;
  return config;
}

/** The socket under a `pg` connection, which only destroying frees when the server stopped answering. */
function destroySocket(client: PoolClient): void {
  (client as PoolClient & { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
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
  const deadlines = postgresDeadlines(options);
  /** The error each connection met, if any: it is not lent again once handed back. */
  const failures = new WeakMap<PoolClient, Error>();
  /** Every connection the pool holds, lent or idle, until its socket closed: what `close` may have to cut. */
  const open = new Set<PoolClient>();
  /**
   * Bumped by every call that got no answer at all (a timeout, a reset): a connection made before it may lead
   * to the same silent server, so it is closed when next lent instead of being tried.
   */
  let generation = 0;
  const generations = new WeakMap<PoolClient, number>();

  const makePool = (limits: object) => {
    const made = new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: deadlines.connectionTimeoutMs,
      // A statement that was sent without its own deadline still has one.
      query_timeout: deadlines.callTimeoutMs,
      idleTimeoutMillis: 30_000,
      // A peer that vanished without closing the socket is found by TCP keepalive rather than never.
      keepAlive: true,
      keepAliveInitialDelayMillis: deadlines.keepAliveInitialDelayMs,
      ...limits,
    });
    // An idle connection the server closes emits here; unhandled, it would end the process.
    made.on('error', (error) => options.onPoolError?.(error));
    // Every connection carries an `'error'` listener from the moment it is made, as `pg` requires of one checked
    // out: a backend terminated in the instant between the pool lending a connection and its borrower listening
    // would otherwise end the process.
    made.on('connect', (client) => {
      open.add(client);
      generations.set(client, generation);
      client.on('error', (error) => {
        if (!failures.has(client)) failures.set(client, error);
      });
    });
    made.on('remove', (client) => open.delete(client));
    return made;
  };

  // The server-side limits ride in each session's startup message, which costs no statement; a pooler that
  // refuses them (PgBouncer before 1.20) gets sessions without them, said once.
  let pool = makePool(sessionLimits(deadlines));
  try {
    (await pool.connect()).release();
  } catch (error) {
    if (refusedSessionLimits(error)) {
      await pool.end().catch(() => {});
      pool = makePool({});
      options.onSessionLimitsRefused?.((error as Error).message);
    }
    // Any other failure is met again, and reported, by the first statement.
  }

  const unavailable = (error: unknown, timeoutMs: number) => {
    if (!isUnavailable(error, pg.DatabaseError)) return error;
    const timedOut = (error as Error).message === 'Query read timeout';
    return new PresetStoreUnavailable('PostgreSQL', timedOut ? noAnswerWithin(timeoutMs, error) : error);
  };

  /** A connection lent now that is not from before the last call that got no answer. */
  async function checkout(): Promise<PoolClient> {
    // Each turn closes one connection the pool already had, so the loop ends by the pool's size.
    for (;;) {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        generation += 1;
        throw new PresetStoreUnavailable('PostgreSQL', error);
      }
      if ((generations.get(client) ?? 0) >= generation) return client;
      destroySocket(client);
      client.release(new Error('made before the database last failed to answer'));
    }
  }

  /**
   * Runs `use` on a connection of its own, within the call's deadline; a connection that failed under it (an
   * `'error'` event, a statement the server or the network could not answer, the deadline) is destroyed and
   * handed back broken, so the pool never lends it again.
   */
  async function withConnection<T>(
    use: (client: PoolClient, deadline: number) => Promise<T>,
    callTimeoutMs = deadlines.callTimeoutMs,
  ): Promise<T> {
    const deadline = performance.now() + callTimeoutMs;
    const client = await checkout();
    let broken: Error | undefined;
    try {
      return await use(client, deadline);
    } catch (error) {
      if (error instanceof PresetStoreUnavailable) broken = error;
      throw error;
    } finally {
      const failure = failures.get(client) ?? broken;
      if (failure !== undefined) {
        if (!(failure instanceof PresetStoreUnavailable && failure.cause instanceof pg.DatabaseError)) {
          generation += 1;
        }
        destroySocket(client);
      }
      client.release(failure);
    }
  }

  /** What is left of a call's deadline for its next statement: at least 1 ms, since `pg` reads 0 as none. */
  const timeLeft = (deadline: number) => Math.max(1, Math.ceil(deadline - performance.now()));

  function sessionOf(client: PoolClient, deadline: number): SqlSession {
    return {
      async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
        const timeout = timeLeft(deadline);
        try {
          const result = await client.query(timedStatement(text, params, timeout));
          return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
        } catch (error) {
          throw unavailable(error, timeout);
        }
      },
    };
  }

  // Writes are prepared once per connection: planning the statement again on every create cost the server
  // about a third of its work. A pooler that does not keep prepared statements (PgBouncer before 1.21 in
  // transaction mode) makes the server refuse one; from then on every write is sent unnamed.
  let prepare = true;
  const names = new Map<string, string>();
  async function preparedWrite<Row>(
    client: PoolClient,
    deadline: number,
    text: string,
    params: readonly unknown[],
  ) {
    if (!prepare) return sessionOf(client, deadline).query<Row>(text, params);
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = statementName(text)));
    const timeout = timeLeft(deadline);
    try {
      const result = await client.query(timedStatement(text, params, timeout, name));
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      if (!PREPARED_STATEMENT_LOST.has((error as { code?: string }).code ?? '')) {
        throw unavailable(error, timeout);
      }
      if (prepare) options.onUnprepared?.((error as Error).message);
      prepare = false;
      return sessionOf(client, deadline).query<Row>(text, params);
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
    query: (text, params) =>
      withConnection((client, deadline) => sessionOf(client, deadline).query(text, params)),
    write: (text, params = []) =>
      noticed(withConnection((client, deadline) => preparedWrite(client, deadline, text, params))),
    transaction: (work, how: TransactionOptions = {}) =>
      noticed(
        withConnection(async (client, deadline) => {
          const session = sessionOf(client, deadline);
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
        }, how.deadlineMs),
      ),
    async probe() {
      // A write, since only a write meets what a create meets: a standby or a read-only server refuses it, a
      // full disk under the write-ahead log fails it. After a refused write it also needs a fresh page, since
      // a full disk under the tables refuses a create only once the create outgrows the pages it has.
      const refused = refusedWrites;
      await withConnection((client, deadline) =>
        preparedWrite(client, deadline, PROBE_WRITE, [
          refused > refusedWritesCleared,
          deadlines.lockTimeoutMs,
        ]),
      );
      refusedWritesCleared = refused;
    },
    async close() {
      // Lent connections come back within their calls' deadline and idle ones say goodbye; whatever has not
      // by `closeTimeoutMs` (a silent server never answers a goodbye) has its socket destroyed.
      const gone = new Promise<void>((resolve) => {
        const check = () => open.size === 0 && resolve();
        pool.on('remove', check);
        check();
      });
      const ended = pool.end().then(() => gone);
      if (!(await settlesWithin(ended, deadlines.closeTimeoutMs))) {
        for (const client of open) destroySocket(client);
        await settlesWithin(ended, deadlines.closeTimeoutMs);
      }
    },
  };
}

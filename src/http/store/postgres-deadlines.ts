/**
 * The deadlines of the PostgreSQL engine (contract: deadlines): how long a call may wait for a connection, for
 * its statements, for a lock, and the store for its close. Each is an option of `openPostgresEngine`; the
 * defaults answer a create within the contract's 10 seconds when the database stops answering, and are far
 * from what a real create takes (milliseconds).
 */
export interface PostgresDeadlines {
  /**
   * Longest one store call may take, from asking for a connection to its last statement's answer (a
   * transaction's `BEGIN` to `COMMIT`); 5 s by default. Past it the call fails with `PresetStoreUnavailable`
   * and its connection is destroyed, never lent again.
   */
  callTimeoutMs?: number;
  /**
   * Longest a call waits for a connection, whether the pool opens a new one or all are lent; 5 s by default,
   * and never more than `callTimeoutMs`.
   */
  connectionTimeoutMs?: number;
  /** The server's `statement_timeout` for the engine's sessions; 4 s by default, so the server gives up first. */
  statementTimeoutMs?: number;
  /** The server's `lock_timeout`: a lock held by another session (a `LOCK TABLE`, a migration); 3 s by default. */
  lockTimeoutMs?: number;
  /**
   * The server's `idle_in_transaction_session_timeout`: a session whose client vanished inside a transaction is
   * ended, and its locks released; 10 s by default.
   */
  idleInTransactionTimeoutMs?: number;
  /** TCP keepalive's first probe on a connection that has been silent this long; 10 s by default. */
  keepAliveInitialDelayMs?: number;
  /**
   * Longest `close` waits for lent connections to come back and the server to say goodbye; 3 s by default.
   * Past it every connection's socket is destroyed, so a silent server never holds a shutdown.
   */
  closeTimeoutMs?: number;
}

export const DEFAULT_POSTGRES_DEADLINES: Readonly<Required<PostgresDeadlines>> = {
  callTimeoutMs: 5_000,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 4_000,
  lockTimeoutMs: 3_000,
  idleInTransactionTimeoutMs: 10_000,
  keepAliveInitialDelayMs: 10_000,
  closeTimeoutMs: 3_000,
};

/** The deadlines with their defaults filled in; a RangeError names one that is not a whole number above 0. */
export function postgresDeadlines(given: PostgresDeadlines): Required<PostgresDeadlines> {
  const deadlines = { ...DEFAULT_POSTGRES_DEADLINES };
  for (const name of Object.keys(deadlines) as Array<keyof PostgresDeadlines>) {
    const value = given[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new RangeError(`${name} must be a whole number of milliseconds above 0, got ${String(value)}`);
    }
    deadlines[name] = value;
  }
  deadlines.connectionTimeoutMs = Math.min(deadlines.connectionTimeoutMs, deadlines.callTimeoutMs);
  return deadlines;
}

/** The server-side limits, as `pg` sends them in the startup message: they hold for the whole session. */
export function sessionLimits(deadlines: Required<PostgresDeadlines>) {
  return {
    statement_timeout: deadlines.statementTimeoutMs,
    lock_timeout: deadlines.lockTimeoutMs,
    idle_in_transaction_session_timeout: deadlines.idleInTransactionTimeoutMs,
  };
}

/**
 * True when a pooler refused the session's startup parameters (PgBouncer before 1.20 in transaction mode says
 * `unsupported startup parameter: statement_timeout`): the engine then connects without them.
 */
export function refusedSessionLimits(error: unknown): boolean {
  return /unsupported startup parameter/i.test((error as Error | null)?.message ?? '');
}

/** SQLSTATE of a lock wait the server gave up on (`lock_timeout`): the store is held, not the statement wrong. */
export const LOCK_NOT_AVAILABLE = '55P03';

/** What a statement past its deadline fails with: the time waited, rather than `pg`'s "Query read timeout". */
export function noAnswerWithin(ms: number, cause: unknown): Error {
  return new Error(`the database did not answer within ${ms} ms`, { cause });
}

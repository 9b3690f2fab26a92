/** One statement's answer, the same whichever engine ran it. */
export interface SqlResult<Row> {
  rows: Row[];
  /** Rows an INSERT, UPDATE or DELETE touched. */
  rowCount: number;
}

/** Where statements run: a pooled connection, or the one connection of an open transaction. */
export interface SqlSession {
  /** One statement, its values always passed as parameters (`$1`, `$2`), never spliced into the text. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
}

export interface TransactionOptions {
  /**
   * Longest the whole transaction may take on a server, in place of the engine's call deadline: a migration,
   * which may wait its turn behind another process's and rewrite a table, takes longer than a create.
   */
  deadlineMs?: number;
}

/**
 * A PostgreSQL engine as the SQL stores use it: the real server through `pg`, or PGlite in process. Both run
 * the same SQL; only how a connection is held differs.
 */
export interface SqlEngine extends SqlSession {
  /** What the banner and the docs call it: `PostgreSQL` or `PGlite`. */
  readonly name: 'PostgreSQL' | 'PGlite';
  /**
   * One statement that changes data, committed on its own: the same as `query` on a server, while the embedded
   * engine first makes sure its disk has room for it (a full disk is a 503, not a frozen process).
   */
  write<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (session: SqlSession) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Resolves when a write would be taken now, as readiness asks; rejects with `PresetStoreUnavailable` when it
   * would be refused for a reason of the store: the database does not answer or takes no writes, or (embedded)
   * its disk is full or read-only.
   */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique constraint that refused a row. */
const UNIQUE_VIOLATION = '23505';

/** True when `error` is a unique constraint refusing a row: the sign of a lost race, not a fault. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

/**
 * True when `error` is PostgreSQL saying the machine, not the request, failed: SQLSTATE class 53 (insufficient
 * resources: a full disk is 53100) or 58 (system error: an I/O error is 58030). The request may succeed later.
 */
export function isResourceFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('53') || code.startsWith('58'));
}

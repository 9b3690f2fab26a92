import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlEngine } from '../../src/http/store/sql-engine.js';

const SEGMENT = 1024 * 1024;
/** How close to the end of its segment file the WAL is left: less than one small commit needs. */
const MARGIN = 16 * 1024;

/**
 * Prepares a PGlite store (1 MiB WAL segments) so that a few small commits later PostgreSQL must create a new
 * WAL segment file: a table `t` with free room in its pages (so inserts need no new page), and the WAL moved,
 * with logical messages, into its last segment file, near the end. On a full disk that commit can only fail
 * inside PostgreSQL, where it stops.
 */
export async function walAtTheEdge(engine: SqlEngine, dataDir: string): Promise<void> {
  await engine.query('CREATE TABLE t (id serial PRIMARY KEY, x text)');
  await engine.query(`INSERT INTO t (x) SELECT repeat('x', 1000) FROM generate_series(1, 2000)`);
  await engine.query('DELETE FROM t WHERE id < 2000');
  await engine.query('VACUUM t');
  for (;;) {
    const at = await engine.query<{ file: string; offset: string }>(
      `SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS file,
        (pg_current_wal_insert_lsn() - '0/0'::pg_lsn) % ${SEGMENT} AS offset`,
    );
    const { file, offset } = at.rows[0] as { file: string; offset: string };
    const last = readdirSync(join(dataDir, 'pg_wal'))
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .sort()
      .at(-1);
    if (file === last && Number(offset) > SEGMENT - MARGIN) return;
    const room = file === last ? SEGMENT - MARGIN - Number(offset) : 400_000;
    await engine.query(`SELECT pg_logical_emit_message(false, 'p', repeat('x', $1::int))`, [
      Math.max(100, Math.min(room, 400_000)),
    ]);
  }
}

import pg from 'pg';
import type { Fault } from './fault-drill.js';
import type { PostgresServer } from './postgres-server.js';

/** How long the terminating loop runs, and how often it terminates every gateway connection. */
export const TERMINATE_FOR_MS = 3_000;
export const TERMINATE_EVERY_MS = 50;
/** How long the outage lasts, from the server stopped to its start. */
export const OUTAGE_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every client backend of the database but the one asking: the gateways' connections. */
const TERMINATE_OTHERS = `SELECT count(*) AS terminated FROM (
  SELECT pg_terminate_backend(pid) FROM pg_stat_activity
  WHERE backend_type = 'client backend' AND datname = current_database() AND pid <> pg_backend_pid()
) AS killed`;

/**
 * The PostgreSQL faults of the drill, on a server the caller started: connections terminated under load, an
 * immediate stop (as a crash: recovery from the write-ahead log at the next start) and a ten-second outage.
 */
export function postgresFaults(server: PostgresServer): Fault[] {
  return [
    {
      name: `\`pg_terminate_backend\` on every gateway connection, every ${TERMINATE_EVERY_MS} ms for ${TERMINATE_FOR_MS / 1000} s`,
      async inject() {
        const admin = new pg.Client({ connectionString: server.url, application_name: 'fault-drill' });
        admin.on('error', () => {});
        await admin.connect();
        try {
          for (const end = performance.now() + TERMINATE_FOR_MS; performance.now() < end;) {
            await admin.query(TERMINATE_OTHERS);
            await sleep(TERMINATE_EVERY_MS);
          }
        } finally {
          await admin.end();
        }
      },
    },
    {
      name: '`pg_ctl stop -m immediate`, then start (crash recovery)',
      async inject(context) {
        server.stop('immediate');
        try {
          await context.checkWhileDown();
        } finally {
          server.start();
        }
      },
    },
    {
      name: `a ${OUTAGE_MS / 1000}-second outage (\`pg_ctl stop -m fast\`, then start)`,
      async inject(context) {
        const downAt = performance.now();
        server.stop('fast');
        try {
          await context.checkWhileDown();
          await sleep(OUTAGE_MS - (performance.now() - downAt));
        } finally {
          server.start();
        }
      },
    },
  ];
}

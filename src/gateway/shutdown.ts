/*
 * How long a stopping gateway takes, whatever its database does (contract: deadlines): open requests get up to
 * `DRAIN_MS` to be answered (each store call ends within its own deadline, so one waiting on a silent database
 * is answered 503 well before), then the connections still open are cut; the store then gets its close deadline
 * (3 s for PostgreSQL, after which every database socket is destroyed). Should anything still hold the process
 * past `STOP_WITHIN_MS`, it exits anyway: every acknowledged create was committed before its 200 went out.
 */

/** Longest open requests may take to be answered once a stop signal came. */
export const DRAIN_MS = 8_000;

/** Longest the process may live after a stop signal, its store's close included. */
export const STOP_WITHIN_MS = 14_000;

/**
 * Ends the process `STOP_WITHIN_MS` after it was asked to stop, if it has not ended by then; the timer does not
 * keep a process that ended its work alive.
 */
export function exitAfterStopDeadline(say: (line: string) => void): void {
  setTimeout(() => {
    say(`not stopped within ${STOP_WITHIN_MS / 1000} s of the signal: exiting now\n`);
    process.exit(1);
  }, STOP_WITHIN_MS).unref();
}

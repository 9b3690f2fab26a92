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
 * Ends the process `STOP_WITHIN_MS` after its shutdown delay (`delayMs` after the signal), if it has not ended by
 * then; the timer does not keep a process that ended its work alive.
 */
export function exitAfterStopDeadline(delayMs: number, say: (line: string) => void): void {
  const within = delayMs + STOP_WITHIN_MS;
  setTimeout(() => {
    say(`not stopped within ${within / 1000} s of the signal: exiting now\n`);
    process.exit(1);
  }, within).unref();
}

/** The longest `GATEWAY_SHUTDOWN_DELAY` taken, in seconds: past it an orchestrator would kill the process anyway. */
export const MAX_SHUTDOWN_DELAY_S = 300;

/**
 * Seconds new connections are still served after SIGTERM, while a load balancer stops sending (contract:
 * orchestrators): `GATEWAY_SHUTDOWN_DELAY`, else 0 on a terminal (a person pressed Ctrl-C) and 5 elsewhere,
 * the time Kubernetes endpoints and most load balancers take to drop a pod that says it is not ready.
 */
export function shutdownDelaySeconds(given: string | undefined, onTerminal: boolean): number {
  if (given === undefined || given === '') return onTerminal ? 0 : DEFAULT_SHUTDOWN_DELAY_S;
  const seconds = Number(given);
  if (!/^\d+(\.\d+)?$/.test(given) || seconds > MAX_SHUTDOWN_DELAY_S) {
    throw new RangeError(
      `GATEWAY_SHUTDOWN_DELAY takes seconds from 0 to ${MAX_SHUTDOWN_DELAY_S}, got ${JSON.stringify(given)}`,
    );
  }
  return seconds;
}

/** The shutdown delay off a terminal when `GATEWAY_SHUTDOWN_DELAY` is unset. */
export const DEFAULT_SHUTDOWN_DELAY_S = 5;

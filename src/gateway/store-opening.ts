import { setTimeout as sleep } from 'node:timers/promises';
import { openGatewayStore, type GatewayStore, type StoreChoice } from './gateway-store.js';
import { timedEntry, type GatewayLog } from './log-writer.js';

/** Socket and DNS failures of a database that is not up yet, or not reachable yet (contract: orchestrators). */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  // A Unix socket that is not there yet: the server has not started.
  'ENOENT',
]);

/**
 * SQLSTATE classes of a server that cannot serve yet: connection exception (08), insufficient resources (53:
 * too many connections), operator intervention (57: starting up, shutting down).
 */
const TRANSIENT_SQLSTATE_CLASSES: ReadonlySet<string> = new Set(['08', '53', '57']);

/** Each error of `error`'s cause chain (and an AggregateError's errors), the outer first. */
function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const pending = [error];
  for (let next = pending.shift(); next !== undefined && chain.length < 16; next = pending.shift()) {
    chain.push(next);
    if (next instanceof AggregateError) pending.push(...(next.errors as unknown[]));
    if (next instanceof Error && next.cause !== undefined) pending.push(next.cause);
  }
  return chain;
}

/**
 * True when a store failed to open for a reason that goes away by itself (refused, reset, timed out, a name that
 * does not resolve yet, a server still starting); false for one that a wait cannot mend (a refused password, a
 * missing database, a schema newer than this gateway, a wrong URL).
 */
export function isTransientOpenError(error: unknown): boolean {
  const chain = errorChain(error);
  const codes = chain.map((link) => String((link as { code?: unknown } | null)?.code ?? ''));
  // Authentication (28) and a missing database (3D) stay as they are until someone changes them.
  if (codes.some((code) => /^(28|3D)/.test(code))) return false;
  if (codes.some((code) => TRANSIENT_CODES.has(code))) return true;
  if (codes.some((code) => /^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2)))) {
    return true;
  }
  return chain.some(
    (link) => link instanceof Error && /timeout|timed out|terminated unexpectedly/i.test(link.message),
  );
}

export interface OpeningBackoff {
  /** The first wait after a failed attempt; 250 ms by default. */
  firstMs?: number;
  /** The longest wait between two attempts; 2 s by default, so a database that comes up is found within 2 s. */
  maxMs?: number;
}

/** A store being opened while the gateway already answers. */
export interface StoreOpening {
  /** The store once open; null when the opening was given up first. Rejects with a permanent error. */
  opened: Promise<GatewayStore | null>;
  /** The store, once open. */
  current(): GatewayStore | undefined;
  /** Stops trying: a store that opens after this is closed at once. */
  giveUp(): void;
}

/**
 * Opens the chosen store in the background: a PostgreSQL server that cannot be reached yet is tried again with
 * a backoff that doubles up to `maxMs`, one warning line per attempt; a permanent error rejects `opened` at
 * once. The embedded store and the memory store are opened once: their failures are not the network's.
 */
export function openStoreInBackground(
  choice: StoreChoice,
  log: GatewayLog,
  backoff: OpeningBackoff = {},
  open: typeof openGatewayStore = openGatewayStore,
): StoreOpening {
  const stop = new AbortController();
  let store: GatewayStore | undefined;
  const attempt = async (): Promise<GatewayStore | null> => {
    let waitMs = backoff.firstMs ?? 250;
    for (let tries = 1; ; tries += 1) {
      try {
        return await open(choice, log);
      } catch (error) {
        if (stop.signal.aborted) return null;
        if (choice.kind !== 'postgres' || !isTransientOpenError(error)) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        log(timedEntry('warn', `${reason}; trying again in ${waitMs / 1000} s (attempt ${tries})`));
      }
      try {
        await sleep(waitMs, undefined, { signal: stop.signal });
      } catch {
        return null;
      }
      waitMs = Math.min(waitMs * 2, backoff.maxMs ?? 2_000);
    }
  };
  const opened = attempt().then(async (opened) => {
    if (opened !== null && stop.signal.aborted) {
      await opened.close();
      return null;
    }
    store = opened ?? undefined;
    return opened;
  });
  return { opened, current: () => store, giveUp: () => stop.abort() };
}

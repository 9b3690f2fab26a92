import { checkedLimit } from '../../body/body-limits.js';
import { DEFAULT_LINGER } from './lingering-close.js';

/**
 * The bounds a Node server puts on connections (contract: overload), each with its default. Node's own defaults
 * (60 s for headers, 300 s per request, no cap on connections or requests per connection) let idle or slow
 * clients hold the server's sockets far longer than any real client needs.
 */
export interface ConnectionLimits {
  /** Time for a request's headers to arrive, from its first byte; 10 s by default. Past it: 408, closed. */
  headersTimeoutMs?: number;
  /**
   * Time for a whole request, body included, to arrive; 30 s by default. Past it: 408, closed. A connection with
   * no traffic either way for as long (a client that stopped reading its answers) is closed too.
   */
  requestTimeoutMs?: number;
  /** How long an idle kept-alive connection stays open; 5 s by default. */
  keepAliveTimeoutMs?: number;
  /** Requests served on one connection; 1,000 by default. The last says `Connection: close`; one past it closes. */
  maxRequestsPerSocket?: number;
  /**
   * Connections open at once; 1,024 by default. A new connection past it closes the longest-idle one (no request
   * in progress), or is itself closed when every connection is busy.
   */
  maxConnections?: number;
  /** Request body bytes held across all requests at once; 64 MiB by default. Past it: 503 with `Retry-After`. */
  maxBodyBytesInFlight?: number;
  /**
   * Request body bytes one key holds at once, across its requests; a quarter of `maxBodyBytesInFlight` by
   * default (16 MiB), and a key's one body always goes. Past it: 503 with `Retry-After`, for that key alone.
   */
  maxBodyBytesPerKey?: number;
  /**
   * Request body bytes the keys of one workspace (of none, for keys without one) hold at once, together; a
   * quarter of `maxBodyBytesInFlight` by default (16 MiB), so a client gains nothing past one key's share by
   * holding more keys. Past it: 503 with `Retry-After`, unless the reserve takes the body.
   */
  maxBodyBytesPerWorkspace?: number;
  /**
   * Request body bytes kept for keys that hold little, which keys at their share cannot take: an eighth of
   * `maxBodyBytesInFlight` by default (8 MiB). A key takes of it only while it holds at most a quarter of it
   * (2 MiB), its workspace's keys at most half of it together, so however many keys hold their share, a key
   * holding nothing gets several ordinary bodies through at once. Less than `maxBodyBytesInFlight`; 0 keeps none.
   */
  reservedBodyBytes?: number;
  /** Time a body may go without a byte arriving; 10 s by default. Past it: 408, its bytes given back, closed. */
  bodyIdleTimeoutMs?: number;
  /**
   * The least average rate, in bytes per second from the moment its reading starts, a body must keep once
   * `bodyRateGraceMs` has passed; 240 by default (Kestrel's). Below it: 408, its bytes given back, closed, so
   * clients trickling bodies a byte at a time cannot hold the budget, the reserve or a share. 0 asks no rate.
   */
  minBodyBytesPerSecond?: number;
  /** Time a body has before its rate is first asked; 5 s by default. */
  bodyRateGraceMs?: number;
  /**
   * Bytes of large bodies (64 KiB and up) being checked at once, after they are read: parsed, validated,
   * normalized, stored; 4 MiB by default, and one body always goes. The others wait their turn, so a request
   * in between waits for the checks of about this many bytes, not for those of every body in flight.
   */
  maxBodyBytesChecked?: number;
  /** Most bytes of an unread body discarded after an early answer, before the connection closes; 64 MiB. */
  lingerBytes?: number;
  /** Longest time spent discarding them, in milliseconds; 10 s by default. */
  lingerMs?: number;
}

export const DEFAULT_CONNECTION_LIMITS: Required<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerSocket: 1_000,
  maxConnections: 1_024,
  maxBodyBytesInFlight: 64 * 1024 * 1024,
  maxBodyBytesPerKey: 16 * 1024 * 1024,
  maxBodyBytesPerWorkspace: 16 * 1024 * 1024,
  reservedBodyBytes: 8 * 1024 * 1024,
  bodyIdleTimeoutMs: 10_000,
  minBodyBytesPerSecond: 240,
  bodyRateGraceMs: 5_000,
  maxBodyBytesChecked: 4 * 1024 * 1024,
  lingerBytes: DEFAULT_LINGER.maxBytes,
  lingerMs: DEFAULT_LINGER.maxMs,
};

/** The share of the bytes in flight one key, or one workspace's keys, hold when none is given: a quarter. */
const KEY_SHARE_DIVISOR = 4;
/** The part of the bytes in flight kept in reserve when none is given: an eighth. */
const RESERVE_DIVISOR = 8;

/** The bounds for which 0 means none: no reserve, no least rate. */
const ZERO_ALLOWED: ReadonlySet<keyof ConnectionLimits> = new Set([
  'reservedBodyBytes',
  'minBodyBytesPerSecond',
]);

/**
 * Every bound given or its default, checked: a nonsense value is the programmer's bug and throws at once. The
 * shares and the reserve not given are parts of the bytes in flight, whichever those are.
 */
export function resolvedConnectionLimits(limits: ConnectionLimits = {}): Required<ConnectionLimits> {
  const defaults = { ...DEFAULT_CONNECTION_LIMITS };
  if (limits.maxBodyBytesInFlight !== undefined) {
    const share = Math.max(1, Math.floor(limits.maxBodyBytesInFlight / KEY_SHARE_DIVISOR));
    defaults.maxBodyBytesPerKey = share;
    defaults.maxBodyBytesPerWorkspace = share;
    defaults.reservedBodyBytes = Math.floor(limits.maxBodyBytesInFlight / RESERVE_DIVISOR);
  }
  const resolved = { ...defaults };
  for (const name of Object.keys(resolved) as Array<keyof ConnectionLimits>) {
    resolved[name] = checkedLimit(name, limits[name] ?? defaults[name], ZERO_ALLOWED.has(name) ? 0 : 1);
  }
  if (resolved.reservedBodyBytes >= resolved.maxBodyBytesInFlight) {
    throw new RangeError(
      `reservedBodyBytes must be less than maxBodyBytesInFlight (${resolved.maxBodyBytesInFlight}), got ${resolved.reservedBodyBytes}`,
    );
  }
  return resolved;
}

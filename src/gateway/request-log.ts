import { loggedName, loggedText, unredacted, type Redact } from './client-text.js';
import { timedEntry, type LogEntry } from './log-writer.js';
import type { TraceIds } from './traceparent.js';

/** The longest path a log line shows; the rest is cut, so a crafted URL cannot flood the log. */
const MAX_LOGGED_PATH = 200;

/**
 * A request path fit for one log line: no query string (it may carry secrets), decoded, redacted and masked
 * before it is cut, no control or non-ASCII bytes (client-text.ts).
 */
function loggedPath(target: string, redact: Redact): string {
  return loggedText(target.split(/[?#]/, 1)[0] ?? '', MAX_LOGGED_PATH, redact);
}

/**
 * One line per request: time, method, path, status and duration. Never a body, a header or a key: what a
 * request carries is the client's business, not the log's.
 */
export function requestLogLine(
  method: string,
  target: string,
  status: number,
  milliseconds: number,
  redact: Redact = unredacted,
): string {
  return `${new Date().toISOString()} ${loggedMethod(method)} ${loggedPath(target, redact)} ${status} ${milliseconds.toFixed(1)} ms`;
}

function loggedMethod(method: string): string {
  return /^[A-Z]{1,16}$/.test(method) ? method : 'OTHER';
}

/** What the log says of one answered request. */
export interface ServedRequest {
  method: string;
  target: string;
  status: number;
  milliseconds: number;
  /** The id its answer carried in `X-Request-Id` (contract: request-id). */
  id: string | undefined;
  /** From its `traceparent` header, when that was valid. */
  trace: TraceIds | undefined;
  /** The peer's address, as pino-http writes it in `req.remoteAddress`. */
  remoteAddress?: string | undefined;
  /** The `User-Agent` header: the client's own words, so cut and escaped as a path is. */
  userAgent?: string | string[] | undefined;
}

/** The longest user agent a line shows. */
const MAX_LOGGED_USER_AGENT = 200;

function loggedUserAgent(given: string | string[] | undefined, redact: Redact): string | undefined {
  const text = Array.isArray(given) ? given.join(', ') : given;
  if (text === undefined || text === '') return undefined;
  // The client's own words: read, redacted and bounded as a path is, so an agent cannot carry a key or forge a line.
  return loggedText(text, MAX_LOGGED_USER_AGENT, redact);
}

/**
 * A request's entry (contract: log-format): as pino-http writes one (`req`, `res`, `responseTime`, "request
 * completed", at error level for a 5xx), with the trace of a valid `traceparent`; its human line is
 * `requestLogLine`'s. The same never-list holds: no header but the two ids, no body, no query.
 */
export function requestLogEntry(served: ServedRequest, redact: Redact = unredacted): LogEntry {
  const { method, target, status, milliseconds } = served;
  return {
    level: status >= 500 ? 'error' : 'info',
    msg: 'request completed',
    // Made only when the human line is written: a JSON line never reads it.
    get text() {
      return requestLogLine(method, target, status, milliseconds, redact);
    },
    // Made only when the JSON line is written.
    get fields() {
      return {
        req: {
          id: served.id,
          method: loggedMethod(method),
          url: loggedPath(target, redact),
          remoteAddress: served.remoteAddress,
          userAgent: loggedUserAgent(served.userAgent, redact),
        },
        res: { statusCode: status },
        responseTime: Math.round(milliseconds * 10) / 10,
        ...served.trace,
      };
    },
    redactedWith: (by) => requestLogEntry(served, by),
  };
}

/** At most this many dropped names on one line, each bounded, so a crafted body cannot flood it. */
const MAX_LOGGED_NAMES = 20;

/**
 * The line a preset create logs for the unknown request fields the preset dropped (contract: preset-config):
 * their names only, never a value, each bounded and masked as a secret value is when it reads as a token
 * (client-text.ts), so that no name can break the line or carry a key into it.
 */
export function droppedFieldsLogEntry(
  slug: string,
  names: readonly string[],
  requestId?: string,
  redact: Redact = unredacted,
): LogEntry {
  const shown = names.slice(0, MAX_LOGGED_NAMES).map((name) => loggedName(name, redact));
  const more = names.length > MAX_LOGGED_NAMES ? ` and ${names.length - MAX_LOGGED_NAMES} more` : '';
  // The request's id, as on its request line, so that the two lines meet (contract: request-id).
  const fields = requestId === undefined ? undefined : { req: { id: requestId } };
  const entry = timedEntry(
    'warn',
    `preset ${loggedPath(slug, redact)}: dropped unknown fields ${shown.join(', ')}${more}`,
    fields,
  );
  return { ...entry, redactedWith: (by) => droppedFieldsLogEntry(slug, names, requestId, by) };
}

import { timedEntry, type LogEntry } from './log-writer.js';
import type { TraceIds } from './traceparent.js';

/** The longest path a log line shows; the rest is cut, so a crafted URL cannot flood the log. */
const MAX_LOGGED_PATH = 200;

/** A request path fit for one log line: no query string (it may carry secrets), no control or non-ASCII bytes. */
function loggedPath(target: string): string {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  const printable = path.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character));
  return printable.length > MAX_LOGGED_PATH ? `${printable.slice(0, MAX_LOGGED_PATH)}...` : printable;
}

/**
 * One line per request: time, method, path, status and duration. Never a body, a header or a key: what a
 * request carries is the client's business, not the log's.
 */
export function requestLogLine(method: string, target: string, status: number, milliseconds: number): string {
  return `${new Date().toISOString()} ${loggedMethod(method)} ${loggedPath(target)} ${status} ${milliseconds.toFixed(1)} ms`;
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

function loggedUserAgent(given: string | string[] | undefined): string | undefined {
  const text = Array.isArray(given) ? given.join(', ') : given;
  if (text === undefined || text === '') return undefined;
  // Spaces kept; any other byte outside printable ASCII escaped, so the agent cannot break or forge a line.
  const printable = text.replace(/[^\x20-\x7e]/g, (character) => encodeURIComponent(character));
  return printable.length > MAX_LOGGED_USER_AGENT
    ? `${printable.slice(0, MAX_LOGGED_USER_AGENT)}...`
    : printable;
}

/**
 * A request's entry (contract: log-format): as pino-http writes one (`req`, `res`, `responseTime`, "request
 * completed", at error level for a 5xx), with the trace of a valid `traceparent`; its human line is
 * `requestLogLine`'s. The same never-list holds: no header but the two ids, no body, no query.
 */
export function requestLogEntry(served: ServedRequest): LogEntry {
  const { method, target, status, milliseconds } = served;
  return {
    level: status >= 500 ? 'error' : 'info',
    msg: 'request completed',
    // Made only when the human line is written: a JSON line never reads it.
    get text() {
      return requestLogLine(method, target, status, milliseconds);
    },
    fields: {
      req: {
        id: served.id,
        method: loggedMethod(method),
        url: loggedPath(target),
        remoteAddress: served.remoteAddress,
        userAgent: loggedUserAgent(served.userAgent),
      },
      res: { statusCode: status },
      responseTime: Math.round(milliseconds * 10) / 10,
      ...served.trace,
    },
  };
}

/** At most this many dropped names on one line, each cut at the path's length, so a crafted body cannot flood it. */
const MAX_LOGGED_NAMES = 20;

/**
 * The line a preset create logs for the unknown request fields the preset dropped (contract: preset-config):
 * their names only, never a value, each escaped like a path so that no name can break the line.
 */
export function droppedFieldsLogEntry(slug: string, names: readonly string[], requestId?: string): LogEntry {
  const shown = names.slice(0, MAX_LOGGED_NAMES).map(loggedPath);
  const more = names.length > MAX_LOGGED_NAMES ? ` and ${names.length - MAX_LOGGED_NAMES} more` : '';
  // The request's id, as on its request line, so that the two lines meet (contract: request-id).
  const fields = requestId === undefined ? undefined : { req: { id: requestId } };
  return timedEntry(
    'warn',
    `preset ${loggedPath(slug)}: dropped unknown fields ${shown.join(', ')}${more}`,
    fields,
  );
}

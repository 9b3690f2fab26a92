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
  const safeMethod = /^[A-Z]{1,16}$/.test(method) ? method : 'OTHER';
  return `${new Date().toISOString()} ${safeMethod} ${loggedPath(target)} ${status} ${milliseconds.toFixed(1)} ms`;
}

/** At most this many dropped names on one line, each cut at the path's length, so a crafted body cannot flood it. */
const MAX_LOGGED_NAMES = 20;

/**
 * The line a preset create logs for the unknown request fields the preset dropped (contract: preset-config):
 * their names only, never a value, each escaped like a path so that no name can break the line.
 */
export function droppedFieldsLogLine(slug: string, names: readonly string[]): string {
  const shown = names.slice(0, MAX_LOGGED_NAMES).map(loggedPath);
  const more = names.length > MAX_LOGGED_NAMES ? ` and ${names.length - MAX_LOGGED_NAMES} more` : '';
  return `${new Date().toISOString()} preset ${loggedPath(slug)}: dropped unknown fields ${shown.join(', ')}${more}`;
}

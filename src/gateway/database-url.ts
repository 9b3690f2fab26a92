import { secretsToRedact } from './redact.js';

/** `DATABASE_URL` as the gateway uses it: what the driver connects with, what is printed, and what never is. */
export interface DatabaseUrl {
  /** What `pg` is given: the variable's value, with `postgresql://` put before one written without a scheme. */
  connectionString: string;
  /**
   * `user@host:port/db`, each part only when the URL has it: never the password, never a query parameter, and a
   * part that is the password (`postgres:postgres@...`) redacted as any printed line redacts it.
   */
  description: string;
  /** The password and every password-like query parameter, as written and decoded: kept out of all output. */
  secrets: string[];
}

/** A `DATABASE_URL` the gateway cannot read; its message never quotes the value, which may hold a password. */
export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

const SCHEMES = new Set(['postgres:', 'postgresql:', 'socket:']);
/** A host name or IPv4 address, an IPv6 literal, or a socket directory written percent-encoded (`%2Fvar...`). */
const HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]|%2F[A-Za-z0-9._~%-]*)$/i;
/** Query parameters that hold a password (`password`, `sslpassword`, ...). */
const SECRET_PARAMETER = /pass/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const refused = () =>
  new DatabaseUrlError(
    'DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host:5432/db or a socket ' +
      'directory such as /var/run/postgresql (its value is not shown: it may hold a password)',
  );

/** The parts of `user@host:port/db` that are there, joined. */
function joinParts(user: string, host: string, port: string, database: string): string {
  return `${user ? `${user}@` : ''}${host}${port ? `:${port}` : ''}${database ? `/${database}` : ''}`;
}

/** A socket directory and a database name, `/var/run/postgresql gateway`, as `pg` reads a value starting with `/`. */
function socketPath(text: string): DatabaseUrl {
  const [directory = '', database = ''] = text.split(' ');
  return { connectionString: text, description: joinParts('', directory, '', database), secrets: [] };
}

/**
 * Reads `DATABASE_URL` in every form `pg` takes (a `postgres://` or `postgresql://` URL, a socket host as
 * `%2F...` or `?host=/dir`, `socket:/dir?db=...`, a socket directory) and one it does not: a URL written without
 * its scheme (`user:password@host/db`), which `pg` would take for a database name, is read as `postgresql://`.
 * Anything else is refused without quoting it.
 */
export function readDatabaseUrl(text: string): DatabaseUrl {
  if (text.startsWith('/')) return socketPath(text);
  const schemed = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) || text.startsWith('socket:');
  // Without a scheme, only what reads as a URL's authority and path is a URL: a bare word may be a password.
  if (!schemed && !/[@/]/.test(text)) throw refused();
  const connectionString = schemed ? text : `postgresql://${text}`;
  let url: URL;
  try {
    // `pg` accepts an empty host after the credentials (`user:pw@/db`, the local default); URL does not.
    url = new URL(connectionString.replace('@/', '@localhost/'));
  } catch {
    throw refused();
  }
  const parameters = url.searchParams;
  const secrets = [url.password, decoded(url.password)];
  // As written and as decoded, since a message may quote either.
  for (const pair of url.search.slice(1).split('&')) {
    const cut = pair.includes('=') ? pair.indexOf('=') : pair.length;
    const value = pair.slice(cut + 1);
    if (SECRET_PARAMETER.test(decoded(pair.slice(0, cut))))
      secrets.push(value, decoded(value.replaceAll('+', ' ')));
  }
  if (!SCHEMES.has(url.protocol)) throw refused();
  const user = decoded(url.username) || (parameters.get('user') ?? '');
  const kept = secretsToRedact();
  kept.add(...secrets);
  if (url.protocol === 'socket:') {
    const description = joinParts(user, decoded(url.pathname), '', parameters.get('db') ?? '');
    return { connectionString, description: kept.redact(description), secrets: secrets.filter(Boolean) };
  }
  if (url.hostname !== '' && !HOST.test(url.hostname)) throw refused();
  const host = parameters.get('host') || decoded(url.hostname) || 'localhost';
  const port = parameters.get('port') || url.port;
  if (!/^\d{0,5}$/.test(port)) throw refused();
  const database = decoded(url.pathname.slice(1));
  return {
    connectionString,
    description: kept.redact(joinParts(user, host, port, database)),
    secrets: secrets.filter(Boolean),
  };
}

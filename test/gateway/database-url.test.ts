import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, readDatabaseUrl } from '../../src/gateway/database-url.js';
import { secretsToRedact } from '../../src/gateway/redact.js';

describe('readDatabaseUrl', () => {
  it.each([
    ['a URL', 'postgresql://gw:s3cr3t@db.internal:5432/gateway', 'gw@db.internal:5432/gateway'],
    ['the postgres scheme', 'postgres://gw:s3cr3t@db.internal/gateway', 'gw@db.internal/gateway'],
    ['no scheme', 'gw:s3cr3t@host/db', 'gw@host/db'],
    ['no scheme, no password', 'gw@host:6543/db', 'gw@host:6543/db'],
    ['a password in the query', 'postgresql://gw@host/db?password=s3cr3t&sslmode=require', 'gw@host/db'],
    ['an sslpassword in the query', 'postgresql://gw@host/db?sslpassword=s3cr3t', 'gw@host/db'],
    ['an encoded password', 'postgresql://gw:s3%40cr3t@host/db', 'gw@host/db'],
    ['an encoded password in the query', 'postgresql://gw@host/db?password=s3%40cr3t=x', 'gw@host/db'],
    ['an IPv6 host', 'postgresql://gw:s3cr3t@[::1]:5432/db', 'gw@[::1]:5432/db'],
    [
      'a socket host, encoded',
      'postgresql://gw:s3cr3t@%2Fvar%2Frun%2Fpostgresql/db',
      'gw@/var/run/postgresql/db',
    ],
    [
      'a socket host in the query',
      'postgresql:///db?host=/var/run/postgresql&user=gw&password=s3cr3t',
      'gw@/var/run/postgresql/db',
    ],
    ['no host', 'postgresql://gw:s3cr3t@/db', 'gw@localhost/db'],
    [
      'the socket scheme',
      'socket:/var/run/postgresql?db=gateway&user=gw&password=s3cr3t',
      'gw@/var/run/postgresql/gateway',
    ],
    ['a socket directory', '/var/run/postgresql gateway', '/var/run/postgresql/gateway'],
  ])('describes %s as user@host:port/db, without the password', (_, text, description) => {
    const read = readDatabaseUrl(text);
    expect(read.description).toBe(description);
    expect(read.description).not.toContain('s3');
    const secrets = secretsToRedact();
    secrets.add(...read.secrets);
    expect(secrets.redact(text)).not.toMatch(/s3(%40)?cr3t/);
  });

  it('gives pg a URL written without its scheme as postgresql://, which pg would take for a database name', () => {
    expect(readDatabaseUrl('gw:s3cr3t@host/db').connectionString).toBe('postgresql://gw:s3cr3t@host/db');
    expect(readDatabaseUrl('postgres://gw@host/db').connectionString).toBe('postgres://gw@host/db');
  });

  it.each([
    ['a bare word', 's3cr3t'],
    ['keyword=value pairs', 'host=db password=s3cr3t'],
    ['another scheme', 'mysql://gw:s3cr3t@host/db'],
    ['a port that is no number', 'postgresql://gw@host:s3cr3t/db'],
    ['a host that is no host', 'postgresql://gw@ho=st,s3cr3t/db'],
    ['spaces', 'gw s3cr3t @ host'],
  ])('refuses %s without quoting it', (_, text) => {
    expect(() => readDatabaseUrl(text)).toThrow(DatabaseUrlError);
    expect(() => readDatabaseUrl(text)).not.toThrow(/s3cr3t/);
  });
});

describe('secretsToRedact', () => {
  it('replaces every known secret, the longer first, and ignores empty ones', () => {
    const secrets = secretsToRedact();
    secrets.add('abc', 'abcdef', '', null, undefined);
    expect(secrets.redact('x abcdef y abc z')).toBe('x [redacted] y [redacted] z');
    expect(secrets.redact('nothing here')).toBe('nothing here');
  });

  it('redacts a short secret only where it stands as a word of its own, so no other word loses a letter', () => {
    const secrets = secretsToRedact();
    secrets.add(...readDatabaseUrl('postgresql://gw:e@db.internal/gateway').secrets);
    const line = '2026-11-28T01:00:00.000Z GET /healthz 200 0.4 ms';
    expect(secrets.redact(line)).toBe(line);
    expect(secrets.redact('GET /api/v1/presets/e/versions/1 404')).toBe(
      'GET /api/v1/presets/[redacted]/versions/1 404',
    );
    expect(secrets.redact('database "db-e" does not exist; e')).toBe(
      'database "db-[redacted]" does not exist; [redacted]',
    );
  });

  it('redacts a secret of 16 characters or more wherever it stands, inside a word too', () => {
    const secrets = secretsToRedact();
    const key = 'gw-mgmt-0123456789abcdef';
    secrets.add(key);
    expect(secrets.redact(`/presets/x${key}y/versions/1`)).toBe('/presets/x[redacted]y/versions/1');
  });

  it('replaces in one pass: no replacement is cut into by a secret found in the marker, or by a shorter secret', () => {
    const secrets = secretsToRedact();
    // Every letter of the marker, and a secret that holds another, at once.
    secrets.add('r', 'e', 'd', 'a', 'c', 't', '[', ']', 'redacted', 'pw-9f3c1e7a', 'pw');
    expect(secrets.redact('r e /pw-9f3c1e7a/ pw redacted [redacted]')).toBe(
      '[redacted] [redacted] /[redacted]/ [redacted] [redacted] [[redacted]]',
    );
  });

  it('leaves user@host:port/db whole unless a part of it is the password, as in postgres:postgres', () => {
    expect(readDatabaseUrl('postgresql://postgres:e@127.0.0.1:5432/postgres').description).toBe(
      'postgres@127.0.0.1:5432/postgres',
    );
    expect(readDatabaseUrl('postgresql://postgres:postgres@127.0.0.1:5432/gateway').description).toBe(
      '[redacted]@127.0.0.1:5432/gateway',
    );
  });
});

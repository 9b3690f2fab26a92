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
});

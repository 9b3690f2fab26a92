import { describe, expect, it } from 'vitest';
import type { GatewayStore, StoreChoice } from '../../src/gateway/gateway-store.js';
import type { LogEntry } from '../../src/gateway/log-writer.js';
import { isTransientOpenError, openStoreInBackground } from '../../src/gateway/store-opening.js';
import { PresetStoreUnavailable } from '../../src/http/store/preset-store-unavailable.js';

/*
 * Which failures to open a store are waited out and which end the start (contract: orchestrators); the real
 * late PostgreSQL server is test/gateway/orchestrator.test.ts's.
 */

/** An error as `pg` and Node make them: a message, and a code (errno or SQLSTATE). */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As the gateway's store wraps them: a sentence around the store's error around the driver's. */
const wrapped = (cause: Error) =>
  new Error(`cannot open the store in PostgreSQL at gw@db:5432/gw (DATABASE_URL): ${cause.message}`, {
    cause: new PresetStoreUnavailable('PostgreSQL', cause),
  });

describe('isTransientOpenError', () => {
  it.each([
    ['refused', coded('ECONNREFUSED')],
    ['reset', coded('ECONNRESET')],
    ['timed out', coded('ETIMEDOUT')],
    ['a name that does not resolve yet', coded('EAI_AGAIN')],
    ['a name not in DNS yet', coded('ENOTFOUND')],
    ['a socket not there yet', coded('ENOENT')],
    ['a server starting up (57P03)', coded('57P03', 'the database system is starting up')],
    ['too many connections (53300)', coded('53300')],
    ['a connection timeout without a code', new Error('Connection terminated due to connection timeout')],
    ['every address refused', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
  ])('waits out %s', (_, error) => {
    expect(isTransientOpenError(wrapped(error))).toBe(true);
  });

  it.each([
    ['a refused password (28P01)', coded('28P01', 'password authentication failed')],
    ['no such role (28000)', coded('28000')],
    ['a missing database (3D000)', coded('3D000', 'database "gw" does not exist')],
    ['a schema newer than the gateway', new Error('the database was migrated by a newer release')],
    ['a refused password over a reset socket', new AggregateError([coded('28P01'), coded('ECONNRESET')])],
  ])('ends the start on %s', (_, error) => {
    expect(isTransientOpenError(wrapped(error))).toBe(false);
  });
});

const postgres: StoreChoice = {
  kind: 'postgres',
  database: { connectionString: 'postgresql://gw@db/gw', description: 'gw@db:5432/gw', secrets: [] },
} as unknown as StoreChoice;

function storeNamed(name: string, closed: string[]): GatewayStore {
  return {
    facts: { sentence: name, durable: true },
    close: async () => void closed.push(name),
  } as GatewayStore;
}

describe('openStoreInBackground', () => {
  it('tries a server that cannot be reached again, with a doubling wait and a warning each time, until it opens', async () => {
    const lines: LogEntry[] = [];
    let attempts = 0;
    const opening = openStoreInBackground(
      postgres,
      (entry) => lines.push(typeof entry === 'string' ? { level: 'info', msg: entry } : entry),
      { firstMs: 10, maxMs: 20 },
      async () => {
        attempts += 1;
        if (attempts < 4) throw wrapped(coded('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:5432'));
        return storeNamed('opened', []);
      },
    );
    expect(opening.current()).toBeUndefined();
    expect((await opening.opened)?.facts.sentence).toBe('opened');
    expect(opening.current()?.facts.sentence).toBe('opened');
    expect(attempts).toBe(4);
    expect(
      lines.map((line) => [line.level, /trying again in (\S+) s \(attempt (\d)\)/.exec(line.msg)?.slice(1)]),
    ).toEqual([
      ['warn', ['0.01', '1']],
      ['warn', ['0.02', '2']],
      ['warn', ['0.02', '3']],
    ]);
  });

  it('rejects at once on a permanent refusal, and opens the embedded store once whatever it throws', async () => {
    let attempts = 0;
    const refused = openStoreInBackground(
      postgres,
      () => {},
      {},
      async () => {
        attempts += 1;
        throw wrapped(coded('28P01', 'password authentication failed for user "gw"'));
      },
    );
    await expect(refused.opened).rejects.toThrow('password authentication failed');
    expect(attempts).toBe(1);
    const embedded = openStoreInBackground(
      { kind: 'pglite', dataDir: '/nowhere' },
      () => {},
      {},
      async () => {
        attempts += 1;
        throw coded('ECONNRESET');
      },
    );
    await expect(embedded.opened).rejects.toThrow('ECONNRESET');
    expect(attempts).toBe(2);
  });

  it('stops trying once given up, and closes a store that opens after that', async () => {
    const closed: string[] = [];
    const waiting = openStoreInBackground(
      postgres,
      () => {},
      { firstMs: 60_000 },
      async () => {
        throw wrapped(coded('ECONNREFUSED'));
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    waiting.giveUp();
    expect(await waiting.opened).toBeNull();

    let open: (store: GatewayStore) => void = () => {};
    const late = openStoreInBackground(
      postgres,
      () => {},
      {},
      () => new Promise((resolve) => (open = resolve)),
    );
    late.giveUp();
    open(storeNamed('late', closed));
    expect(await late.opened).toBeNull();
    expect(late.current()).toBeUndefined();
    expect(closed).toEqual(['late']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type Started } from '../gateway/serve-process.js';
import { drill, type DrilledGateway, type FaultOutcome } from '../support/fault-drill.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { sigtermDuringSilence, STOP_BOUND_MS } from '../support/sigterm-drill.js';
import { heldTableLock, silence } from '../support/silence-faults.js';

/*
 * A gateway process whose database stops answering without closing anything (contract: deadlines), with the
 * default deadlines, on PostgreSQL directly and through PgBouncer (1.18, transaction pooling, which refuses the
 * server-side limits as startup parameters): a TCP proxy between the gateway and its database swallows every
 * byte for a while; another session holds a table lock; SIGTERM comes during a silence. The engine's own file
 * (test/http/store/postgres-deadlines.test.ts) proves the same bounds with short deadlines.
 */

const KEY = 'silence-test-management';
/** The contract's bounds: a create answered and `/readyz` turned within 10 s, recovery within 15 s. */
const ANSWER_WITHIN_MS = 10_000;
const SILENT_FOR_MS = 6_000;
const LOCKED_FOR_MS = 8_000;

let server: PostgresServer;
let bouncer: PgBouncer;
const proxies: FaultProxy[] = [];
const gateways: Started[] = [];

beforeAll(async () => {
  server = await startPostgres();
  bouncer = await startPgBouncer(server.url);
}, 120_000);
afterAll(async () => {
  for (const gateway of gateways) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  for (const proxy of proxies) await proxy.close();
  bouncer?.stop();
  server?.destroy();
});

async function serveThrough(proxy: FaultProxy, url: string): Promise<Started> {
  const gateway = await startServe({
    DATABASE_URL: proxy.through(url),
    // No versions cache: what is read back comes from the database.
    GATEWAY_VERSION_CACHE_BYTES: '0',
    GATEWAY_MANAGEMENT_KEY: KEY,
    GATEWAY_API_KEY: 'silence-test-standard',
  });
  gateways.push(gateway);
  return gateway;
}

const drilled = (gateway: Started): DrilledGateway => ({
  baseUrl: gateway.baseUrl,
  managementKey: KEY,
  alive: () => gateway.child.exitCode === null && gateway.child.signalCode === null,
});

function expectBoundedAndKept(outcome: FaultOutcome, gateway: Started): void {
  console.info(`${outcome.fault}: ${JSON.stringify(outcome)}`);
  expect(outcome.lived, gateway.output().slice(-4_000)).toBe(true);
  // No create waited past the bound: each was answered, 200, 409 or 503.
  expect(outcome.answers['no answer']).toBeUndefined();
  expect(outcome.slowestCreateMs).toBeLessThan(ANSWER_WITHIN_MS);
  expect(Object.keys(outcome.answers).filter((status) => !['200', '409', '503'].includes(status))).toEqual(
    [],
  );
  expect(outcome.present).toBe(outcome.acknowledged);
  expect(outcome.duplicated).toBe(0);
  // Creates and readiness come back on the same process within 15 s.
  expect(outcome.recoverMs).not.toBeNull();
  expect(outcome.readyMs).not.toBeNull();
  const down = outcome.whileDown!;
  expect(down.createStatus).toBe(503);
  expect(down.createRetryAfter).not.toBeNull();
  expect(down.createMs).toBeLessThan(ANSWER_WITHIN_MS);
  expect([down.healthzStatus, down.providersStatus, down.pageStatus]).toEqual([200, 200, 200]);
}

for (const [through, url] of [
  ['directly', () => server.url],
  ['through PgBouncer', () => bouncer.url],
] as const) {
  describe(`a gateway on PostgreSQL ${through} when its database stops answering`, () => {
    let proxy: FaultProxy;
    let gateway: Started;
    beforeAll(async () => {
      proxy = await startFaultProxy(Number(new URL(url()).port));
      proxies.push(proxy);
      gateway = await serveThrough(proxy, url());
    }, 60_000);

    it('answers every create within 10 s while silent, /readyz 503, and serves again after', async () => {
      const outcome = await drill(drilled(gateway), 'silent', silence(proxy, SILENT_FOR_MS));
      expectBoundedAndKept(outcome, gateway);
      expect(outcome.whileDown!.readyzDownMs).not.toBeNull();
      expect(outcome.whileDown!.readyzDownMs!).toBeLessThan(ANSWER_WITHIN_MS);
      expect(outcome.answers['503']).toBeGreaterThan(0);
    }, 60_000);

    it('answers a create within 10 s while another session holds a table lock', async () => {
      const outcome = await drill(drilled(gateway), 'locked', heldTableLock(server.url, LOCKED_FOR_MS));
      expectBoundedAndKept(outcome, gateway);
    }, 60_000);

    it('ends within 15 s of SIGTERM while silent, and every acknowledged create reads back', async () => {
      const stop = await sigtermDuringSilence(() => serveThrough(proxy, url()), proxy, KEY, 'stopped');
      console.info(`SIGTERM while silent: ${JSON.stringify(stop)}`);
      expect(stop.exitMs).not.toBeNull();
      expect(stop.exitMs!).toBeLessThan(STOP_BOUND_MS);
      expect(stop.exitCode).toBe(0);
      expect(stop.acknowledged).toBeGreaterThan(0);
      expect(stop.present).toBe(stop.acknowledged);
      // The creates in flight were answered 503 or had their connection cut, never acknowledged.
      expect(stop.inFlight.filter((status) => status !== 503 && status !== 0)).toEqual([]);
    }, 60_000);
  });
}

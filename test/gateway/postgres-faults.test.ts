import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drill, type DrilledGateway, type FaultOutcome } from '../support/fault-drill.js';
import { postgresFaults } from '../support/postgres-faults.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { startServe, type Started } from './serve-process.js';

/*
 * The gateway lives through its database (contract: overload, durable-presets): three writers create versions
 * of one slug while PostgreSQL's connections are terminated, while it is stopped at once and restarted, and
 * through a ten-second outage. One gateway process meets all three, never restarted.
 */

const MANAGEMENT_KEY = 'faults-test-management';

let server: PostgresServer;
let gateway: Started;
beforeAll(async () => {
  server = await startPostgres();
  gateway = await startServe({
    DATABASE_URL: server.url,
    // No versions cache: what is read back, and read while the database is down, comes from the database.
    GATEWAY_VERSION_CACHE_BYTES: '0',
    GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
    GATEWAY_API_KEY: 'faults-test-standard',
  });
}, 120_000);
afterAll(() => {
  if (gateway?.child.exitCode === null) gateway.child.kill('SIGKILL');
  server?.destroy();
});

const drilled = (): DrilledGateway => ({
  baseUrl: gateway.baseUrl,
  managementKey: MANAGEMENT_KEY,
  alive: () => gateway.child.exitCode === null && gateway.child.signalCode === null,
});

function expectLivedAndKeptEverything(outcome: FaultOutcome): void {
  console.info(`${outcome.fault}: ${JSON.stringify(outcome)}`);
  expect(outcome.lived, gateway.output().slice(-4_000)).toBe(true);
  expect(outcome.acknowledged).toBeGreaterThan(0);
  expect(outcome.present).toBe(outcome.acknowledged);
  expect(outcome.duplicated).toBe(0);
  // Creates succeed again within 15 seconds of the fault clearing, with no restart, and so does readiness.
  expect(outcome.recoverMs).not.toBeNull();
  expect(outcome.readyMs).not.toBeNull();
  // Every answer is one the contract lists for a create: 200, a lost race, or the store unavailable.
  expect(Object.keys(outcome.answers).filter((status) => !['200', '409', '503'].includes(status))).toEqual(
    [],
  );
}

function expectRefusedWhileDown(outcome: FaultOutcome): void {
  const down = outcome.whileDown!;
  expect(down.createStatus).toBe(503);
  expect(down.createRetryAfter).not.toBeNull();
  // The contract's bound on a create's 503 while the store is down (the store's 5 s deadline, with room).
  expect(down.createMs).toBeLessThan(10_000);
  expect(down.readyzDownMs).not.toBeNull();
  expect(down.readStatus).toBe(500);
  expect(down.providersStatus).toBe(200);
}

describe('a gateway on PostgreSQL under faults of its database', () => {
  const faults = () => postgresFaults(server);

  it('lives through connections terminated under load, keeping every acknowledged version', async () => {
    const outcome = await drill(drilled(), 'terminated', faults()[0]!);
    expectLivedAndKeptEverything(outcome);
    // The terminations reached requests in flight: some creates were refused with 503.
    expect(outcome.answers['503'] ?? 0).toBeGreaterThan(0);
  }, 60_000);

  it('lives through an immediate stop and restart, answering 503 while PostgreSQL is down', async () => {
    const outcome = await drill(drilled(), 'restarted', faults()[1]!);
    expectLivedAndKeptEverything(outcome);
    expectRefusedWhileDown(outcome);
  }, 60_000);

  it('lives through a ten-second outage: 503 and /readyz 503 while down, /providers 200, writes after', async () => {
    const outcome = await drill(drilled(), 'outage', faults()[2]!);
    expectLivedAndKeptEverything(outcome);
    expectRefusedWhileDown(outcome);
    // The log says when the store stopped answering and when it answered again.
    expect(gateway.output()).toContain('The preset store (PostgreSQL) cannot answer now');
    expect(gateway.output()).toContain('the preset store answers again');
  }, 90_000);
});

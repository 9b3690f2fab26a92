import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodHeads, floodWithoutKey, keyedCreates } from '../../bench/keyless-flood.js';
import { startServe, type Started } from '../gateway/serve-process.js';
import { exampleRequest } from '../http/example-request.js';

/*
 * Clients without a key cannot starve those with one (contract: overload): the reference gateway, run as built,
 * is flooded on loopback by 17 connections that each declare a 4 MiB body, send none of it and reconnect as soon
 * as they are closed, while 30 creates with the management key are sent spread over the same 12 seconds. A body's
 * bytes count against the budget of bytes in flight only as they arrive, after its key is accepted, so every
 * keyed create is served. The two floods run side by side, each against its own creates.
 */

const MANAGEMENT_KEY = 'flood-management-4c1d9e7b20';
const FLOOD_MS = 12_000;
/** How long a create may wait for its answer: served late on a loaded machine is still served. */
const CREATE_TIMEOUT_MS = 60_000;

let gateway: Started;
beforeAll(async () => {
  gateway = await startServe(
    {
      GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
      GATEWAY_API_KEY: 'flood-standard-8a3f5b6c91',
      NODE_ENV: 'production',
    },
    ['--memory'],
  );
});
afterAll(() => {
  if (gateway?.child.exitCode === null) gateway.child.kill('SIGKILL');
});

describe.concurrent('a flood without a key', () => {
  it.each([
    ['POST /presets/{slug}/messages', 'create', 401],
    ['GET /providers', 'providers', 200],
  ] as const)(
    'on %s leaves every keyed create served',
    async (_route, head, floodStatus) => {
      const port = Number(new URL(gateway.baseUrl).port);
      const [flood, creates] = await Promise.all([
        floodWithoutKey({ port, head: floodHeads[head]('/api/v1'), connections: 17, ms: FLOOD_MS }),
        keyedCreates({
          baseUrl: gateway.baseUrl,
          key: MANAGEMENT_KEY,
          body: exampleRequest,
          count: 30,
          ms: FLOOD_MS,
          slugPrefix: `beside-${head}`,
          timeoutMs: CREATE_TIMEOUT_MS,
        }),
      ]);
      expect(creates).toEqual(Array(30).fill(200));
      // The flood was answered from its headers, never refused for bytes it only declared.
      expect(flood.opened).toBeGreaterThanOrEqual(17);
      expect(flood.statuses.length).toBeGreaterThanOrEqual(17);
      expect(new Set(flood.statuses)).toEqual(new Set([floodStatus]));
    },
    FLOOD_MS + CREATE_TIMEOUT_MS + 30_000,
  );
});

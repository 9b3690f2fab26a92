import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyedCreates } from '../../bench/keyless-flood.js';
import { ownCreatesBeside, shareFull, stallBodies } from '../../bench/stalled-bodies.js';
import {
  fourKeysAtTheirShare,
  manyKeysUnderTheirShare,
  tenantKey,
  tenantPrincipals,
} from '../../bench/tenant-stalls.js';
import { catalogOperations } from '../../src/gateway/catalog-operations.js';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import type { ConnectionLimits } from '../../src/http/node/connection-limits.js';
import { createNodeServer } from '../../src/http/node/node-server.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { presetOperations } from '../../src/http/store/preset-operations.js';
import type { HandlerOptions, Principal } from '../../src/http/types.js';
import { exampleRequest } from '../http/example-request.js';

/*
 * One key cannot take another's room (contract: overload): on loopback, the library's Node server with its
 * default bounds but the idle cut, and two management keys, is sent, by 17 connections with one of the keys, all
 * of a 4 MiB body but its last byte on each, stalled, each connection sending again once answered, for 14
 * seconds. That key holds at most a quarter of the body bytes in flight, so its own creates are refused with 503
 * once that quarter is full, while the other key's 30 creates, spread over the same 14 seconds, are all served;
 * the stalled bodies are cut with 408 once they go without a byte for the server's idle cut.
 *
 * The tests assert what was answered, never how fast: the idle cut is 30 s here (10 s by default), so the bodies
 * of the first round still hold their room however slowly a loaded machine sends it, and each waits for its
 * answer; the creates beside them start once that round is sent and wait for their answers as long as a loaded
 * machine needs; those of a key that holds nothing go one at a time, so that key never holds more than one body.
 * The stalling key's own creates go once the server has refused one of them, which shows the server has read the
 * stalled bytes: a fixed wait after sending them held only on an idle machine.
 */

const STALLING_KEY = 'key-share-stalling-management';
const OTHER_KEY = 'key-share-other-management';
const STALL_MS = 14_000;
/** The server's idle cut: long enough that no held body of the first round is cut before the creates are answered. */
const BODY_IDLE_MS = 30_000;
/** How long a create may wait for its answer: an answer, not a measure of speed. */
const CREATE_TIMEOUT_MS = 60_000;
/** Room for the stall, the first round's answers and the creates' on a loaded machine. */
const TEST_TIMEOUT_MS = 180_000;

let server: Server;
let port: number;
beforeAll(async () => {
  const principals = new Map<string, Principal>([
    [STALLING_KEY, { kind: 'management', userId: 'stalling', workspaceId: null }],
    [OTHER_KEY, { kind: 'management', userId: 'other', workspaceId: null }],
    ...tenantPrincipals(33),
  ]);
  ({ server, port } = await listening(
    {
      basePath: '/api/v1',
      resolveKey: (key) => principals.get(key) ?? null,
      validateResponses: false,
      operations: { ...presetOperations(new MemoryPresetStore()), ...catalogOperations(bundledCatalog) },
    },
    // The minimum body rate off: it would cut the stalled bodies itself once its grace had passed (as
    // test/http/connection-bounds.test.ts shows), and this file is about the shares a stalled body holds.
    { bodyIdleTimeoutMs: BODY_IDLE_MS, minBodyBytesPerSecond: 0 },
  ));
});
afterAll(() => closed(server));

/** The library's Node server, with its default bounds but those given, listening on loopback. */
async function listening(
  options: HandlerOptions,
  limits: ConnectionLimits = {},
): Promise<{ server: Server; port: number }> {
  const started = createNodeServer(options, limits);
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return { server: started, port: (started.address() as AddressInfo).port };
}

async function closed(stopped: Server): Promise<void> {
  stopped.closeAllConnections();
  await new Promise((resolve) => stopped.close(resolve));
}

it(
  "leaves another key's creates served while one key stalls 17 bodies of 4 MiB, and refuses that key's own",
  async () => {
    const baseUrl = `http://127.0.0.1:${port}/api/v1`;
    let onFirstRound = () => {};
    // The key's own creates go once its stalled bodies have all been sent and the server has refused it once.
    const firstRoundSent = new Promise<void>((resolve) => (onFirstRound = resolve));
    const [stalled, [full, own], others] = await Promise.all([
      stallBodies({ port, base: '/api/v1', key: STALLING_KEY, connections: 17, ms: STALL_MS, onFirstRound }),
      firstRoundSent.then(async () => {
        const full = await shareFull({
          baseUrl,
          key: STALLING_KEY,
          body: exampleRequest,
          withinMs: STALL_MS,
        });
        return [
          full,
          await ownCreatesBeside({ baseUrl, key: STALLING_KEY, body: exampleRequest, fromMs: 0 }),
        ] as const;
      }),
      keyedCreates({
        baseUrl,
        key: OTHER_KEY,
        body: exampleRequest,
        count: 30,
        ms: STALL_MS,
        slugPrefix: 'beside-stalled',
        timeoutMs: CREATE_TIMEOUT_MS,
      }),
    ]);
    expect(others).toEqual(Array(30).fill(200));
    expect(full).toBe(true);
    expect(own.map((create) => create.status)).toEqual(Array(5).fill(503));
    // The key's share holds four whole bodies: the rest were refused, and those four cut once they stalled.
    expect(stalled.statuses.filter((status) => status === 408).length).toBeGreaterThanOrEqual(4);
    expect(stalled.statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(13);
    expect(new Set(stalled.statuses)).toEqual(new Set([408, 503]));
  },
  TEST_TIMEOUT_MS,
);

/*
 * Shares never add up to the whole (contract: overload): keys of workspaces of their own stall 4 MiB bodies, on
 * the same server, until the budget's common room is full; the reserve that keys at their share cannot take
 * serves every ordinary create of keys that hold nothing.
 */
it(
  "serves two idle keys' creates of 300 kB and 2 kB while four keys each hold their whole share",
  async () => {
    const seen = await fourKeysAtTheirShare({ port, base: '/api/v1', createTimeoutMs: CREATE_TIMEOUT_MS });
    expect(seen.creates['300 kB']).toEqual(Array(10).fill(200));
    expect(seen.creates['2 kB']).toEqual(Array(10).fill(200));
    // The four keys held their share: each had bodies stalled (cut with 408) and past it refused with 503.
    const statuses = seen.stalled.statuses;
    expect(statuses.filter((status) => status === 408).length).toBeGreaterThanOrEqual(10);
    expect(new Set(statuses)).toEqual(new Set([408, 503]));
  },
  TEST_TIMEOUT_MS,
);

it(
  "serves a 33rd key's creates of 300 kB while 32 keys each stall a body of 4 MiB, under their share",
  async () => {
    const seen = await manyKeysUnderTheirShare({ port, base: '/api/v1', createTimeoutMs: CREATE_TIMEOUT_MS });
    expect(seen.creates['300 kB']).toEqual(Array(10).fill(200));
    const statuses = seen.stalled.statuses;
    // The common room holds 14 of the 32 bodies; the others were refused, and took none of the reserve.
    expect(statuses.filter((status) => status === 408).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(18);
  },
  TEST_TIMEOUT_MS,
);

it('leaves workspace A its creates while workspace B has filled its room in the memory store', async () => {
  const A = tenantKey(1);
  const B = tenantKey(2);
  const principals = tenantPrincipals(2);
  // A quarter of 40 presets for each workspace: B fills its 10, and A still has its own.
  const library = await listening({
    basePath: '/api/v1',
    resolveKey: (key) => principals.get(key) ?? null,
    operations: {
      ...presetOperations(new MemoryPresetStore({ maxPresets: 40 })),
      ...catalogOperations(bundledCatalog),
    },
  });
  try {
    const baseUrl = `http://127.0.0.1:${library.port}/api/v1`;
    const create = (key: string, slug: string) =>
      keyedCreates({ baseUrl, key, body: exampleRequest, count: 1, ms: 0, slugPrefix: slug });
    const fromB: Array<number | string> = [];
    for (let i = 0; i < 12; i++) fromB.push(...(await create(B, `b-${i}`)));
    expect(fromB).toEqual([...Array(10).fill(200), 503, 503]);
    const fromA: Array<number | string> = [];
    for (let i = 0; i < 10; i++) fromA.push(...(await create(A, `a-${i}`)));
    expect(fromA).toEqual(Array(10).fill(200));
    const read = await fetch(`${baseUrl}/presets/a-0-0/versions/1`, {
      headers: { authorization: `Bearer ${A}` },
    });
    expect(read.status).toBe(200);
  } finally {
    await closed(library.server);
  }
});

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyedCreates } from '../../bench/keyless-flood.js';
import { ownCreatesBeside, stallBodies } from '../../bench/stalled-bodies.js';
import { catalogOperations } from '../../src/gateway/catalog-operations.js';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { createNodeServer } from '../../src/http/node/node-server.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { presetOperations } from '../../src/http/store/preset-operations.js';
import type { Principal } from '../../src/http/types.js';
import { exampleRequest } from '../http/example-request.js';

/*
 * One key cannot take another's room (contract: overload): on loopback, the library's Node server with its
 * default bounds and two management keys is sent, by 17 connections with one of the keys, all of a 4 MiB body
 * but its last byte on each, stalled, each connection sending again once answered, for 14 seconds. That key
 * holds at most a quarter of the body bytes in flight, so its own creates are refused with 503 at once while
 * the other key's 30 creates, spread over the same 14 seconds, are all served; the stalled bodies are cut with
 * 408 after 10 seconds without a byte.
 */

const STALLING_KEY = 'key-share-stalling-management';
const OTHER_KEY = 'key-share-other-management';
const STALL_MS = 14_000;

let server: Server;
let port: number;
beforeAll(async () => {
  const principals = new Map<string, Principal>([
    [STALLING_KEY, { kind: 'management', userId: 'stalling', workspaceId: null }],
    [OTHER_KEY, { kind: 'management', userId: 'other', workspaceId: null }],
  ]);
  server = createNodeServer({
    basePath: '/api/v1',
    resolveKey: (key) => principals.get(key) ?? null,
    validateResponses: false,
    operations: { ...presetOperations(new MemoryPresetStore()), ...catalogOperations(bundledCatalog) },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it(
  "leaves another key's creates served while one key stalls 17 bodies of 4 MiB, and refuses that key's own",
  async () => {
    const baseUrl = `http://127.0.0.1:${port}/api/v1`;
    const [stalled, own, others] = await Promise.all([
      stallBodies({ port, base: '/api/v1', key: STALLING_KEY, connections: 17, ms: STALL_MS }),
      ownCreatesBeside({ baseUrl, key: STALLING_KEY, body: exampleRequest, fromMs: 4_000 }),
      keyedCreates({
        baseUrl,
        key: OTHER_KEY,
        body: exampleRequest,
        count: 30,
        ms: STALL_MS,
        slugPrefix: 'beside-stalled',
      }),
    ]);
    expect(others).toEqual(Array(30).fill(200));
    expect(own.map((create) => create.status)).toEqual(Array(5).fill(503));
    // The key's share holds four whole bodies: the rest were refused, and those four cut once they stalled.
    expect(stalled.statuses.filter((status) => status === 408).length).toBeGreaterThanOrEqual(4);
    expect(stalled.statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(13);
    expect(new Set(stalled.statuses)).toEqual(new Set([408, 503]));
  },
  STALL_MS + 20_000,
);

import type { AddressInfo } from 'node:net';
import { catalogOperations } from '../src/gateway/catalog-operations.js';
import { bundledCatalog } from '../src/gateway/catalog.js';
import { createNodeServer } from '../src/http/node/node-server.js';
import { MemoryPresetStore } from '../src/http/store/memory-preset-store.js';
import { presetOperations } from '../src/http/store/preset-operations.js';
import type { Principal } from '../src/http/types.js';
import { MANAGEMENT_KEY, OTHER_MANAGEMENT_KEY } from './attack-keys.js';
import { tenantPrincipals } from './tenant-stalls.js';

/*
 * The attack suite's server with many management keys (the reference gateway has one): two of no workspace, and
 * 33 tenants' of a workspace each; the library's Node server with its default bounds over the memory store and
 * the bundled catalog, as a team serving several clients from the library runs it. `node two-keys-server.js` prints its origin, then serves until it is killed. With
 * `--no-share` a key may hold the whole budget and a stalled body is cut only by the request timeout, as before
 * each key had a share and a body a minimum rate: what the attack did then.
 */

const principals = new Map<string, Principal>([
  [MANAGEMENT_KEY, { kind: 'management', userId: 'attacker', workspaceId: null }],
  [OTHER_MANAGEMENT_KEY, { kind: 'management', userId: 'bystander', workspaceId: null }],
  ...tenantPrincipals(33),
]);
const noShare = process.argv.includes('--no-share');
const server = createNodeServer(
  {
    basePath: '/api/v1',
    resolveKey: (key) => principals.get(key) ?? null,
    operations: { ...presetOperations(new MemoryPresetStore()), ...catalogOperations(bundledCatalog) },
  },
  noShare
    ? { maxBodyBytesPerKey: 64 * 1024 * 1024, bodyIdleTimeoutMs: 30_000, minBodyBytesPerSecond: 0 }
    : {},
);
server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

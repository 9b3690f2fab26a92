import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../../src/http/handler.js';
import { MemoryPresetStore } from '../../../src/http/store/memory-preset-store.js';
import { presetOperations } from '../../../src/http/store/preset-operations.js';
import type { PresetStore } from '../../../src/http/store/preset-store.js';
import { migrate } from '../../../src/http/store/sql-migrations.js';
import { SqlPresetStore } from '../../../src/http/store/sql-preset-store.js';
import type { SqlEngine } from '../../../src/http/store/sql-engine.js';
import type { Handler, HandlerResponse, Principal } from '../../../src/http/types.js';
import { exampleRequest } from '../example-request.js';
import { sqlEngines } from '../../support/sql-engines.js';
import { stubOperations } from '../../support/stub-operations.js';

/*
 * Creates with an `Idempotency-Key` through the library's handler over each store (contract: idempotent-creates):
 * the same key and body answer the first create's preset and make nothing new, another body with the key is 409,
 * the key is per workspace, a malformed key is 400 before anything is saved, and a create without a key is as
 * before.
 */

const A = 'aaaaaaaa-0000-4000-8000-00000000000a';
const B = 'bbbbbbbb-0000-4000-8000-00000000000b';
const principals = new Map<string, Principal>([
  ['a', { kind: 'management', userId: 'a-admin', workspaceId: A }],
  ['b', { kind: 'management', userId: 'b-admin', workspaceId: B }],
]);

interface OpenedStore {
  store: PresetStore;
  /** The versions stored at a slug of workspace A, as their numbers and their system prompts. */
  versions: (slug: string) => Promise<Array<{ version: number; system_prompt: unknown }>>;
  engine?: SqlEngine;
  close: () => Promise<void>;
}

/** Every version at a slug, read one by one until the first missing one. */
async function readVersions(store: PresetStore, slug: string) {
  const found: Array<{ version: number; system_prompt: unknown }> = [];
  for (let version = 1; ; version++) {
    const read = await store.getVersion({ workspaceId: A, slug }, version);
    if (read === null) return found;
    found.push({ version: read.version, system_prompt: read.system_prompt });
  }
}

const stores: Array<{ name: string; open: () => Promise<OpenedStore> }> = [
  {
    name: 'the memory store',
    open: () => {
      const store = new MemoryPresetStore({ maxIdempotencyKeysPerWorkspace: 3 });
      return Promise.resolve({
        store,
        versions: (slug) => readVersions(store, slug),
        close: () => Promise.resolve(),
      });
    },
  },
  ...sqlEngines.map(({ name, open }) => ({
    name: `the SQL store on ${name}`,
    async open(): Promise<OpenedStore> {
      const { engine, close } = await open();
      await migrate(engine);
      const store = new SqlPresetStore(engine, { maxIdempotencyKeysPerWorkspace: 3 });
      return {
        store,
        engine,
        versions: (slug: string) => readVersions(new SqlPresetStore(engine), slug),
        close,
      };
    },
  })),
];

const bodyWith = (system: string) => JSON.stringify({ ...JSON.parse(exampleRequest), system });

function post(
  handler: Handler,
  slug: string,
  body: string,
  key?: string,
  who = 'a',
): Promise<HandlerResponse> {
  return handler({
    method: 'POST',
    url: `/presets/${slug}/messages`,
    headers: {
      authorization: `Bearer ${who}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body,
  });
}

const versionOf = (response: HandlerResponse) =>
  (JSON.parse(response.body) as { data: { designated_version: { version: number; id: string } } }).data
    .designated_version;

describe.each(stores)('idempotent creates on $name', ({ open }) => {
  let opened: OpenedStore;
  let handler: Handler;
  beforeAll(async () => {
    opened = await open();
    handler = createHandler({
      resolveKey: (key) => principals.get(key) ?? null,
      validateResponses: true,
      operations: stubOperations(presetOperations(opened.store)),
    });
  }, 120_000);
  afterAll(() => opened?.close());

  it('answers the same key and body with the first answer, byte for byte, and makes nothing new', async () => {
    const body = bodyWith('first');
    const first = await post(handler, 'same', body, 'key-1');
    const again = await post(handler, 'same', body, 'key-1');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(again.body).toBe(first.body);
    expect(await opened.versions('same')).toEqual([{ version: 1, system_prompt: 'first' }]);
    // A later create without the key moves the preset on; the key still answers what its create did.
    expect((await post(handler, 'same', bodyWith('second'))).status).toBe(200);
    const later = await post(handler, 'same', body, 'key-1');
    expect(later.status).toBe(200);
    expect(later.body).toBe(first.body);
    expect((await opened.versions('same')).map(({ version }) => version)).toEqual([1, 2]);
  });

  it('refuses the key with another body, or at another slug, with 409 and writes nothing', async () => {
    const first = await post(handler, 'other', bodyWith('one'), 'key-2');
    expect(first.status).toBe(200);
    const otherBody = await post(handler, 'other', bodyWith('two'), 'key-2');
    const otherSlug = await post(handler, 'other-slug', bodyWith('one'), 'key-2');
    for (const refused of [otherBody, otherSlug]) {
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body)).toEqual({
        error: { code: 409, message: 'Resource conflict. Please try again later.' },
      });
      expect(refused.headers['retry-after']).toBeUndefined();
    }
    expect(await opened.versions('other')).toEqual([{ version: 1, system_prompt: 'one' }]);
    expect(await opened.versions('other-slug')).toEqual([]);
  });

  it('keeps keys per workspace: the same key in another workspace is a create of its own', async () => {
    const inA = await post(handler, 'spaces', bodyWith('a'), 'key-3', 'a');
    const inB = await post(handler, 'spaces', bodyWith('b'), 'key-3', 'b');
    expect([inA.status, inB.status]).toEqual([200, 200]);
    expect(versionOf(inA).id).not.toBe(versionOf(inB).id);
  });

  it('answers concurrent requests with one key with one version: the rest 409 with Retry-After, or its answer', async () => {
    const body = bodyWith('racing');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(handler, 'racing', body, 'key-4')),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const running = answers.filter((answer) => answer.status === 409);
    expect(ok.length + running.length).toBe(8);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
    for (const answer of running) expect(answer.headers['retry-after']).toBe('1');
    expect(await opened.versions('racing')).toEqual([{ version: 1, system_prompt: 'racing' }]);
    const retried = await post(handler, 'racing', body, 'key-4');
    expect(retried.status).toBe(200);
    expect(retried.body).toBe(ok[0]!.body);
  });

  it('turns a malformed key away with 400 before saving anything', async () => {
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'é']) {
      const refused = await post(handler, 'malformed', bodyWith('m'), key);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({
        error: {
          code: 400,
          message: 'Invalid request parameters',
          metadata: {
            issues: [{ path: '/Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }],
          },
        },
      });
    }
    expect((await post(handler, 'malformed', bodyWith('m'), 'x'.repeat(255))).status).toBe(200);
    expect((await post(handler, 'malformed', bodyWith('m'), ' !~')).status).toBe(200);
    expect((await opened.versions('malformed')).length).toBe(2);
  });

  it('keeps at most the workspace count of keys, dropping the oldest', async () => {
    const body = bodyWith('bounded');
    for (let i = 0; i < 5; i++) expect((await post(handler, 'bounded', body, `bound-${i}`)).status).toBe(200);
    // Three are kept: the newest answers its version again, the oldest has gone and makes a new one.
    expect(versionOf(await post(handler, 'bounded', body, 'bound-4')).version).toBe(5);
    expect(versionOf(await post(handler, 'bounded', body, 'bound-0')).version).toBe(6);
    if (opened.engine !== undefined) {
      const kept = await opened.engine.query<{ count: number }>(
        "SELECT count(*)::integer AS count FROM idempotency_keys WHERE workspace_key = 'w' || $1",
        [A],
      );
      expect(kept.rows[0]!.count).toBeLessThanOrEqual(3);
    }
  });
});

describe('a key kept past its time', () => {
  it('is forgotten: the same key and body then make a new version', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const store = new MemoryPresetStore({ idempotencyKeepMs: 1_000 });
      const handler = createHandler({
        resolveKey: (key) => principals.get(key) ?? null,
        operations: stubOperations(presetOperations(store)),
      });
      const body = bodyWith('expiring');
      expect(versionOf(await post(handler, 'expiring', body, 'k')).version).toBe(1);
      now += 999;
      expect(versionOf(await post(handler, 'expiring', body, 'k')).version).toBe(1);
      now += 2;
      expect(versionOf(await post(handler, 'expiring', body, 'k')).version).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });
});

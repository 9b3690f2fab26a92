import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../../src/http/handler.js';
import { MemoryPresetStore } from '../../../src/http/store/memory-preset-store.js';
import { presetOperations } from '../../../src/http/store/preset-operations.js';
import { savePresetVersion, type PresetStore } from '../../../src/http/store/preset-store.js';
import { migrate } from '../../../src/http/store/sql-migrations.js';
import { SqlPresetStore } from '../../../src/http/store/sql-preset-store.js';
import type { Handler, HandlerResponse, Principal } from '../../../src/http/types.js';
import { sqlEngines } from '../../support/sql-engines.js';
import { stubOperations } from '../../support/stub-operations.js';

/*
 * Two workspaces, and the one of no workspace, through the library over each store (contract: workspaces):
 * neither reads, creates on, or learns the existence of another's presets, and one slug in each holds a preset
 * of its own with versions from 1.
 */

const A = 'aaaaaaaa-0000-4000-8000-00000000000a';
const B = 'bbbbbbbb-0000-4000-8000-00000000000b';
const workspaces = { A, B, none: null } as const;
type Workspace = keyof typeof workspaces;

const principals = new Map<string, Principal>(
  Object.entries(workspaces).flatMap(([name, workspaceId]) => [
    [`${name}-management`, { kind: 'management', userId: `${name}-admin`, workspaceId }],
    [`${name}-standard`, { kind: 'standard', userId: `${name}-reader`, workspaceId }],
  ]),
);

/** A store under test; `another` is a second store over the same data, with nothing cached. */
interface OpenedStore {
  store: PresetStore;
  another: () => PresetStore;
  close: () => Promise<void>;
}

const stores: Array<{ name: string; open: () => Promise<OpenedStore> }> = [
  {
    name: 'the memory store',
    open: () => {
      const store = new MemoryPresetStore();
      return Promise.resolve({ store, another: () => store, close: () => Promise.resolve() });
    },
  },
  ...sqlEngines.map(({ name, open }) => ({
    name: `the SQL store on ${name}`,
    async open(): Promise<OpenedStore> {
      const { engine, close } = await open();
      await migrate(engine);
      return { store: new SqlPresetStore(engine), another: () => new SqlPresetStore(engine), close };
    },
  })),
];

function handlerOver(store: PresetStore): Handler {
  return createHandler({
    resolveKey: (key) => principals.get(key) ?? null,
    validateResponses: true,
    operations: stubOperations(presetOperations(store)),
    // One id for every request, so two answers compare whole: the id tells requests apart, not resources.
    requestId: () => 'workspaces-test',
  });
}

/** The prompt a workspace's creates carry, so a version read tells whose it is. */
const promptOf = (workspace: Workspace, n: number) => `${workspace}'s own prompt #${n}`;

function create(handler: Handler, workspace: Workspace, slug: string, n: number): Promise<HandlerResponse> {
  return handler({
    method: 'POST',
    url: `/presets/${slug}/messages`,
    headers: { authorization: `Bearer ${workspace}-management`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-5', system: promptOf(workspace, n), messages: [] }),
  });
}

function read(
  handler: Handler,
  workspace: Workspace,
  slug: string,
  version: number,
  kind: 'standard' | 'management' = 'standard',
): Promise<HandlerResponse> {
  return handler({
    method: 'GET',
    url: `/presets/${slug}/versions/${version}`,
    headers: { authorization: `Bearer ${workspace}-${kind}` },
  });
}

interface Created {
  data: { id: string; workspace_id: string | null; designated_version: { version: number } };
}
interface ReadVersion {
  data: { version: number; preset_id: string; system_prompt: string; creator_id: string };
}

describe.each(stores)('two workspaces through the library over $name (contract: workspaces)', ({ open }) => {
  let opened: OpenedStore;
  let handler: Handler;

  beforeAll(async () => {
    opened = await open();
    handler = handlerOver(opened.store);
  }, 120_000);
  afterAll(() => opened?.close());

  it("answers another workspace's version exactly as one that does not exist: 404, never 403", async () => {
    for (const n of [1, 2]) expect((await create(handler, 'A', 'hidden', n)).status).toBe(200);
    const absent = await read(handler, 'B', 'never-created', 1);
    expect(absent.status).toBe(404);
    // Through this store, and through another one over the same data that has cached nothing.
    for (const reader of [handler, handlerOver(opened.another())]) {
      for (const [workspace, kind] of [
        ['B', 'standard'],
        ['B', 'management'],
        ['none', 'standard'],
      ] as const) {
        for (const version of [1, 2, 3]) {
          const answer = await read(reader, workspace, 'hidden', version, kind);
          expect(answer).toEqual(absent);
          expect(answer.body).not.toContain('prompt');
        }
      }
      const own = await read(reader, 'A', 'hidden', 2);
      expect(own.status).toBe(200);
      const ofA = (JSON.parse(own.body) as ReadVersion & { data: { id: string } }).data;
      expect(ofA.system_prompt).toBe(promptOf('A', 2));
      // Nor does naming A's version in If-None-Match, or asking with HEAD, get B a 304 or a 200.
      for (const ifNoneMatch of [`"${ofA.id}"`, '*']) {
        const conditional = await reader({
          method: 'GET',
          url: '/presets/hidden/versions/2',
          headers: { authorization: 'Bearer B-standard', 'if-none-match': ifNoneMatch },
        });
        expect(conditional).toEqual(absent);
      }
      const head = await reader({
        method: 'HEAD',
        url: '/presets/hidden/versions/2',
        headers: { authorization: 'Bearer B-standard' },
      });
      expect(head.status).toBe(404);
      expect(head.headers).toEqual(
        (
          await reader({
            method: 'HEAD',
            url: '/presets/never-created/versions/1',
            headers: { authorization: 'Bearer B-standard' },
          })
        ).headers,
      );
    }
  });

  it('holds a preset of its own at one slug in each workspace, each with versions from 1', async () => {
    const first = JSON.parse((await create(handler, 'A', 'acme', 1)).body) as Created;
    const ofB = JSON.parse((await create(handler, 'B', 'acme', 1)).body) as Created;
    const ofNone = JSON.parse((await create(handler, 'none', 'acme', 1)).body) as Created;
    const second = JSON.parse((await create(handler, 'A', 'acme', 2)).body) as Created;
    expect(
      [first, ofB, ofNone, second].map(({ data }) => [data.workspace_id, data.designated_version.version]),
    ).toEqual([
      [A, 1],
      [B, 1],
      [null, 1],
      [A, 2],
    ]);
    expect(new Set([first.data.id, ofB.data.id, ofNone.data.id]).size).toBe(3);
    expect(second.data.id).toBe(first.data.id);

    for (const reader of [handler, handlerOver(opened.another())]) {
      for (const [workspace, preset] of [
        ['A', first],
        ['B', ofB],
        ['none', ofNone],
      ] as const) {
        const answer = JSON.parse((await read(reader, workspace, 'acme', 1)).body) as ReadVersion;
        expect(answer.data).toMatchObject({
          version: 1,
          preset_id: preset.data.id,
          system_prompt: promptOf(workspace, 1),
          creator_id: `${workspace}-admin`,
        });
      }
      expect((await read(reader, 'B', 'acme', 2)).status).toBe(404);
      expect((await read(reader, 'none', 'acme', 2)).status).toBe(404);
    }
  });

  it("never creates on another workspace's preset, nor designates a version of it", async () => {
    expect((await create(handler, 'A', 'owned', 1)).status).toBe(200);
    for (const n of [1, 2, 3]) expect((await create(handler, 'B', 'owned', n)).status).toBe(200);
    const ofA = await opened.another().getPreset({ workspaceId: A, slug: 'owned' });
    const ofB = await opened.another().getPreset({ workspaceId: B, slug: 'owned' });
    expect(ofA).toMatchObject({ workspace_id: A, designated_version: { version: 1, creator_id: 'A-admin' } });
    expect(ofB).toMatchObject({ workspace_id: B, designated_version: { version: 3, creator_id: 'B-admin' } });
    expect(await opened.store.getPreset({ workspaceId: null, slug: 'owned' })).toBeNull();
    expect((await read(handler, 'A', 'owned', 2)).status).toBe(404);
  });

  it('keeps each workspace gap-free when both create at one slug at once', async () => {
    const author = (workspace: Workspace) => ({
      userId: `${workspace}-admin`,
      workspaceId: workspaces[workspace],
    });
    const draft = { config: { model: 'm' }, system_prompt: 'p' };
    const racers = (['A', 'B', 'A', 'B', 'none', 'A', 'B', 'none'] as const).flatMap((workspace) => [
      workspace,
      workspace,
    ]);
    const outcomes = await Promise.all(
      racers.map((workspace) => savePresetVersion(opened.store, 'raced', draft, author(workspace))),
    );
    for (const workspace of ['A', 'B', 'none'] as const) {
      const versions = outcomes
        .filter((outcome, i) => racers[i] === workspace && outcome.ok)
        .map((outcome) => (outcome.ok ? outcome.preset : undefined))
        .map((preset) => {
          expect(preset?.workspace_id).toBe(workspaces[workspace]);
          return preset?.designated_version.version;
        });
      expect(versions.length).toBeGreaterThan(0);
      expect(versions.sort((x = 0, y = 0) => x - y)).toEqual(versions.map((_, i) => i + 1));
      const latest = await opened.another().getPreset({ workspaceId: workspaces[workspace], slug: 'raced' });
      expect(latest?.designated_version.version).toBe(versions.length);
    }
  });

  it("refuses to write a preset of one workspace at another's key, as a caller's bug", async () => {
    const draft = { config: { model: 'm' }, system_prompt: 'p' };
    const saved = await savePresetVersion(opened.store, 'strict', draft, {
      userId: 'A-admin',
      workspaceId: A,
    });
    if (!saved.ok) throw new Error('expected the save to win');
    // Version 1 of A's preset, offered as the first version at B's slug: a store must not take it.
    const moved = opened.store.compareAndSet({ workspaceId: B, slug: 'strict' }, 0, saved.preset);
    await expect(moved).rejects.toThrow(RangeError);
    expect(await opened.store.getPreset({ workspaceId: B, slug: 'strict' })).toBeNull();
  });
});

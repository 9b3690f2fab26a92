import { describe, expect, it } from 'vitest';
import { MemoryPresetStore } from '../../../src/http/store/memory-preset-store.js';
import { PresetStoreFull } from '../../../src/http/store/preset-store-full.js';
import { savePresetVersion, type StoredPreset } from '../../../src/http/store/preset-store.js';
import { validate } from '../../../src/core/validators.js';
import { createHandler } from '../../../src/http/handler.js';
import { presetOperations } from '../../../src/http/store/preset-operations.js';
import { stubOperations } from '../../support/stub-operations.js';

const author = { userId: 'user-1', workspaceId: '5b0c3a52-7d6e-4f3a-9c41-2e8f1d6a7b90' };
/** Where `author`'s preset at a slug is: in the author's workspace. */
const at = (slug: string) => ({ workspaceId: author.workspaceId, slug });
const draft = (model: string) => ({ config: { model, max_tokens: 64 }, system_prompt: 'Be brief.' });

async function saved(store: MemoryPresetStore, slug: string, model: string): Promise<StoredPreset> {
  const outcome = await savePresetVersion(store, slug, draft(model), author);
  if (!outcome.ok) throw new Error('expected the save to win');
  return outcome.preset;
}

describe('savePresetVersion over the memory store (contract: preset-versions)', () => {
  it('creates version 1 at a new slug, designated, in the shape of a preset-response', async () => {
    const preset = await saved(new MemoryPresetStore(), 'fresh', 'openai/gpt-5');
    expect(validate('preset-response', { data: preset }).ok).toBe(true);
    expect(preset).toMatchObject({
      slug: 'fresh',
      name: 'fresh',
      status: 'active',
      creator_user_id: 'user-1',
      workspace_id: author.workspaceId,
      designated_version_id: preset.designated_version.id,
      designated_version: { version: 1, preset_id: preset.id, config: draft('openai/gpt-5').config },
    });
  });

  it('adds version N+1 to an existing preset and designates it, keeping the preset id', async () => {
    const store = new MemoryPresetStore();
    const first = await saved(store, 'grows', 'a/1');
    const second = await saved(store, 'grows', 'a/2');
    expect(second.id).toBe(first.id);
    expect(second.created_at).toBe(first.created_at);
    expect(second.designated_version).toMatchObject({ version: 2, config: { model: 'a/2' } });
    expect((await store.getPreset(at('grows')))?.designated_version.version).toBe(2);
    expect(await store.getVersion(at('grows'), 1)).toEqual(first.designated_version);
    expect(await store.getVersion(at('grows'), 3)).toBeNull();
    expect(await store.getVersion(at('nowhere'), 1)).toBeNull();
  });

  it('lets exactly one of two writes racing from the same version win', async () => {
    const store = new MemoryPresetStore();
    await saved(store, 'raced', 'a/1');
    const outcomes = await Promise.all([
      savePresetVersion(store, 'raced', draft('a/2'), author),
      savePresetVersion(store, 'raced', draft('a/3'), author),
    ]);
    expect(outcomes.map((outcome) => outcome.ok).sort()).toEqual([false, true]);
    expect(await store.getVersion(at('raced'), 3)).toBeNull();
    const winner = outcomes.find((outcome) => outcome.ok);
    expect((await store.getPreset(at('raced')))?.designated_version).toEqual(
      winner?.ok ? winner.preset.designated_version : undefined,
    );
  });

  it('stamps the clock and ids it is given', async () => {
    let next = 0;
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const outcome = await savePresetVersion(new MemoryPresetStore(), 'clocked', draft('m'), author, {
      now: () => new Date('2026-04-20T10:00:00Z'),
      newId: () => ids[next++] as string,
    });
    expect(outcome).toMatchObject({
      ok: true,
      preset: { id: ids[0], created_at: '2026-04-20T10:00:00.000Z', designated_version: { id: ids[1] } },
    });
  });
});

describe('MemoryPresetStore', () => {
  it('refuses a write that would leave a gap or land at another slug', async () => {
    const store = new MemoryPresetStore();
    const preset = await saved(store, 'strict', 'm');
    const gap = { ...preset, designated_version: { ...preset.designated_version, version: 3 } };
    await expect(store.compareAndSet(at('strict'), 1, gap)).rejects.toThrow(RangeError);
    const elsewhere = { ...preset, designated_version: { ...preset.designated_version, version: 2 } };
    await expect(store.compareAndSet(at('other'), 0, { ...elsewhere, slug: 'strict' })).rejects.toThrow(
      RangeError,
    );
  });

  it('hands out copies, so no caller can change what is stored', async () => {
    const store = new MemoryPresetStore();
    const preset = await saved(store, 'copied', 'm');
    preset.designated_version.config.model = 'changed';
    const read = await store.getPreset(at('copied'));
    expect(read?.designated_version.config.model).toBe('m');
    if (read) read.name = 'changed';
    expect((await store.getPreset(at('copied')))?.name).toBe('copied');
  });

  it('caps presets, writing nothing past the cap (contract: overload)', async () => {
    const store = new MemoryPresetStore({ maxPresets: 2, maxPresetsPerWorkspace: 2 });
    await saved(store, 'one', 'm');
    await saved(store, 'two', 'm');
    const refused = savePresetVersion(store, 'three', draft('m'), author);
    await expect(refused).rejects.toThrow(new PresetStoreFull('maxPresets', 2).message);
    await expect(refused).rejects.toBeInstanceOf(PresetStoreFull);
    expect(await store.getPreset(at('three'))).toBeNull();
    // A preset already held still takes new versions.
    expect((await saved(store, 'one', 'm')).designated_version.version).toBe(2);
  });

  it('caps the versions of one slug', async () => {
    const store = new MemoryPresetStore({ maxVersionsPerSlug: 2 });
    await saved(store, 'busy', 'm');
    await saved(store, 'busy', 'm');
    await expect(savePresetVersion(store, 'busy', draft('m'), author)).rejects.toMatchObject({
      name: 'PresetStoreFull',
      cap: 'maxVersionsPerSlug',
      limit: 2,
      message: 'The preset store is full: it holds at most 2 versions of one slug (maxVersionsPerSlug)',
    });
    expect(await store.getVersion(at('busy'), 3)).toBeNull();
    expect((await saved(store, 'other', 'm')).designated_version.version).toBe(1);
  });

  it('caps the bytes of the versions it keeps, their JSON counted in UTF-8', async () => {
    // Every version of draft('m') by this author is as long in JSON: the ids and times have fixed lengths.
    const sample = await saved(new MemoryPresetStore(), 'a', 'm');
    const one = new TextEncoder().encode(JSON.stringify(sample.designated_version)).byteLength;
    const store = new MemoryPresetStore({ maxConfigBytes: 2 * one, maxConfigBytesPerWorkspace: 2 * one });
    await saved(store, 'a', 'm');
    await saved(store, 'b', 'm');
    await expect(savePresetVersion(store, 'c', draft('m'), author)).rejects.toMatchObject({
      cap: 'maxConfigBytes',
      limit: 2 * one,
    });
    expect(await store.getPreset(at('c'))).toBeNull();
  });

  it('counts the bytes of a version as UTF-8, not as UTF-16 units', async () => {
    // `é` takes 2 bytes in UTF-8 and one unit, `😀` 4 bytes and two units: a version here is 3 bytes longer.
    const model = 'é/😀';
    const sample = await saved(new MemoryPresetStore(), 'a', model);
    const one = new TextEncoder().encode(JSON.stringify(sample.designated_version)).byteLength;
    expect(JSON.stringify(sample.designated_version).length).toBe(one - 3);
    const roomy = new MemoryPresetStore({ maxConfigBytesPerWorkspace: 2 * one });
    await saved(roomy, 'a', model);
    await saved(roomy, 'b', model);
    const tight = new MemoryPresetStore({ maxConfigBytesPerWorkspace: 2 * one - 1 });
    await saved(tight, 'a', model);
    await expect(savePresetVersion(tight, 'b', draft(model), author)).rejects.toMatchObject({
      cap: 'maxConfigBytesPerWorkspace',
    });
  });

  it("caps each workspace's presets and bytes to a quarter of the whole by default, leaving the others theirs", async () => {
    const elsewhere = { userId: 'user-2', workspaceId: '00000000-0000-4000-8000-0000000000b2' };
    const store = new MemoryPresetStore({ maxPresets: 8 });
    for (const slug of ['a', 'b']) await saved(store, slug, 'm');
    await expect(savePresetVersion(store, 'c', draft('m'), author)).rejects.toMatchObject({
      cap: 'maxPresetsPerWorkspace',
      limit: 2,
      message:
        'The preset store is full: it holds at most 2 presets of one workspace (maxPresetsPerWorkspace)',
    });
    expect(await store.getPreset(at('c'))).toBeNull();
    // Another workspace, and the workspace of none, still have their room; a held preset takes new versions.
    for (const who of [elsewhere, { userId: 'user-3', workspaceId: null }]) {
      expect((await savePresetVersion(store, 'c', draft('m'), who)).ok).toBe(true);
    }
    expect((await saved(store, 'a', 'm')).designated_version.version).toBe(2);

    const sample = await saved(new MemoryPresetStore(), 'a', 'm');
    const one = new TextEncoder().encode(JSON.stringify(sample.designated_version)).byteLength;
    const bytes = new MemoryPresetStore({ maxConfigBytes: 8 * one });
    for (const slug of ['a', 'b']) await saved(bytes, slug, 'm');
    await expect(savePresetVersion(bytes, 'c', draft('m'), author)).rejects.toMatchObject({
      cap: 'maxConfigBytesPerWorkspace',
      limit: 2 * one,
    });
    expect((await savePresetVersion(bytes, 'c', draft('m'), elsewhere)).ok).toBe(true);
  });

  it('refuses a cap that is not a usable integer', () => {
    expect(() => new MemoryPresetStore({ maxPresets: -1 })).toThrow(RangeError);
    expect(() => new MemoryPresetStore({ maxConfigBytes: Number.NaN })).toThrow(RangeError);
    expect(() => new MemoryPresetStore({ maxPresetsPerWorkspace: 1.5 })).toThrow(RangeError);
  });

  it('answers on a later turn of the event loop, so requests interleave as with a database', async () => {
    const store = new MemoryPresetStore();
    let answered = false;
    const read = store.getPreset(at('x')).then(() => (answered = true));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(answered).toBe(false);
    await read;
    expect(answered).toBe(true);
  });
});

describe('a create through the handler on the memory store', () => {
  it('answers with the JSON the store wrote, the same bytes a serializer gives, and a frozen preset', async () => {
    const store = new MemoryPresetStore();
    const operations = presetOperations(store);
    const handler = createHandler({
      resolveKey: (key) => (key === 'k' ? { userId: 'u', workspaceId: null, kind: 'management' } : null),
      validateResponses: false,
      operations: stubOperations(operations),
    });
    for (const version of [1, 2]) {
      const body = JSON.stringify({
        model: `m/${version}`,
        messages: [],
        system: 'Be brief.',
        max_tokens: 9,
      });
      const response = await handler({
        method: 'POST',
        url: '/presets/twice/messages',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(200);
      const answered = JSON.parse(response.body) as { data: StoredPreset };
      expect(response.body).toBe(JSON.stringify(answered));
      expect(answered.data.designated_version).toEqual(
        await store.getVersion({ workspaceId: null, slug: 'twice' }, version),
      );
      expect(answered.data).toMatchObject({
        slug: 'twice',
        designated_version: { config: { model: `m/${version}` } },
      });
    }
    const created = await operations.createPresetsMessages({
      slug: 'frozen',
      request: { model: 'm', messages: [], max_tokens: 1 },
      principal: { userId: 'u', workspaceId: null, kind: 'management' },
    });
    const preset = (created as { data: StoredPreset }).data;
    expect(Object.isFrozen(preset) && Object.isFrozen(preset.designated_version)).toBe(true);
  });
});

describe('the texts the memory store keeps of a preset', () => {
  it('splits one serialization where it can, and serializes the parts where fields hold objects', async () => {
    const store = new MemoryPresetStore();
    const version = {
      id: 'v1',
      preset_id: 'p1',
      version: 1,
      config: { model: 'm', metadata: { designated_version: '{"x":[1]}' } },
      system_prompt: 'say "designated_version": no',
      creator_id: 'u',
      created_at: 't',
      updated_at: 't',
    };
    const workspace_id = author.workspaceId;
    const plain = {
      id: 'p1',
      slug: 'a',
      name: 'a "designated_version":',
      workspace_id,
      designated_version_id: 'v1',
    };
    // A field holding an object before the version, as a caller's own preset type might have.
    const nested = {
      id: 'p2',
      slug: 'b',
      workspace_id,
      extra: { designated_version: 1 },
      designated_version_id: 'v1',
    };
    for (const [slug, fields] of [
      ['a', plain],
      ['b', nested],
    ] as const) {
      const preset = { ...fields, designated_version: { ...version } } as unknown as StoredPreset;
      expect(await store.compareAndSet(at(slug), 0, preset)).toBe(true);
      expect(await store.getVersion(at(slug), 1)).toEqual(version);
      expect(await store.getPreset(at(slug))).toEqual(preset);
    }
  });
});

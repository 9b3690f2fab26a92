import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePresetRequest } from '../../../src/core/normalize.js';
import { takeWrittenJson } from '../../../src/core/written-json.js';
import { validate, validatePresetConfig } from '../../../src/core/validators.js';
import type { MessagesRequest } from '../../../src/generated/types.js';
import { importDriver, MissingDriver } from '../../../src/http/store/optional-driver.js';
import { openPgliteEngine } from '../../../src/http/store/pglite-engine.js';
import { savePresetVersion, type StoredPreset } from '../../../src/http/store/preset-store.js';
import { PresetStoreFull } from '../../../src/http/store/preset-store-full.js';
import type { SqlEngine } from '../../../src/http/store/sql-engine.js';
import { migrate, migrations, SchemaTooNew } from '../../../src/http/store/sql-migrations.js';
import { SqlPresetStore } from '../../../src/http/store/sql-preset-store.js';
import { validRequest } from '../../support/arbitraries.js';
import { initializedDataDir } from '../../support/initialized-data-dir.js';

const author = { userId: 'user-1', workspaceId: '5b0c3a52-7d6e-4f3a-9c41-2e8f1d6a7b90' };
/** Where `author`'s preset at a slug is: in the author's workspace. */
const at = (slug: string) => ({ workspaceId: author.workspaceId, slug });
const draft = (model: string) => ({ config: { model, max_tokens: 64 }, system_prompt: 'Be brief.' });

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-pglite-'));
const dataDir = join(scratch, 'data');
let engine: SqlEngine;
let store: SqlPresetStore;

beforeAll(async () => {
  engine = await openPgliteEngine(await initializedDataDir(dataDir));
  expect(await migrate(engine)).toEqual(migrations.map((migration) => migration.version));
  store = new SqlPresetStore(engine);
});
afterAll(async () => {
  await engine?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function saved(slug: string, model: string): Promise<StoredPreset> {
  const outcome = await savePresetVersion(store, slug, draft(model), author);
  if (!outcome.ok) throw new Error('expected the save to win');
  return outcome.preset;
}

async function versionCount(slug: string): Promise<number | undefined> {
  const count = await engine.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM preset_versions v JOIN presets p ON p.id = v.preset_id WHERE p.slug = $1`,
    [slug],
  );
  return count.rows[0]?.n;
}

describe('the SQL preset store on PGlite (contract: durable-presets)', () => {
  it('migrates once: a second run applies nothing and the tables are there', async () => {
    expect(await migrate(engine)).toEqual([]);
    const tables = await engine.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'gateway_contract_migrations',
      'gateway_keys',
      'gateway_write_probe',
      'gateway_write_room',
      'idempotency_keys',
      'preset_versions',
      'presets',
    ]);
  });

  it('refuses a database migrated by a newer release', async () => {
    await engine.query(`INSERT INTO gateway_contract_migrations (version, name) VALUES (99, 'future')`);
    try {
      await expect(migrate(engine)).rejects.toThrow(SchemaTooNew);
    } finally {
      await engine.query('DELETE FROM gateway_contract_migrations WHERE version = 99');
    }
  });

  it('creates version 1, then N+1 keeping the preset, and reads each back as written', async () => {
    const first = await saved('grows', 'a/1');
    const second = await saved('grows', 'a/2');
    expect(validate('preset-response', { data: second }).ok).toBe(true);
    expect(second.id).toBe(first.id);
    expect(await store.getPreset(at('grows'))).toEqual(second);
    expect(await store.getVersion(at('grows'), 1)).toEqual(first.designated_version);
    expect(await store.getVersion(at('grows'), 3)).toBeNull();
    expect(await store.getVersion(at('nowhere'), 1)).toBeNull();
    expect(await store.getPreset(at('nowhere'))).toBeNull();
  });

  it('lets exactly one compare-and-set from the same version win, leaving no trace of the others', async () => {
    const base = await saved('raced', 'a/1');
    const next = (model: string): StoredPreset => {
      const id = crypto.randomUUID();
      const version = { ...base.designated_version, id, version: 2, config: { model } };
      return { ...base, designated_version_id: id, designated_version: version };
    };
    const outcomes = await Promise.all(
      ['a/2', 'a/3', 'a/4'].map((model) => store.compareAndSet(at('raced'), 1, next(model))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await versionCount('raced')).toBe(2);
  });

  it('adds concurrent creates as consecutive versions, each one statement: no gap, no duplicate', async () => {
    const outcomes = await Promise.all(
      ['x/1', 'x/2', 'x/3', 'x/4'].map((model) =>
        savePresetVersion(store, 'born-together', draft(model), author),
      ),
    );
    const won = outcomes.flatMap((outcome) =>
      outcome.ok ? [outcome.preset.designated_version.version] : [],
    );
    expect(won.sort((a, b) => a - b)).toEqual(won.map((_, i) => i + 1));
    expect(
      outcomes.filter((outcome) => !outcome.ok).every((outcome) => !outcome.ok && outcome.conflict),
    ).toBe(true);
    expect(await versionCount('born-together')).toBe(won.length);
  });

  it('answers a create and a read with the stored text, the bytes a serializer would write', async () => {
    const odd = {
      config: { model: 'q/1', stop: ['\u0000', '\ud800'], zeta: 1, alpha: 2 },
      system_prompt: null,
    };
    const outcome = await savePresetVersion(store, 'as-written', odd as never, author);
    if (!outcome.ok) throw new Error('expected the save to win');
    expect(takeWrittenJson(outcome.preset)).toBe(JSON.stringify(outcome.preset));
    const read = await store.getVersion(at('as-written'), 1);
    const text = takeWrittenJson(read as object);
    expect(text).toBe(JSON.stringify(outcome.preset.designated_version));
    expect(JSON.parse(text as string)).toEqual(read);
  });

  it('refuses a write that would leave a gap, and one past its version cap (a 503)', async () => {
    const preset = await saved('strict', 'm');
    const gap = { ...preset, designated_version: { ...preset.designated_version, version: 3 } };
    await expect(store.compareAndSet(at('strict'), 1, gap)).rejects.toThrow(RangeError);
    const capped = new SqlPresetStore(engine, { maxVersionsPerSlug: 1 });
    await expect(savePresetVersion(capped, 'strict', draft('m'), author)).rejects.toThrow(PresetStoreFull);
    expect((await store.getPreset(at('strict')))?.designated_version.version).toBe(1);
  });

  it('keeps text PostgreSQL jsonb would refuse or reorder: U+0000, a lone surrogate, key order', async () => {
    const odd = {
      config: { model: 'nul\u0000model', max_tokens: 8, stop: ['\ud800', 'tail\udfff'], zeta: 1, alpha: 2 },
      system_prompt: 'before\u0000after \ud83d',
    };
    const outcome = await savePresetVersion(store, 'odd-text', odd as never, author);
    expect(outcome.ok).toBe(true);
    const read = await store.getVersion(at('odd-text'), 1);
    expect(read?.config).toEqual(odd.config);
    expect(Object.keys(read?.config ?? {})).toEqual(Object.keys(odd.config));
    expect(read?.system_prompt).toBe(odd.system_prompt);
  });

  it('returns exactly what was written for any valid request, in shapes the response validators accept', async () => {
    let slugNumber = 0;
    await fc.assert(
      fc.asyncProperty(
        validRequest,
        fc.string({ unit: 'binary', maxLength: 40 }),
        async (generated, prompt) => {
          // What a client can send: JSON text, so no `undefined` and no array holes.
          const body: unknown = JSON.parse(JSON.stringify(generated));
          if (!validate('messages-request', body).ok) return;
          const normalized = normalizePresetRequest(body as MessagesRequest);
          const draftWithPrompt = { ...normalized, system_prompt: prompt };
          const slug = `property-${(slugNumber += 1)}`;
          const first = await savePresetVersion(store, slug, draftWithPrompt, author);
          const second = await savePresetVersion(store, slug, normalized, author);
          if (!first.ok || !second.ok) throw new Error('a lone writer must win');
          const preset = await store.getPreset(at(slug));
          expect(preset).toEqual(second.preset);
          expect(await store.getVersion(at(slug), 1)).toEqual(first.preset.designated_version);
          expect(validatePresetConfig(preset?.designated_version.config)).toBe(true);
          expect(validate('preset-response', { data: preset }).ok).toBe(true);
          const version = await store.getVersion(at(slug), 1);
          expect(validate('preset-version-response', { data: version }).ok).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps every preset when the engine is closed and opened again on the same directory', async () => {
    const before = await saved('survives', 'kept/1');
    await engine.close();
    engine = await openPgliteEngine(dataDir);
    expect(await migrate(engine)).toEqual([]);
    store = new SqlPresetStore(engine);
    expect(await store.getPreset(at('survives'))).toEqual(before);
    expect((await store.getPreset(at('grows')))?.designated_version.version).toBe(2);
  });
});

describe('a database driver that is not installed', () => {
  it('is one sentence naming the package to install', async () => {
    const missing = importDriver(
      'pg',
      'DATABASE_URL',
      () => import('gateway-contract-no-such-driver' as string),
    );
    await expect(missing).rejects.toThrow(MissingDriver);
    await expect(missing).rejects.toThrow(
      'DATABASE_URL needs the package pg: install it with `npm install pg`.',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePresetVersion } from '../../../src/http/store/preset-store.js';
import type { SqlEngine } from '../../../src/http/store/sql-engine.js';
import { migrate, migrations } from '../../../src/http/store/sql-migrations.js';
import { SqlPresetStore } from '../../../src/http/store/sql-preset-store.js';
import { sqlEngines } from '../../support/sql-engines.js';

/*
 * A database made by the release before presets were keyed by workspace, holding rows, brought to the latest
 * schema (contract: workspaces): each existing preset stays in the one workspace it was created in, with every
 * version it had, and the other workspaces find none of it.
 */

const A = 'aaaaaaaa-0000-4000-8000-00000000000a';
const B = 'bbbbbbbb-0000-4000-8000-00000000000b';

/** The last schema step of the release before: presets unique by slug alone. */
const PREVIOUS_SCHEMA = 3;

/** Brings a new database to the previous release's schema, as that release's `migrate` recorded it. */
async function migrateToPrevious(engine: SqlEngine): Promise<void> {
  await engine.query(`CREATE TABLE gateway_contract_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  for (const migration of migrations.filter((step) => step.version <= PREVIOUS_SCHEMA)) {
    await engine.transaction(async (session) => {
      for (const statement of migration.statements) await session.query(statement);
      await session.query('INSERT INTO gateway_contract_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
  }
}

/** A create as the previous release made it: one call of its function, which found a preset by slug alone. */
async function previousCreate(engine: SqlEngine, slug: string, workspace: string | null, prompt: string) {
  const result = await engine.query<{ version: number | null }>(
    `SELECT * FROM add_preset_version($1::text, $2::uuid, $3::uuid, $4::json, $5::json, $6::text, $7::text,
      $8::timestamptz, $9::integer)`,
    [
      slug,
      crypto.randomUUID(),
      crypto.randomUUID(),
      '{"model":"m"}',
      JSON.stringify(prompt),
      `${workspace ?? 'none'}-admin`,
      workspace,
      '2026-01-02T03:04:05.006Z',
      1000,
    ],
  );
  expect(result.rows[0]?.version).not.toBeNull();
}

describe.each(sqlEngines)(
  'the migration to presets keyed by workspace, on $name (contract: workspaces)',
  ({ open }) => {
    let engine: SqlEngine;
    let close: () => Promise<void>;
    let store: SqlPresetStore;

    beforeAll(async () => {
      ({ engine, close } = await open());
      await migrateToPrevious(engine);
      // A preset of A, to which the previous release let a key of B add version 2: it stays A's.
      await previousCreate(engine, 'shared', A, 'A 1');
      await previousCreate(engine, 'shared', B, 'B wrote on A 2');
      await previousCreate(engine, 'lonely', null, 'none 1');
      await previousCreate(engine, 'lonely', null, 'none 2');
      await previousCreate(engine, 'theirs', B, 'B 1');
      expect(await migrate(engine)).toEqual(
        migrations.filter((step) => step.version > PREVIOUS_SCHEMA).map((step) => step.version),
      );
      store = new SqlPresetStore(engine);
    }, 120_000);
    afterAll(() => close?.());

    it('keeps every existing preset in the workspace it was created in, with all its versions', async () => {
      const prompts = async (workspaceId: string | null, slug: string) =>
        Promise.all(
          [1, 2, 3].map(
            async (version) => (await store.getVersion({ workspaceId, slug }, version))?.system_prompt,
          ),
        );
      expect(await prompts(A, 'shared')).toEqual(['A 1', 'B wrote on A 2', undefined]);
      expect(await prompts(null, 'lonely')).toEqual(['none 1', 'none 2', undefined]);
      expect(await prompts(B, 'theirs')).toEqual(['B 1', undefined, undefined]);
      expect(await store.getPreset({ workspaceId: A, slug: 'shared' })).toMatchObject({
        workspace_id: A,
        designated_version: { version: 2 },
      });
    });

    it('hides each existing preset from every other workspace', async () => {
      for (const [workspaceId, slug] of [
        [B, 'shared'],
        [null, 'shared'],
        [A, 'lonely'],
        [B, 'lonely'],
        [A, 'theirs'],
        [null, 'theirs'],
      ] as const) {
        expect(await store.getPreset({ workspaceId, slug })).toBeNull();
        expect(await store.getVersion({ workspaceId, slug }, 1)).toBeNull();
      }
    });

    it('creates in each workspace from there on: the next version of its own, or version 1 of a new preset', async () => {
      const draft = { config: { model: 'm' }, system_prompt: 'after' };
      const created = await Promise.all(
        (
          [
            [A, 'shared'],
            [B, 'shared'],
            [null, 'theirs'],
            [null, 'lonely'],
          ] as const
        ).map(async ([workspaceId, slug]) => {
          const outcome = await savePresetVersion(store, slug, draft, { userId: 'after-admin', workspaceId });
          return outcome.ok
            ? [outcome.preset.workspace_id, outcome.preset.designated_version.version]
            : outcome;
        }),
      );
      expect(created).toEqual([
        [A, 3],
        [B, 1],
        [null, 1],
        [null, 3],
      ]);
    });

    it('leaves the key of presets as workspace and slug, and nothing unique by slug alone', async () => {
      const keys = await engine.query<{ definition: string }>(
        `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = 'presets'::regclass AND contype = 'u'`,
      );
      expect(keys.rows.map((row) => row.definition)).toEqual(['UNIQUE (workspace_key, slug)']);
      // The key's index can answer a read: the workspace's text is computed from the parameter, not per row.
      const plan = await engine.transaction(async (session) => {
        await session.query('SET LOCAL enable_seqscan = off');
        return session.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM presets p WHERE p.workspace_key = preset_workspace_key($1::text) AND p.slug = $2`,
          [A, 'shared'],
        );
      });
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
        'presets_workspace_key_slug_key',
      );
    });
  },
);

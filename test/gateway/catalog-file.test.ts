import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { CatalogFileError, checkCatalog, loadCatalogFile } from '../../src/gateway/catalog-file.js';

const problem = (file: unknown) => {
  try {
    checkCatalog(file, 'catalog.json');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};
const full = { ...bundledCatalog };

describe('checkCatalog', () => {
  it('accepts the bundled catalog as a file', () => {
    expect(problem(JSON.parse(JSON.stringify(full)))).toBeNull();
  });

  it.each([
    ['a list', [], 'catalog.json: (root) must be an object'],
    ['a missing field', { models: [], providers: [] }, 'catalog.json: /destinations must be an array'],
    [
      'an unknown field, not named (it is text of the file)',
      { ...full, 'sk-live-a/b': [] },
      'catalog.json: (root) must have only the fields models, providers and destinations',
    ],
    [
      'a model without endpoints',
      { ...full, models: [{ ...full.models[0], endpoints: undefined }] },
      'catalog.json: /models/0/endpoints ',
    ],
    [
      'a repeated model id',
      { ...full, models: [full.models[0], full.models[0]] },
      'catalog.json: /models/1/id repeats the id of /models/0',
    ],
    [
      'a provider without a slug',
      { ...full, providers: [full.providers[0], { ...full.providers[1], slug: undefined }] },
      'catalog.json: /providers/1/slug ',
    ],
    [
      'a destination of another workspace',
      {
        ...full,
        destinations: [{ ...full.destinations[0], workspace_id: '00000000-0000-4000-8000-000000000000' }],
      },
      'catalog.json: /destinations/0/workspace_id must be',
    ],
  ])('names the first problem of %s by its JSON Pointer', (_, file, start) => {
    expect(problem(JSON.parse(JSON.stringify(file)))).toMatch(
      new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });
});

describe('loadCatalogFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-contract-catalog-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says where a file stops being JSON, by line and column, and never quotes it', async () => {
    const path = join(dir, 'catalog.json');
    writeFileSync(path, '{\n  "destinations": [{"config": {"apiKey":sk-live-TOKEN}}]\n}');
    const loaded = loadCatalogFile(path);
    await expect(loaded).rejects.toThrow(CatalogFileError);
    await expect(loaded).rejects.toThrow(`${path}: is not JSON at line 2, column 41`);
    const message = await loaded.catch((error: Error) => error.message);
    expect(message).not.toMatch(/sk-live|apiKey|TOKEN/);
  });

  it('reads a file that starts with a byte order mark', async () => {
    const path = join(dir, 'marked.json');
    writeFileSync(path, `\uFEFF${JSON.stringify(full)}`);
    expect((await loadCatalogFile(path)).models).toHaveLength(full.models.length);
  });
});

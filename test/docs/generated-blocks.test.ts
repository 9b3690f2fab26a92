import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  blockNames,
  documentationPages,
  stalePages,
  withFreshBlocks,
} from '../../build/documents/doc-blocks.js';
import { docTables } from '../../build/documents/doc-tables.js';
import { emittedSchemaSources, fileDescription } from '../../build/documents/emit.js';
import { operationIds } from '../../src/core/operations.js';

/*
 * The tables of the README and docs/ that list the operations or the schema files are written from the
 * operations table by `npm run generate` (build/documents/doc-blocks.ts), never by hand: a table that no longer
 * says what the operations table says fails here.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (page: string) => readFileSync(`${root}${page}`, 'utf8');

describe('the generated tables of the documentation', () => {
  it('sit where the reader looks for them', () => {
    expect(blockNames(read('README.md'))).toEqual(['operations']);
    expect(blockNames(read('docs/contract.md'))).toEqual(['operations']);
    expect(blockNames(read('docs/schema-files.md'))).toEqual(['schema-files']);
    expect(blockNames(read('docs/validation.md'))).toEqual(['roots']);
    const used = documentationPages(root).flatMap((page) => blockNames(read(page)));
    expect(Object.keys(docTables).filter((name) => !used.includes(name))).toEqual([]);
  });

  it('say what the operations table and the schemas say: run `npm run generate` when this fails', async () => {
    expect((await stalePages(root)).map(({ page }) => page)).toEqual([]);
  });

  it('list every operation, one row each', () => {
    const rows = docTables['operations']!().split('\n').slice(2);
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(operationIds);
  });

  it("describe each schema file as the file's own description does", () => {
    for (const file of Object.keys(emittedSchemaSources())) {
      const emitted = JSON.parse(read(`dist/schemas/${file}.json`)) as { description?: string };
      expect(fileDescription(file), file).toBe(emitted.description);
    }
  });

  it('find a table edited by hand, and write it back', async () => {
    const page = read('docs/contract.md');
    const edited = page.replace('| `listProviders`', '| `listAllProviders`');
    expect(edited).not.toBe(page);
    const path = `${root}docs/contract.md`;
    expect(await withFreshBlocks(path, edited)).toBe(await withFreshBlocks(path, page));
    expect(await withFreshBlocks(path, edited)).toContain('| `listProviders`');
  });

  it('refuse a block without its end, or of a table that does not exist', async () => {
    const start = '<!-- generated: operations, by hand -->\n\nold\n';
    await expect(withFreshBlocks(`${root}x.md`, start)).rejects.toThrow(/no end marker/);
    const unknown = '<!-- generated: nothing -->\n\nold\n<!-- end generated: nothing -->\n';
    await expect(withFreshBlocks(`${root}x.md`, unknown)).rejects.toThrow(
      /no generated table is called nothing/,
    );
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  blockDifferences,
  blockNames,
  documentationPages,
  markerProblems,
  stalePages,
  withFreshBlocks,
} from '../../build/documents/doc-blocks.js';
import { docTables, guardName } from '../../build/documents/doc-tables.js';
import { markdownTable } from '../../build/documents/markdown-table.js';
import { limitKeywords } from '../../build/documents/schema-tables.js';
import { emittedSchemaSources, fileDescription } from '../../build/documents/emit.js';
import { contentBlockTypes } from '../../schemas/message.js';
import { messagesRequest } from '../../schemas/messages-request.js';
import { paramsSchemas } from '../../schemas/params.js';
import { presetConfigProperties } from '../../schemas/preset-config.js';
import { rootSchemas } from '../../schemas/roots.js';
import { MAX_SAFE_INTEGER } from '../../schemas/shared.js';
import { operationIds } from '../../src/core/operations.js';
import * as library from '../../src/index.js';

/*
 * The tables of the README and docs/ that list the operations, the schema files, the request fields, the block
 * kinds, the limits and the preset-config keys are written from the operations table and the schemas by
 * `npm run generate` (build/documents/doc-blocks.ts), never by hand: a table that no longer says what they say
 * fails here.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const tableNames = new Set(Object.keys(docTables));
const read = (page: string) => readFileSync(`${root}${page}`, 'utf8');

// Writing the tables afresh (with Prettier) takes seconds of CPU, several times a test: room for a loaded machine.
describe('the generated tables of the documentation', { timeout: 120_000 }, () => {
  it('sit where the reader looks for them', () => {
    expect(blockNames(read('README.md'))).toEqual(['operations']);
    const contract = blockNames(read('docs/contract.md'));
    expect(contract.filter((name) => !name.startsWith('operation-'))).toEqual([
      'operations',
      'request-fields',
      'block-kinds',
      'limits',
      'preset-config-keys',
    ]);
    // Each operation's section opens with the block its record writes, in the table's order.
    expect(contract.filter((name) => name.startsWith('operation-'))).toEqual(
      operationIds.map((id) => `operation-${id}`),
    );
    expect(blockNames(read('docs/schema-files.md'))).toEqual(['schema-files']);
    expect(blockNames(read('docs/validation.md'))).toEqual(['roots', 'preset-config-keys']);
    const used = documentationPages(root).flatMap((page) => blockNames(read(page)));
    expect(Object.keys(docTables).filter((name) => !used.includes(name))).toEqual([]);
  });

  it('say what the operations table and the schemas say: run `npm run generate` when this fails', async () => {
    const stale = await stalePages(root);
    expect(
      stale.flatMap(({ differences }) => differences),
      'the rows npm run generate would write',
    ).toEqual([]);
  });

  it('list every operation, one row each', () => {
    const rows = docTables['operations']!().split('\n').slice(3);
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(operationIds);
  });

  it('list every request field, block kind and preset-config key the schemas hold, in their order', () => {
    const firstCells = (name: string) =>
      docTables[name]!()
        .split('\n')
        .slice(3)
        .map((row) => /^\| `([^`]+)`/.exec(row)?.[1]);
    expect(firstCells('request-fields')).toEqual(Object.keys(messagesRequest.properties));
    expect(firstCells('block-kinds')).toEqual([...contentBlockTypes]);
    const [persisted, dropped] = docTables['preset-config-keys']!().split(/\n(?=- )/);
    const names = (line: string | undefined) =>
      [...(line ?? '').matchAll(/`(\w+)`/g)].map(([, name]) => name);
    expect(names(persisted)).toEqual(Object.keys(presetConfigProperties));
    expect([...names(persisted), ...names(dropped)].sort()).toEqual(
      Object.keys(messagesRequest.properties).sort(),
    );
  });

  it('name a type guard the library exports for each root', () => {
    const guards = Object.keys(rootSchemas).map(guardName);
    expect(
      guards.filter((guard) => typeof (library as Record<string, unknown>)[guard] !== 'function'),
    ).toEqual([]);
  });

  it("state each limit of the request and path schemas, which the schemas' descriptions then do not repeat", () => {
    const limits = docTables['limits']!();
    expect(limits).toContain('| `fallbacks` ');
    expect(limits).toContain('must have at most 3 items');
    const keywords = limitKeywords.filter((keyword) => keyword !== 'pattern');
    const repeated: string[] = [];
    const seen = new Set<unknown>();
    const visit = (value: unknown, path: string): void => {
      if (typeof value !== 'object' || value === null || seen.has(value)) return;
      seen.add(value);
      const schema = value as Record<string, unknown>;
      // A pattern's description is the sentence of its issue, which names the rule whole.
      if (typeof schema['description'] === 'string' && schema['pattern'] === undefined) {
        for (const node of [schema, schema['items'] as Record<string, unknown> | undefined])
          for (const keyword of keywords) {
            const limit = node?.[keyword];
            if (typeof limit !== 'number' || Math.abs(limit) === MAX_SAFE_INTEGER) continue;
            if (new RegExp(`(?<![\\d.])${limit}(?!\\d|\\.\\d)`).test(schema['description']))
              repeated.push(`${path}: ${keyword} ${limit}`);
          }
      }
      for (const [key, inner] of Object.entries(schema)) visit(inner, `${path}/${key}`);
    };
    visit(messagesRequest, 'messages-request');
    visit(paramsSchemas, 'params');
    expect(repeated).toEqual([]);
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

  it('name the table and the row that a page no longer has right, not only the page', async () => {
    const page = read('docs/contract.md');
    const edited = page
      .replace('| `listProviders`', '| `listAllProviders`')
      .replace(/(\| `session_id` \| [^|]*\| )no/, '$1yes');
    const fresh = await withFreshBlocks(`${root}docs/contract.md`, edited);
    expect(blockDifferences('docs/contract.md', edited, fresh)).toEqual([
      'docs/contract.md, table operations: row `listProviders` is missing',
      'docs/contract.md, table operations: row `listAllProviders` is not in the source',
      'docs/contract.md, table request-fields: row `session_id` differs',
    ]);
  });

  it('leave every other row as it was when a cell grows, Prettier included', async () => {
    const rows = (longest: string) => [
      ['`a`', 'short'],
      ['`b`', longest],
    ];
    const path = `${root}docs/contract.md`;
    const page = (longest: string) =>
      withFreshBlocks(path, `${markdownTable(['name', 'note'], rows(longest))}\n`);
    const [before, after] = [await page('short'), await page('a cell much longer than any other')];
    expect(before.split('\n').filter((line) => !after.split('\n').includes(line))).toEqual([
      '| `b` | short |',
    ]);
  });

  it('refuse a block without its end, or of a table that does not exist, naming the page, the line and the block', async () => {
    const start = 'intro\n<!-- generated: operations, by hand -->\n\nold\n';
    await expect(withFreshBlocks('x.md', start)).rejects.toThrow(
      'x.md:2: the block operations has no end marker `<!-- end generated: operations -->` after it',
    );
    const unknown = '<!-- generated: nothing -->\n\nold\n<!-- end generated: nothing -->\n';
    await expect(withFreshBlocks('x.md', unknown)).rejects.toThrow(
      'x.md:1: the block nothing names no generated table',
    );
    expect(markerProblems('x.md', 'a\n\n<!-- end generated: operations -->\n', tableNames)).toEqual([
      'x.md:3: the end marker of operations has no start marker before it',
    ]);
  });

  it('fill the markers of a new block written with nothing between them, adjacent or on one line', async () => {
    for (const empty of [
      '<!-- generated: operations -->\n<!-- end generated: operations -->\n',
      '<!-- generated: operations --><!-- end generated: operations -->\n',
    ]) {
      expect(markerProblems('x.md', empty, tableNames)).toEqual([]);
      const written = await withFreshBlocks(`${root}x.md`, empty);
      expect(written).toContain(`| \`${operationIds[0]}\` |`);
      expect(blockNames(written)).toEqual(['operations']);
    }
  });
});

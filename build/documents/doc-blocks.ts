import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { docTables } from './doc-tables.js';

/**
 * The generated blocks of the README and docs/: a page holds a table of build/documents/doc-tables.ts between
 * `<!-- generated: NAME ... -->` and `<!-- end generated: NAME -->`, and `npm run generate` rewrites what lies
 * between them. `node dist/build/documents/doc-blocks.js --write` writes the pages; without `--write` it fails
 * when one is stale, and so does test/docs/generated-blocks.test.ts.
 */

const block = /(<!-- generated: ([\w-]+)[^\n]*-->\n)[\s\S]*?(\n<!-- end generated: \2 -->)/g;

/** The pages that may hold a block, relative to the repository root: the README and every page of docs/. */
export function documentationPages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

/** The names of the blocks a page holds, in order. */
export function blockNames(text: string): string[] {
  return [...text.matchAll(block)].map((match) => match[2]!);
}

/** The page with every block written afresh, formatted as the repository's prettier would. */
export async function withFreshBlocks(path: string, text: string): Promise<string> {
  const opened = (text.match(/<!-- generated: /g) ?? []).length;
  if (opened !== blockNames(text).length) throw new Error(`${path}: a generated block has no end marker`);
  const written = text.replace(block, (_, start: string, name: string, end: string) => {
    const render = docTables[name];
    if (render === undefined) throw new Error(`${path}: no generated table is called ${name}`);
    return `${start}\n${render()}\n${end}`;
  });
  return format(written, { ...(await resolveConfig(path)), filepath: path });
}

/** The blocks of a page, by name: the lines between their markers that hold a row or prose. */
function blockLines(text: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>();
  for (const match of text.matchAll(block)) {
    const inner = match[0].slice(match[1]!.length, -match[3]!.length);
    // The separator row and Prettier's marker name no row; a change to them alone shows as the order's.
    const rows = inner
      .split('\n')
      .filter((line) => !/^\s*$|^<!-- prettier-ignore -->$|^\|[\s:|-]+\|$/.test(line));
    blocks.set(match[2]!, rows);
  }
  return blocks;
}

/** What names a line of a block: a table row's first cell, or the line itself. */
function rowKey(line: string): string {
  return /^\|\s*(.*?)\s*(?<!\\)\|/.exec(line)?.[1] ?? line.trim();
}

/**
 * Where a page's blocks differ from fresh ones, one sentence per row (or line) added, gone or changed, naming
 * the page, the table and the row: `docs/contract.md, table request-fields: row \`verbosity\` is missing`.
 */
export function blockDifferences(page: string, text: string, fresh: string): string[] {
  const written = blockLines(text);
  const differences: string[] = [];
  for (const [name, lines] of blockLines(fresh)) {
    const old = written.get(name) ?? [];
    const where = `${page}, table ${name}`;
    const before = differences.length;
    const oldRows = new Map(old.map((line) => [rowKey(line), line]));
    const newKeys = new Set(lines.map(rowKey));
    for (const line of lines) {
      const key = rowKey(line);
      const was = oldRows.get(key);
      if (was === undefined) differences.push(`${where}: row ${key} is missing`);
      else if (was !== line) differences.push(`${where}: row ${key} differs`);
    }
    for (const key of oldRows.keys())
      if (!newKeys.has(key)) differences.push(`${where}: row ${key} is not in the source`);
    if (differences.length === before && old.join('\n') !== lines.join('\n'))
      differences.push(`${where}: its rows are in another order or formatted otherwise`);
  }
  return differences;
}

/**
 * The pages whose blocks differ from what the tables now give, each with its fresh text and the rows that differ
 * (see `blockDifferences`).
 */
export async function stalePages(
  root: string,
): Promise<{ page: string; fresh: string; differences: string[] }[]> {
  const stale: { page: string; fresh: string; differences: string[] }[] = [];
  for (const page of documentationPages(root)) {
    const path = join(root, page);
    const text = readFileSync(path, 'utf8');
    if (blockNames(text).length === 0) continue;
    const fresh = await withFreshBlocks(path, text);
    if (fresh !== text) {
      const differences = blockDifferences(page, text, fresh);
      // Only the formatting around the blocks differs: the page as a whole is named.
      stale.push({
        page,
        fresh,
        differences: differences.length > 0 ? differences : [`${page}: not formatted`],
      });
    }
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const stale = await stalePages(root);
  if (process.argv.includes('--write')) {
    for (const { page, fresh } of stale) writeFileSync(join(root, page), fresh);
    console.log(`wrote the generated tables of ${stale.length} page(s)`);
  } else if (stale.length > 0) {
    const differences = stale.flatMap((page) => page.differences);
    console.error(
      `${differences.join('\n')}\na generated block is stale: run \`npm run generate\` (do not edit between its markers).`,
    );
    process.exit(1);
  }
}

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

/**
 * The generated blocks of the README and docs/: a page holds a table of build/documents/doc-tables.ts between
 * `<!-- generated: NAME ... -->` and `<!-- end generated: NAME -->`, and `npm run generate` rewrites what lies
 * between them. `node dist/build/documents/doc-blocks.js --write` writes the pages; without `--write` it fails
 * when one is stale, and so does test/docs/generated-blocks.test.ts; with `--markers` it only checks that every block
 * can be placed (its end marker, a table of its name), which `npm run generate` does before it writes anything.
 */

/** A block: its start marker, what lies between (nothing, when the markers of a new block are adjacent), its end. */
const block = /(<!-- generated: ([\w-]+)[^\n]*-->)([\s\S]*?)(<!-- end generated: \2 -->)/g;

const startMarker = /<!-- generated: ([\w-]+)/g;
const endMarker = /<!-- end generated: ([\w-]+) -->/g;

/** The pages that may hold a block, relative to the repository root: the README and every page of docs/. */
export function documentationPages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

/** The names of the blocks a page holds, in order. */
export function blockNames(text: string): string[] {
  return [...text.matchAll(block)].map((match) => match[2]!);
}

/**
 * What keeps a page's blocks from being written, one sentence each naming the page, the block and its line: a
 * start marker without its end (or the reverse), or a block no table of doc-tables.ts is called; none when every block can be written.
 */
export function markerProblems(path: string, text: string, tables: ReadonlySet<string>): string[] {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const problems: string[] = [];
  const ends = [...text.matchAll(endMarker)];
  const paired = new Set<number>();
  for (const start of text.matchAll(startMarker)) {
    const name = start[1]!;
    const where = `${path}:${lineOf(start.index)}: the block ${name}`;
    const end = ends.find(
      (candidate) => candidate[1] === name && candidate.index > start.index && !paired.has(candidate.index),
    );
    if (end === undefined)
      problems.push(`${where} has no end marker \`<!-- end generated: ${name} -->\` after it`);
    else paired.add(end.index);
    if (!tables.has(name)) {
      problems.push(`${where} names no generated table (the tables: build/documents/doc-tables.ts)`);
    }
  }
  for (const end of ends.filter((candidate) => !paired.has(candidate.index))) {
    problems.push(`${path}:${lineOf(end.index)}: the end marker of ${end[1]} has no start marker before it`);
  }
  return problems;
}

/**
 * The tables, loaded on first use: they read the operations table, which reads the generated facts that
 * precompile.js copies into dist/, so `--markers` (which runs before it) copies the committed ones first.
 */
async function tables(): Promise<Readonly<Record<string, () => string>>> {
  return (await import('./doc-tables.js')).docTables;
}

/** The page with every block written afresh, formatted as the repository's prettier would. */
export async function withFreshBlocks(path: string, text: string): Promise<string> {
  const docTables = await tables();
  const problems = markerProblems(path, text, new Set(Object.keys(docTables)));
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const written = text.replace(
    block,
    (_, start: string, name: string, _inner: string, end: string) =>
      `${start}\n\n${docTables[name]!()}\n\n${end}`,
  );
  return format(written, { ...(await resolveConfig(path)), filepath: path });
}

/** The blocks of a page, by name: the lines between their markers that hold a row or prose. */
function blockLines(text: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>();
  for (const match of text.matchAll(block)) {
    const inner = match[3]!;
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
  if (process.argv.includes('--markers')) {
    // `npm run generate` runs this before it writes anything, so a block it cannot place stops it with nothing
    // written. In a fresh clone tsc has not copied the committed generated modules the tables load: copy them.
    const built = join(root, 'dist/src/generated');
    mkdirSync(built, { recursive: true });
    for (const file of readdirSync(join(root, 'src/generated')).filter((name) => name.endsWith('.js'))) {
      if (!existsSync(join(built, file))) copyFileSync(join(root, 'src/generated', file), join(built, file));
    }
    const names = new Set(Object.keys(await tables()));
    const problems = documentationPages(root).flatMap((page) =>
      markerProblems(page, readFileSync(join(root, page), 'utf8'), names),
    );
    if (problems.length > 0) {
      console.error(
        `${problems.join('\n')}\nnothing was written: place the markers, then run \`npm run generate\` again.`,
      );
      process.exit(1);
    }
  } else {
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
}

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

/** The pages whose blocks differ from what the tables now give, each with its fresh text. */
export async function stalePages(root: string): Promise<{ page: string; fresh: string }[]> {
  const stale: { page: string; fresh: string }[] = [];
  for (const page of documentationPages(root)) {
    const path = join(root, page);
    const text = readFileSync(path, 'utf8');
    if (blockNames(text).length === 0) continue;
    const fresh = await withFreshBlocks(path, text);
    if (fresh !== text) stale.push({ page, fresh });
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
    console.error(
      `${stale.map(({ page }) => page).join(', ')}: a generated table is stale; run \`npm run generate\`.`,
    );
    process.exit(1);
  }
}

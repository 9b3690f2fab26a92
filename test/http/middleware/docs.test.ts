import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * docs/middleware.md quotes the files of examples/middleware/: each code block under a `<!-- sample: path -->`
 * marker is that file, or its lines `#Lx-Ly`, exactly; the examples test runs the files.
 */

const root = new URL('../../../', import.meta.url);
const page = readFileSync(new URL('docs/middleware.md', root), 'utf8');
const samples = [...page.matchAll(/<!-- sample: ([^\s#]+)(?:#L(\d+)-L(\d+))? -->\n\n```ts\n([\s\S]*?)```/g)];

describe('docs/middleware.md', () => {
  it('marks every TypeScript block as a sample', () => {
    expect(samples.length).toBe([...page.matchAll(/^```ts$/gm)].length);
    expect(samples.length).toBeGreaterThanOrEqual(5);
  });

  it.each(samples.map(([, path, from, to, block]) => ({ path: path!, from, to, block: block! })))(
    'quotes $path as it is',
    ({ path, from, to, block }) => {
      const text = readFileSync(new URL(path, root), 'utf8');
      const lines = text.split('\n');
      const quoted = from === undefined ? text : `${lines.slice(Number(from) - 1, Number(to)).join('\n')}\n`;
      expect(block).toBe(quoted);
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Every TypeScript sample of the README and docs/ is a file of examples/ (or a run of its lines), named by a
 * `<!-- sample: examples/<file>.ts -->` comment above the block; the consumer test type-checks and runs those files
 * against the packed package, so a sample can never drift from code that compiles.
 */

const root = new URL('../../', import.meta.url);
const pages = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const examples = readdirSync(new URL('examples/', root), { recursive: true, encoding: 'utf8' }).filter(
  (name) => name.endsWith('.ts'),
);

interface Sample {
  page: string;
  file: string;
  lines?: [number, number];
  code: string;
}

/** The TypeScript blocks of a page, each with the sample comment right above it (if any). */
function blocksOf(page: string): { marker: string | undefined; code: string }[] {
  const text = readFileSync(new URL(page, root), 'utf8');
  return [...text.matchAll(/(?:<!-- sample: ([^ ]+) -->\n\n?)?```(?:ts|typescript)\n([\s\S]*?)```/g)].map(
    (match) => ({
      marker: match[1],
      code: match[2]!,
    }),
  );
}

function samples(): Sample[] {
  return pages.flatMap((page) =>
    blocksOf(page).flatMap(({ marker, code }) => {
      if (marker === undefined) return [];
      const [, file = '', from, to] = /^examples\/([^#]+)(?:#L(\d+)-L(\d+))?$/.exec(marker) ?? [];
      return [
        {
          page,
          file,
          code,
          ...(from === undefined ? {} : { lines: [Number(from), Number(to)] as [number, number] }),
        },
      ];
    }),
  );
}

/** The text a sample comment names: the whole file, or lines `from` to `to` (1-based, inclusive). */
function quoted(file: string, lines: [number, number] | undefined): string {
  const text = readFileSync(new URL(`examples/${file}`, root), 'utf8');
  if (lines === undefined) return text;
  return `${text
    .split('\n')
    .slice(lines[0] - 1, lines[1])
    .join('\n')}\n`;
}

describe('the samples of the README and docs', () => {
  it('finds samples on the README and several pages', () => {
    expect(samples().filter((sample) => sample.page === 'README.md').length).toBeGreaterThanOrEqual(3);
    expect(new Set(samples().map((sample) => sample.page)).size).toBeGreaterThan(2);
  });

  it.each(pages)('%s: every TypeScript block names the example file it mirrors', (page) => {
    expect(
      blocksOf(page)
        .filter((block) => block.marker === undefined)
        .map((block) => block.code.slice(0, 80)),
    ).toEqual([]);
  });

  it.each(
    samples().map(
      (sample) =>
        [
          `${sample.page} quotes examples/${sample.file}${sample.lines ? `#L${sample.lines.join('-L')}` : ''}`,
          sample,
        ] as const,
    ),
  )('%s as it is', (_, sample) => {
    expect(examples).toContain(sample.file);
    expect(sample.code).toBe(quoted(sample.file, sample.lines));
  });

  it('quotes every example file somewhere', () => {
    const quotedFiles = new Set(samples().map((sample) => sample.file));
    expect(examples.filter((file) => !quotedFiles.has(file))).toEqual([]);
  });
});

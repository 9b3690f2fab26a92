import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paramsSchemas } from '../../schemas/params.js';
import { presetConfig } from '../../schemas/preset-config.js';
import { rootSchemas } from '../../schemas/roots.js';

/*
 * The closed lists the contract and the validation guide write out in prose (the media types of a block, the
 * quantizations, the kinds of a union, ...) are the schemas' enums, which the validators enforce. A paragraph
 * that names most of an enum's values must name them all, so a value added to a schema fails here until the
 * prose that lists the others says it too (contract: closed-lists).
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = ['docs/contract.md', 'docs/validation.md'];

/** Every enum of strings in the schemas, at least three values long, each once. */
function enums(): string[][] {
  const found = new Map<string, string[]>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const values = (node as { enum?: unknown }).enum;
    if (Array.isArray(values)) {
      const strings = values.filter((value): value is string => typeof value === 'string');
      if (strings.length >= 3) found.set(JSON.stringify(strings), strings);
    }
    for (const inner of Object.values(node)) visit(inner);
  };
  visit([rootSchemas, paramsSchemas, presetConfig]);
  return [...found.values()];
}

/** The paragraphs and table rows of a page outside its generated blocks, each with its first line's number. */
function paragraphs(text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  const found: { line: number; text: string }[] = [];
  let generated = false;
  let current: { line: number; text: string } | undefined;
  lines.forEach((line, index) => {
    if (line.startsWith('<!-- generated: ')) generated = true;
    if (line.startsWith('<!-- end generated: ')) generated = false;
    const row = line.startsWith('|');
    if (generated || line.trim() === '' || row) current = undefined;
    if (generated || line.trim() === '') return;
    if (current === undefined) found.push((current = { line: index + 1, text: line }));
    else current.text += `\n${line}`;
    if (row) current = undefined;
  });
  return found;
}

describe('the closed lists of the documentation', () => {
  it('name every value of a schema enum wherever they name most of them', () => {
    const lists = enums();
    expect(lists.length).toBeGreaterThan(10);
    const incomplete: string[] = [];
    for (const page of PAGES) {
      for (const paragraph of paragraphs(readFileSync(`${root}${page}`, 'utf8'))) {
        const named = new Set([...paragraph.text.matchAll(/`([^`]+)`/g)].map(([, value]) => value!));
        for (const values of lists) {
          const missing = values.filter((value) => !named.has(value));
          if (missing.length > 0 && values.length - missing.length > values.length / 2)
            incomplete.push(
              `${page}:${paragraph.line}: lacks ${missing.map((value) => `\`${value}\``).join(', ')}`,
            );
        }
      }
    }
    expect(incomplete, 'prose that lists most of an enum: add the values the schema gained').toEqual([]);
  });
});

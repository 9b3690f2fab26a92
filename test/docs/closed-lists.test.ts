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

/** A list the schemas close: an enum's values, or the property names an object schema declares. */
interface ClosedList {
  kind: 'enum' | 'properties';
  values: string[];
}

/**
 * Every closed list of the schemas at least three long, each once: the enums of strings, and the `properties`
 * of each object schema, whose names a page that lists most of them must list in full.
 */
function closedLists(): ClosedList[] {
  const found = new Map<string, ClosedList>();
  const seen = new Set<object>();
  const add = (kind: ClosedList['kind'], values: string[]) => {
    if (values.length >= 3) found.set(`${kind} ${JSON.stringify(values)}`, { kind, values });
  };
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const { enum: values, properties } = node as { enum?: unknown; properties?: unknown };
    if (Array.isArray(values))
      add(
        'enum',
        values.filter((value): value is string => typeof value === 'string'),
      );
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      add('properties', Object.keys(properties));
    }
    for (const inner of Object.values(node)) visit(inner);
  };
  visit([rootSchemas, paramsSchemas, presetConfig]);
  return [...found.values()];
}

/**
 * The units of a page outside its generated blocks, each with its first line's number and what it names in
 * backticks. For enums: each paragraph, each list item and each table row (a row lists the values in one cell). For an object's
 * fields: each table whose rows name a field in their first cell, by those first cells alone, so the rest of a
 * row (a value, a note) never counts as a field.
 */
function units(text: string, kind: ClosedList['kind']): { line: number; named: Set<string> }[] {
  const found: { line: number; text: string; row: boolean }[] = [];
  let generated = false;
  let current: { line: number; text: string; row: boolean } | undefined;
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('<!-- generated: ')) generated = true;
    if (line.startsWith('<!-- end generated: ')) generated = false;
    if (generated || line.trim() === '') {
      current = undefined;
      return;
    }
    const row = line.startsWith('|');
    if (kind === 'properties' && !row) return;
    const cell = row && kind === 'properties' ? (/^\|([^|]*)\|/.exec(line)?.[1] ?? '') : line;
    // A list item starts a unit of its own: the items of one list are about different things.
    const item = /^\s*(?:[-*]|\d+\.) /.test(line);
    const joins = current !== undefined && current.row === row && !item && !(row && kind === 'enum');
    if (joins) current!.text += `\n${cell}`;
    else found.push((current = { line: index + 1, text: cell, row }));
  });
  return found.map(({ line, text: unit }) => ({
    line,
    named: new Set([...unit.matchAll(/`([^`]+)`/g)].map(([, value]) => value!)),
  }));
}

/**
 * Where a unit names (in backticks) more than half of a closed list, and at least three of its values, but not
 * all of them: the values it lacks, by page and line. Fewer than three named is a coincidence of common words
 * (`low`, `high`), not a list; and a unit lists a closed list when it lacks just one of its values (the one
 * a change added) or when most of what it names is of that list
 * (a destination's `id`, `name` and `type` do not make its table the tool_use block's, nor a sentence on media
 * sources that names `text`, `image` and `document` among a dozen others the tool result's kinds).
 */
export function incompleteLists(pages: Record<string, string>, lists: ClosedList[]): string[] {
  const incomplete: string[] = [];
  for (const [page, text] of Object.entries(pages)) {
    for (const kind of ['enum', 'properties'] as const) {
      for (const { line, named } of units(text, kind)) {
        for (const { values } of lists.filter((list) => list.kind === kind)) {
          const missing = values.filter((value) => !named.has(value));
          const present = values.length - missing.length;
          if (
            missing.length > 0 &&
            present >= 3 &&
            present > values.length / 2 &&
            (present > named.size / 2 || missing.length === 1)
          )
            incomplete.push(`${page}:${line}: lacks ${missing.map((value) => `\`${value}\``).join(', ')}`);
        }
      }
    }
  }
  return incomplete;
}

describe('the closed lists of the documentation', () => {
  const lists = closedLists();

  it('name every value of a schema enum, and every property of an object, wherever they name most of them', () => {
    expect(lists.filter((list) => list.kind === 'enum').length).toBeGreaterThan(10);
    expect(lists.filter((list) => list.kind === 'properties').length).toBeGreaterThan(10);
    const pages = Object.fromEntries(PAGES.map((page) => [page, readFileSync(`${root}${page}`, 'utf8')]));
    expect(
      incompleteLists(pages, lists),
      "prose that lists most of an enum or of an object's fields: add what the schema gained",
    ).toEqual([]);
  });

  it('find a value or a field left out, and pass prose that names only a few common words', () => {
    const own: ClosedList[] = [
      { kind: 'enum', values: ['low', 'medium', 'high'] },
      { kind: 'enum', values: ['text', 'image', 'tool_reference', 'search_result', 'document'] },
      { kind: 'properties', values: ['engine', 'max_results', 'search_prompt', 'new_field'] },
    ];
    const pages = {
      'a.md': 'Effort is `low`, `medium` or `high`.\n\nPricing: `low` and `high` tiers cost more.\n',
      'b.md':
        '| field | note |\n| --- | --- |\n| `engine` | x |\n| `max_results` | y |\n| `search_prompt` | z |\n',
      'c.md': 'The effort `low`, or `medium`.\n',
      'd.md':
        '- Sources: `base64`, `url`, `file`; a `document` of `text` and `image` blocks.\n- Kinds: `text`, `image`, `tool_reference`, `document`.\n',
    };
    expect(incompleteLists(pages, own)).toEqual([
      'b.md:1: lacks `new_field`',
      'd.md:2: lacks `search_result`',
    ]);
  });
});

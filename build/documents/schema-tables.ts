import { contextManagement } from '../../schemas/context-management.js';
import { contentBlock } from '../../schemas/message.js';
import { message } from '../../schemas/message.js';
import { messagesRequest } from '../../schemas/messages-request.js';
import { outputConfig } from '../../schemas/output-config.js';
import { paramsSchemas } from '../../schemas/params.js';
import { plugin } from '../../schemas/plugin.js';
import { presetConfigProperties } from '../../schemas/preset-config.js';
import { providerPreferences } from '../../schemas/provider-preferences.js';
import { cacheControl, MAX_SAFE_INTEGER } from '../../schemas/shared.js';
import { stopServerToolsWhenCondition } from '../../schemas/stop-server-tools-when.js';
import { thinking } from '../../schemas/thinking.js';
import { toolChoice } from '../../schemas/tool-choice.js';
import { tool } from '../../schemas/tool.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_DEPTH } from '../../src/body/body-limits.js';
import { MAX_ISSUES, statusMessages, tooDeepMessage } from '../../src/core/errors.js';
import { issueSentence } from '../../src/core/issue-sentences.js';
import { badParamStatus, operations, type Operation } from '../../src/core/operations.js';
import { markdownTable } from './markdown-table.js';
import { acceptsNull, asSchema, phrase, spelled, tagValues, type Schema } from './schema-phrases.js';

/**
 * The contract's tables of the request fields, the content block kinds and the limits, and its lists of the
 * preset-config keys, written from the schemas by `npm run generate` (build/documents/doc-blocks.ts): a field,
 * a block kind or a limit is written once, in its schema, and reaches the pages from there.
 */

const code = (text: string) => `\`${text}\``;

/** The schemas the contract describes in a section or paragraph of their own, named (and linked) as it does. */
const contractNames = new Map<unknown, string>([
  [message, '[Message](#messages)'],
  [providerPreferences, 'provider preferences'],
  [thinking, '[thinking](#thinking)'],
  [toolChoice, '[tool choice](#tool-choice)'],
  [tool, '[Tool](#tools)'],
  [plugin, '[Plugin](#plugins)'],
  [outputConfig, '[output config](#output-config)'],
  [contextManagement, '[context management](#context-management)'],
  [cacheControl, 'cache directive'],
  [stopServerToolsWhenCondition, 'stop conditions'],
]);

function properties(schema: Schema): [string, Schema][] {
  return Object.entries(asSchema(schema['properties']) ?? {}).map(([name, value]) => [
    name,
    asSchema(value)!,
  ]);
}

function required(schema: Schema): string[] {
  const names = schema['required'];
  return Array.isArray(names) ? names.map(String) : [];
}

/** A schema's description as one table cell. */
function described(schema: Schema): string {
  const text = schema['description'];
  return typeof text === 'string' ? text : '';
}

/** One row per field of a messages request, in the schema's order (contract: create-preset). */
export function requestFieldsTable(): string {
  const saved = new Set(Object.keys(presetConfigProperties));
  const needed = new Set(required(messagesRequest));
  return markdownTable(
    ['Field', 'Type', 'Nullable', 'Notes'],
    properties(messagesRequest).map(([name, schema]) => [
      code(name),
      phrase(schema, contractNames),
      acceptsNull(schema) ? 'yes' : 'no',
      [described(schema), needed.has(name) ? 'Required.' : '', saved.has(name) ? '' : 'Not persisted.']
        .filter((note) => note !== '')
        .join(' '),
    ]),
  );
}

/** A property of a block as a cell: its name and, but for a named schema, its type in a few words. */
function propertyCell([name, schema]: [string, Schema]): string {
  const text = phrase(schema, contractNames);
  const nullable = acceptsNull(schema) ? ' or null' : '';
  return `${code(name)} (${text}${nullable})`;
}

/** One row per kind of content block, in the order of the union's branches (contract: messages). */
export function blockKindsTable(): string {
  return markdownTable(
    ['`type`', 'Required', 'Optional'],
    contentBlock.oneOf.map((branch: Schema) => {
      const own = properties(branch).filter(([name]) => name !== 'type');
      const needed = new Set(required(branch));
      return [
        spelled(tagValues(branch, 'type')!.map(code)),
        own
          .filter(([name]) => needed.has(name))
          .map(propertyCell)
          .join(', '),
        own
          .filter(([name]) => !needed.has(name))
          .map(propertyCell)
          .join(', '),
      ];
    }),
  );
}

/** A list item cut into lines of the pages' width, as Prettier leaves prose it does not wrap. */
export function wrapped(item: string, width = 110): string {
  const lines = [''];
  for (const word of item.split(' ')) {
    const last = lines.at(-1)!;
    if (last !== '' && last.length + 1 + word.length > width) lines.push(`  ${word}`);
    else lines[lines.length - 1] = last === '' ? word : `${last} ${word}`;
  }
  return lines.join('\n');
}

/** The request fields a preset persists, and those it drops, as written in the preset-config schema. */
export function presetConfigKeysList(): string {
  const saved = Object.keys(presetConfigProperties);
  const dropped = Object.keys(messagesRequest.properties).filter((name) => !saved.includes(name));
  return [
    wrapped(`- Persisted: ${saved.map(code).join(', ')}.`),
    wrapped(`- Dropped: ${dropped.map(code).join(', ')}, and every field the request schema does not name.`),
  ].join('\n');
}

/** The keywords that bound a value, as the limits table lists them. */
export const limitKeywords = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'maxTotalLength',
  'pattern',
] as const;

/** A step from a schema to a part of it: a property, an array's items, or the branch of a union. */
type Step = { property: string } | { items: true } | { tag: string; values: string[] };

interface Bound {
  steps: Step[];
  sentences: string[];
}

/** The sentences of the issues a value past a schema's own limits gets, safe-integer bounds aside. */
function limitSentences(schema: Schema): string[] {
  return limitKeywords.flatMap((keyword) => {
    const limit = schema[keyword];
    if (limit === undefined || limit === MAX_SAFE_INTEGER || limit === -MAX_SAFE_INTEGER) return [];
    const params = keyword === 'pattern' ? { pattern: limit } : { limit };
    const description = schema['description'];
    const sentence = issueSentence({ keyword, params }, () =>
      typeof description === 'string' ? description : undefined,
    );
    return sentence === undefined ? [] : [sentence];
  });
}

/** Every bounded value of a schema, with the steps that lead to it; a schema met again on its own path is not entered. */
function bounds(schema: Schema, steps: Step[] = [], path: readonly Schema[] = []): Bound[] {
  if (path.includes(schema)) return [];
  const within = [...path, schema];
  const sentences = limitSentences(schema);
  const found: Bound[] = sentences.length > 0 ? [{ steps, sentences }] : [];
  for (const [name, value] of properties(schema))
    found.push(...bounds(value, [...steps, { property: name }], within));
  const items = asSchema(schema['items']);
  if (items !== undefined) found.push(...bounds(items, [...steps, { items: true }], within));
  const tag = asSchema(schema['discriminator'])?.['propertyName'];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches.map(asSchema)) {
      if (branch === undefined) continue;
      // A branch of a tagged union is named by its tag; another union's branches share their place.
      const values = typeof tag === 'string' ? tagValues(branch, tag) : undefined;
      found.push(...bounds(branch, values ? [...steps, { tag: tag as string, values }] : steps, within));
    }
  }
  for (const key of ['then', 'else'] as const) {
    const branch = asSchema(schema[key]);
    if (branch !== undefined) found.push(...bounds(branch, steps, within));
  }
  return found;
}

/** Where a bounded value sits: `` `plugins[]` of `id` `fusion`: `analysis_models` ``. */
function place(steps: readonly Step[]): string {
  const parts: string[] = [];
  let path = '';
  for (const step of steps) {
    if ('property' in step) path += path === '' ? step.property : `.${step.property}`;
    else if ('items' in step) path += '[]';
    else {
      parts.push(`${code(path)} of \`${step.tag}\` ${spelled(step.values.map(code))}`);
      path = '';
    }
  }
  if (path !== '') parts.push(code(path));
  return parts.join(': ');
}

/** Bounds at the same place of branches that share it (two routers' `allowed_models`) as one row. */
function merged(found: readonly Bound[]): { where: string; rule: string }[] {
  const rows = new Map<string, { steps: Step[]; sentences: string[] }>();
  for (const { steps, sentences } of found) {
    const key = JSON.stringify([steps.map((step) => ('tag' in step ? step.tag : step)), sentences]);
    const row = rows.get(key);
    if (row === undefined) {
      rows.set(key, {
        steps: steps.map((step) => ('tag' in step ? { ...step, values: [...step.values] } : step)),
        sentences,
      });
      continue;
    }
    row.steps.forEach((step, index) => {
      const other = steps[index]!;
      if ('tag' in step && 'tag' in other)
        for (const value of other.values) if (!step.values.includes(value)) step.values.push(value);
    });
  }
  return [...rows.values()].map(({ steps, sentences }) => ({
    where: place(steps),
    rule: sentences.join('; '),
  }));
}

const MiB = 1024 * 1024;

/** The limits of a request, before its schema (contract: body-limits) and in it, with the answer past each. */
export function limitsTable(): string {
  const body = [
    [
      'request body',
      `${DEFAULT_MAX_BODY_BYTES / MiB} MiB (${DEFAULT_MAX_BODY_BYTES} bytes of UTF-8) by default, configurable`,
      `413 ${code(statusMessages[413])}`,
    ],
    [
      'nesting depth of any JSON value',
      `${DEFAULT_MAX_DEPTH} levels, the root object being level 1`,
      `400, ${code(tooDeepMessage(DEFAULT_MAX_DEPTH))}`,
    ],
    ['issues per error body', String(MAX_ISSUES), 'the rest are not reported'],
    ['integers', `-${MAX_SAFE_INTEGER} to ${MAX_SAFE_INTEGER} (2^53 - 1)`, '400'],
  ];
  const request = merged(bounds(messagesRequest)).map(({ where, rule }) => [where, rule, '400']);
  const params = Object.entries(paramsSchemas).flatMap(([id, schema]) => {
    const status = String(badParamStatus((operations as Record<string, Operation>)[id]!));
    return merged(bounds(schema)).map(({ where, rule }) => [`path ${where} of ${code(id)}`, rule, status]);
  });
  return markdownTable(['Value', 'Limit', 'Past it'], [...body, ...request, ...params]);
}

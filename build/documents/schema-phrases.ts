import { MAX_SAFE_INTEGER } from '../../schemas/shared.js';
import { isJsonObject } from '../../src/core/json-object.js';

/**
 * A schema said in a few words for the contract's tables (`string, at most 256 characters`, `array of
 * [Tool](#tools)`), read from its keywords, so a table states a type or a limit only where the schema does.
 */

export type Schema = Readonly<Record<string, unknown>>;

/** Schemas that have a section or a paragraph of their own, by object: a table names them by it. */
export type SchemaNames = ReadonlyMap<unknown, string>;

const code = (text: string) => `\`${text}\``;

export function asSchema(value: unknown): Schema | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** `a`, `a or b`, `a, b or c`. */
export function spelled(parts: readonly string[], last = 'or'): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} ${last} ${parts.at(-1)}`;
}

function types(schema: Schema): string[] {
  const type = schema['type'];
  return Array.isArray(type) ? type.map(String) : type === undefined ? [] : [String(type)];
}

/** Does the schema accept null (a nullable field)? */
export function acceptsNull(schema: Schema): boolean {
  const values = schema['enum'];
  return types(schema).includes('null') || (Array.isArray(values) && values.includes(null));
}

/** The values of a tag property of a union's branch (`type: { enum: ['text'] }`), if it has one. */
export function tagValues(branch: Schema, tag: string): string[] | undefined {
  const values = asSchema(asSchema(branch['properties'])?.[tag])?.['enum'];
  return Array.isArray(values) ? values.map(String) : undefined;
}

/** `at least 1`, `at most 3`, `1 to 8`, with the noun when the limit counts something. */
function range(minimum: unknown, maximum: unknown, noun = ''): string | undefined {
  const counted = (limit: unknown) =>
    noun === '' ? String(limit) : `${limit} ${noun}${limit === 1 ? '' : 's'}`;
  if (minimum !== undefined && maximum !== undefined) return `${minimum} to ${counted(maximum)}`;
  if (minimum !== undefined) return `at least ${counted(minimum)}`;
  if (maximum !== undefined) return `at most ${counted(maximum)}`;
  return undefined;
}

/** A numeric bound, unless it is only the safe-integer range every integer has (contract: numbers). */
function bound(schema: Schema, keyword: 'minimum' | 'maximum'): unknown {
  const value = schema[keyword];
  return value === MAX_SAFE_INTEGER || value === -MAX_SAFE_INTEGER ? undefined : value;
}

function withLimit(text: string, limit: string | undefined): string {
  return limit === undefined ? text : `${text}, ${limit}`;
}

/** The schema in a few words, without `null` (a table says nullable in its own column). */
export function phrase(schema: Schema, names: SchemaNames): string {
  const name = names.get(schema);
  if (name !== undefined) return name;
  const values = schema['enum'];
  if (Array.isArray(values))
    return spelled(values.filter((value) => value !== null).map((v) => code(String(v))));
  const own = types(schema).filter((type) => type !== 'null');
  const parts = own.map((type) => typePhrase(type, schema, names));
  if (parts.length === 0) {
    const kinds = kindsOf(schema);
    return kinds === undefined ? 'any JSON value' : `object of \`type\` ${spelled(kinds)}`;
  }
  return spelled(parts);
}

function typePhrase(type: string, schema: Schema, names: SchemaNames): string {
  switch (type) {
    case 'string':
      return withLimit('string', range(schema['minLength'], schema['maxLength'], 'character'));
    case 'integer':
    case 'number':
      return withLimit(type, range(bound(schema, 'minimum'), bound(schema, 'maximum')));
    case 'array': {
      const items = asSchema(schema['items']);
      const of = items === undefined ? 'array' : `array of ${itemPhrase(items, names)}`;
      return withLimit(of, range(schema['minItems'], schema['maxItems'], 'item'));
    }
    case 'object': {
      const kinds = kindsOf(schema);
      if (kinds !== undefined) return `object of \`type\` ${spelled(kinds)}`;
      const properties = Object.keys(asSchema(schema['properties']) ?? {});
      return properties.length > 0 && properties.length <= 2
        ? code(`{ ${properties.join(', ')} }`)
        : 'object';
    }
    default:
      return type;
  }
}

/**
 * The closed lists of a shape's own properties besides its tag, as `` (`media_type` `image/png` or `image/gif`) ``,
 * so a table states a block's media types where the schema does and prose need not repeat them.
 */
function closedLists(shape: Schema): string {
  const lists = Object.entries(asSchema(shape['properties']) ?? {})
    .filter(([name]) => name !== 'type')
    .map(([name, property]) => [name, asSchema(property)?.['enum']] as const)
    .filter((entry): entry is readonly [string, unknown[]] => Array.isArray(entry[1]))
    .map(
      ([name, values]) =>
        `${code(name)} ${spelled(values.filter((v) => v !== null).map((v) => code(String(v))))}`,
    );
  return lists.length === 0 ? '' : ` (${lists.join('; ')})`;
}

/**
 * The `type` values an object or a union of objects may take, when every shape names its own, each with the
 * closed lists of its shape.
 */
function kindsOf(schema: Schema): string[] | undefined {
  const branches = schema['oneOf'] ?? schema['anyOf'];
  const shapes = Array.isArray(branches) ? branches.map((branch) => asSchema(branch) ?? {}) : [];
  const tags = shapes.map((shape) => tagValues(shape, 'type'));
  if (shapes.length > 0 && tags.every((values) => values !== undefined))
    return shapes.flatMap((shape, index) => tags[index]!.map((tag) => `${code(tag)}${closedLists(shape)}`));
  const own = tagValues(schema, 'type');
  return own?.map((tag) => `${code(tag)}${closedLists(schema)}`);
}

/** An array's item: a named schema, objects by their `type`, or its phrase in the plural. */
function itemPhrase(items: Schema, names: SchemaNames): string {
  const name = names.get(items);
  if (name !== undefined) return name;
  const text = phrase(items, names);
  if (text.startsWith('object')) return `${text.replace(/^object/, 'objects')}`;
  return /^(string|integer|number|boolean)$/.test(text) ? `${text}s` : text;
}

import { createHash } from 'node:crypto';
import { pointerSegments } from '../../src/core/json-pointer.js';
import type { NameOf } from '../../src/core/schema-refs.js';
import { exportName } from '../validator-names.js';

/**
 * Build time: the name of a place in the schemas, from its path (the root, then the properties and union branches
 * that lead to it), so the code compiled for it keeps its name when another part of the schemas changes, where
 * Ajv's counter (`validate12`) renumbers every function after a new one.
 */

/** Labels longer than this keep the root and the end of the path, and a digest of the whole path. */
const MAX_LABEL = 64;

/** Keywords whose next segment is a name of the schema's own (a property, a definition). */
const namedMaps = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords whose next segment is the index of a branch. */
const branchLists = new Set(['oneOf', 'anyOf', 'allOf']);

/** `text` with every character an identifier cannot hold as `_`. */
const identifierPart = (text: string) => text.replace(/[^A-Za-z0-9_$]/g, '_');

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The tag a branch of a discriminated union is selected by (its one value of the discriminator's property), or
 * undefined: a branch named by its tag keeps its name when another is added before it.
 */
function branchTag(union: Node, branch: unknown): string | undefined {
  const discriminator = union['discriminator'];
  const tag = isObject(discriminator) ? discriminator['propertyName'] : undefined;
  const properties = isObject(branch) ? branch['properties'] : undefined;
  const schema = typeof tag === 'string' && isObject(properties) ? properties[tag] : undefined;
  if (!isObject(schema)) return undefined;
  const values = 'const' in schema ? [schema['const']] : schema['enum'];
  return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : undefined;
}

/**
 * The place `origin` (`<root>#<JSON Pointer>`) names in `schemas`: its label, an identifier made of the root's
 * export name, then each property's name and each union branch's tag (or `oneOf3` where it has none), the words
 * of any other keyword but `items` (`messages-request#/properties/messages/items/properties/content` is
 * `messagesRequest_messages_content`); and its pointer with each tagged branch's index replaced by its tag, which
 * tells two places apart as the pointer does but stays the same when a union gains a branch before it.
 */
function schemaPlace(
  origin: string,
  schemas: Readonly<Record<string, object>>,
): { words: string[]; place: string } {
  const hash = origin.indexOf('#');
  const root = hash < 0 ? origin : origin.slice(0, hash);
  const segments = hash < 0 ? [] : pointerSegments(origin.slice(hash + 1));
  const parts: string[] = [];
  const place: string[] = [];
  let node: unknown = schemas[root];
  for (let i = 0; i < segments.length; i++) {
    const keyword = segments[i]!;
    const parent = isObject(node) ? node : {};
    const value = parent[keyword];
    if (namedMaps.has(keyword) && i + 1 < segments.length) {
      const name = segments[++i]!;
      parts.push(keyword === 'patternProperties' ? `pattern${digest(name)}` : name);
      place.push(keyword, name);
      node = isObject(value) ? value[name] : undefined;
    } else if (branchLists.has(keyword) && i + 1 < segments.length) {
      const index = segments[++i]!;
      const branch = Array.isArray(value) ? (value[Number(index)] as unknown) : undefined;
      const tag = branchTag(parent, branch);
      parts.push(tag ?? `${keyword}${index}`);
      place.push(keyword, tag === undefined ? index : `=${tag}`);
      node = branch;
    } else {
      if (keyword !== 'items') parts.push(keyword);
      place.push(keyword);
      node = value;
    }
  }
  return { words: [exportName(root), ...parts].map(identifierPart), place: JSON.stringify([root, ...place]) };
}

/** The label of the place `origin` names in `schemas` (see `schemaPlace`), at most `MAX_LABEL` long. */
export function schemaLabel(origin: string, schemas: Readonly<Record<string, object>>): string {
  const { words, place } = schemaPlace(origin, schemas);
  const label = words.join('_');
  if (label.length <= MAX_LABEL) return label;
  // The root, the digest, and as many of the last words as fit.
  const suffix = `_${digest(place)}`;
  let tail = '';
  for (let i = words.length - 1; i > 0; i--) {
    const longer = `_${words[i]}${tail}`;
    if (words[0]!.length + longer.length + suffix.length > MAX_LABEL) break;
    tail = longer;
  }
  return `${words[0]}${tail}${suffix}`;
}

/**
 * Names for the subschemas `splitSchemas` hoists out of `schemas`: each its label, and a digest of its place
 * where another took that label first (two paths whose words are alike).
 */
export function labelNames(schemas: Readonly<Record<string, object>>): NameOf {
  const taken = new Set<string>();
  return (origin) => {
    const label = schemaLabel(origin, schemas);
    const name = taken.has(label) ? `${label}_${digest(schemaPlace(origin, schemas).place)}` : label;
    taken.add(name);
    return name;
  };
}

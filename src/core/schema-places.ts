import { FNV_OFFSET_BASIS, hashUnits } from './fnv-1a.js';
import { pointerSegments } from './json-pointer.js';

/*
 * The place of a subschema, named by what leads to it rather than by position: each property's name and each
 * union branch's tag, so a name given from it (a hoisted definition's, a generated function's) stays the same
 * when a union gains a branch before it. The build names the precompiled validators' functions from it
 * (build/standalone/schema-labels.ts), and `withSharedRefs` the definitions it hoists.
 */

/** Keywords whose next segment is a name of the schema's own (a property, a definition). */
const namedMaps = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords whose next segment is the index of a branch. */
const branchLists = new Set(['oneOf', 'anyOf', 'allOf']);

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** FNV-1a over the UTF-16 code units of `text`, as 8 hex digits: a short name for a text that stays the same. */
export function textDigest(text: string): string {
  return (hashUnits(text, 0, text.length, FNV_OFFSET_BASIS) >>> 0).toString(16).padStart(8, '0');
}

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

export interface SchemaPlace {
  /** The root's name, as `origin` gives it. */
  root: string;
  /**
   * The words of the path: each property's name and each union branch's tag (or `oneOf3` where it has none), a
   * `patternProperties` key as `pattern` and a digest, and any other keyword but `items` as itself.
   */
  words: string[];
  /** The pointer with each tagged branch's index replaced by `=tag`: unique, as the pointer is, but stable. */
  place: string;
}

/** The place `origin` (`<root>#<JSON Pointer>`) names in `schemas`. */
export function schemaPlace(origin: string, schemas: Readonly<Record<string, object>>): SchemaPlace {
  const hash = origin.indexOf('#');
  const root = hash < 0 ? origin : origin.slice(0, hash);
  const segments = hash < 0 ? [] : pointerSegments(origin.slice(hash + 1));
  const words: string[] = [];
  const place: string[] = [];
  let node: unknown = schemas[root];
  for (let i = 0; i < segments.length; i++) {
    const keyword = segments[i]!;
    const parent = isObject(node) ? node : {};
    const value = parent[keyword];
    if (namedMaps.has(keyword) && i + 1 < segments.length) {
      const name = segments[++i]!;
      words.push(keyword === 'patternProperties' ? `pattern${textDigest(name)}` : name);
      place.push(keyword, name);
      node = isObject(value) ? value[name] : undefined;
    } else if (branchLists.has(keyword) && i + 1 < segments.length) {
      const index = segments[++i]!;
      const branch = Array.isArray(value) ? (value[Number(index)] as unknown) : undefined;
      const tag = branchTag(parent, branch);
      words.push(tag ?? `${keyword}${index}`);
      place.push(keyword, tag === undefined ? index : `=${tag}`);
      node = branch;
    } else {
      if (keyword !== 'items') words.push(keyword);
      place.push(keyword);
      node = value;
    }
  }
  return { root, words, place: JSON.stringify([root, ...place]) };
}

/** `text` with every character an identifier cannot hold as `_`. */
export const identifierPart = (text: string) => text.replace(/[^A-Za-z0-9_$]/g, '_');

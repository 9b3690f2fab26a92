import { schemaLists, schemaMaps, schemaValues } from './schema-keywords.js';
import { isJsonObject } from './json-object.js';
import { pointerSegment } from './json-pointer.js';
import { identifierPart, schemaPlace, textDigest } from './schema-places.js';

/**
 * Ajv inlines every subschema into its root's one function; a schema composed by import (hundreds of KB of
 * generated code) then never gets optimised by V8. This splits schemas at compile time: each sizable object
 * subschema becomes a definition behind a `$ref`, so Ajv emits one small function per concept, shared by
 * identity wherever the same object was imported, across every root compiled together.
 */

type Node = Record<string, unknown>;

/** Subschemas whose JSON is at least this long get a function of their own. */
const HOIST_AT_LENGTH = 600;

/**
 * Keywords whose values are themselves schemas or maps/lists of schemas: those of both drafts, and the draft-07
 * `definitions` and `items` (whose list form the walk leaves as it is).
 */
const mapKeywords: ReadonlySet<string> = new Set([...schemaMaps, 'definitions']);
const valueKeywords: ReadonlySet<string> = new Set([...schemaValues, 'items']);

/** Annotations that validation never reads; dropped so generated code carries no prose. */
const annotations = new Set(['description', 'default', 'deprecated', 'examples', 'title']);

export interface SplitSchemas {
  /** The roots, by name, with sizable subschemas replaced by `$ref`s into `definitions`. */
  roots: Record<string, object>;
  /** The hoisted subschemas, by generated name (`s0`, `s1`, ... unless `nameOf` names them). */
  definitions: Record<string, object>;
}

/** Where a `$ref` to a hoisted subschema points: by default `#/definitions/sN` of the root itself. */
export type RefTo = (name: string) => string;

const localRef: RefTo = (name) => `#/definitions/${name}`;

/**
 * The name of a hoisted subschema, from where it was first met (its root's name and the JSON Pointer in it,
 * `messages-request#/properties/messages/items`) and how many were hoisted before it.
 */
export type NameOf = (origin: string, index: number) => string;

/**
 * Splits roots into small schemas joined by `$ref`. `refTo` names the target of each ref; a caller that
 * registers every definition as a schema of its own (`ajv.addSchema(definition, refTo(name))`) gets one
 * function per definition shared by every root, where refs into one shared document would make Ajv compile
 * each definition again for every root that reaches it. A `pattern`'s description is kept: error sentences
 * read it.
 */
export function splitSchemas(
  roots: Record<string, object>,
  refTo: RefTo = localRef,
  nameOf: NameOf = (_, index) => `s${index}`,
): SplitSchemas {
  const definitions: Record<string, object> = {};
  const names = new Map<object, string>();
  const taken = new Set<string>();
  const sizes = new Map<object, number>();
  const sizeOf = (node: object): number => {
    let size = sizes.get(node);
    if (size === undefined) sizes.set(node, (size = JSON.stringify(node).length));
    return size;
  };

  const visit = (node: unknown, path: string, keyword?: string): unknown => {
    if (!isJsonObject(node)) return node;
    // The items of one array stay in the array's function: a loop that calls a function per item pays for a
    // call V8 will not inline when the item's checks are many. Items shared with another place are hoisted.
    const loopBody = keyword === 'items' && (uses.get(node) ?? 0) === 1;
    // Only a subschema that states its own `type` reads the same on its own as inside its parent.
    if ('type' in node && sizeOf(node) >= HOIST_AT_LENGTH && !loopBody) {
      let name = names.get(node);
      if (name === undefined) {
        name = nameOf(path, names.size);
        if (taken.has(name)) throw new Error(`two subschemas are named ${name}`);
        taken.add(name);
        names.set(node, name);
        definitions[name] = rewrite(node, path);
      }
      return { $ref: refTo(name) };
    }
    return rewrite(node, path);
  };

  const rewrite = (node: Node, path: string): Node => {
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (annotations.has(key) && !(key === 'description' && 'pattern' in node)) continue;
      const at = `${path}/${key}`;
      if (mapKeywords.has(key) && isJsonObject(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, child]) => [name, visit(child, `${at}/${pointerSegment(name)}`)]),
        );
      } else if (schemaLists.has(key) && Array.isArray(value)) {
        out[key] = value.map((child, index) => visit(child, `${at}/${index}`));
      } else if (valueKeywords.has(key)) {
        out[key] = visit(value, at, key);
      } else {
        out[key] = value;
      }
    }
    return out;
  };

  const uses = new Map<object, number>();
  const count = (node: unknown): void => {
    if (!isJsonObject(node)) return;
    uses.set(node, (uses.get(node) ?? 0) + 1);
    if (uses.get(node)! > 1) return;
    for (const [key, value] of Object.entries(node)) {
      if (mapKeywords.has(key) && isJsonObject(value)) Object.values(value).forEach(count);
      else if (schemaLists.has(key) && Array.isArray(value)) value.forEach(count);
      else if (valueKeywords.has(key)) count(value);
    }
  };
  Object.values(roots).forEach(count);

  const split = Object.fromEntries(
    Object.entries(roots).map(([name, root]) => [name, rewrite(root as Node, `${name}#`)]),
  );
  return { roots: split, definitions };
}

/**
 * Names for the subschemas hoisted out of `schemas` from their places (the words of the path, and a digest of
 * the place where two read alike), so a definition keeps its name, and an error's `schemaPath` through it stays
 * the same, when a union gains a branch before it.
 */
function placeNames(schemas: Readonly<Record<string, object>>): NameOf {
  const taken = new Set<string>();
  return (origin) => {
    const { root, words, place } = schemaPlace(origin, schemas);
    const label = [root, ...words].map(identifierPart).join('_');
    const name = taken.has(label) ? `${label}_${textDigest(place)}` : label;
    taken.add(name);
    return name;
  };
}

/** One schema split on its own, its definitions inside it, each named by its place. */
export function withSharedRefs(root: object): object {
  const { roots, definitions } = splitSchemas({ root }, localRef, placeNames({ root }));
  return Object.keys(definitions).length === 0 ? roots['root']! : { ...roots['root'], definitions };
}

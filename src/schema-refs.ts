/**
 * Ajv inlines every subschema into its root's one function; a schema composed by import (hundreds of KB of
 * generated code) then never gets optimised by V8. This splits it at compile time: each sizable object
 * subschema becomes a definition behind a `$ref`, so Ajv emits one small function per concept, shared by
 * identity wherever the same object was imported.
 */

type Node = Record<string, unknown>;

/** Subschemas whose JSON is at least this long get a function of their own. */
const HOIST_AT_LENGTH = 600;

/** Keywords whose values are themselves schemas or maps/lists of schemas. */
const schemaMaps = new Set(['properties', 'patternProperties', 'definitions']);
const schemaLists = new Set(['oneOf', 'anyOf', 'allOf']);
const schemaValues = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

function isObject(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function withSharedRefs(root: object): object {
  const definitions: Record<string, object> = {};
  const names = new Map<object, string>();
  const sizes = new Map<object, number>();
  const sizeOf = (node: object): number => {
    let size = sizes.get(node);
    if (size === undefined) sizes.set(node, (size = JSON.stringify(node).length));
    return size;
  };

  const visit = (node: unknown, isRoot = false): unknown => {
    if (!isObject(node)) return node;
    // Only a subschema that states its own `type` reads the same on its own as inside its parent.
    if (!isRoot && 'type' in node && sizeOf(node) >= HOIST_AT_LENGTH) {
      let name = names.get(node);
      if (name === undefined) {
        name = `s${names.size}`;
        names.set(node, name);
        definitions[name] = rewrite(node);
      }
      return { $ref: `#/definitions/${name}` };
    }
    return rewrite(node);
  };

  const rewrite = (node: Node): Node => {
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (schemaMaps.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, visit(child)]));
      } else if (schemaLists.has(key) && Array.isArray(value)) {
        out[key] = value.map((child) => visit(child));
      } else if (schemaValues.has(key)) {
        out[key] = visit(value);
      } else {
        out[key] = value;
      }
    }
    return out;
  };

  const top = rewrite(root as Node);
  return names.size === 0 ? top : { ...top, definitions };
}

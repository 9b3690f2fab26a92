import { schemaLists, schemaMaps, schemaValues } from '../../src/core/schema-keywords.js';
import { isJsonObject } from '../../src/core/json-object.js';
import { customTool, genericTool } from '../../schemas/tool.js';
import { trace } from '../../schemas/trace.js';
import { modelEndpoint } from '../../schemas/model-endpoints.js';

/**
 * The strict profile's schemas (docs/contract.md#unknown-properties): every object whose shape is known, one
 * that lists its `properties`, accepts those alone. Free-form values stay open: an object without `properties`
 * (a tool's input, an output format's schema, a result's content) is left as it is, and so are the objects
 * listed in `openObjects`, whose known keys are a part of what they hold.
 */

type Node = Record<string, unknown>;

/** Objects that list some keys yet stay open in every profile, by identity. */
const openObjects: ReadonlySet<object> = new Set([
  // Custom metadata for the observability destinations travels beside the known keys.
  trace,
  // A JSON Schema: its keywords beyond `type`, `properties` and `required` are the schema author's.
  customTool.properties.input_schema,
  // A tool kind this contract does not know yet is passed through as sent.
  genericTool,
  // The contract lists 4 of the public API's price keys; the public API sends more (`audio`, `discount`, ...).
  modelEndpoint.properties.pricing,
]);

/** Subschemas that test a value rather than describe its shape: closing them would change what they test. */
const testKeywords: ReadonlySet<string> = new Set(['if', 'not', 'propertyNames', 'contains']);

function describesObject(node: Node): boolean {
  const type = node['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/**
 * Whether the node is closed here: a known shape with nothing of its own deciding about other keys. A node with
 * union branches (`oneOf`, `anyOf`, `allOf`) leaves the closing to each branch, which lists the keys it accepts.
 */
function closes(node: Node): boolean {
  return (
    describesObject(node) &&
    isJsonObject(node['properties']) &&
    !openObjects.has(node) &&
    !('additionalProperties' in node) &&
    !('patternProperties' in node) &&
    ![...schemaLists].some((keyword) => keyword in node)
  );
}

/**
 * The schemas with every known shape closed. Each object is transformed once and shared wherever the original
 * was (the split into shared definitions keys on identity); `inherited` are the property names a union's
 * parent declares beside its branches, which each branch then accepts too.
 */
export function strictSchemas(schemas: Record<string, object>): Record<string, object> {
  const done = new Map<object, Node>();
  const visit = (node: unknown, fromParent: readonly string[] = []): unknown => {
    if (!isJsonObject(node)) return node;
    const own = isJsonObject(node['properties']) ? Object.keys(node['properties']) : [];
    const inherited = fromParent.filter((name) => !own.includes(name));
    const known = inherited.length === 0 ? done.get(node) : undefined;
    if (known !== undefined) return known;
    const out: Node = {};
    const forBranches = [...inherited, ...own];
    for (const [key, value] of Object.entries(node)) {
      if (schemaMaps.has(key) && isJsonObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, visit(child)]));
      } else if (schemaLists.has(key) && Array.isArray(value)) {
        out[key] = value.map((branch) => visit(branch, forBranches));
      } else if (key === 'then' || key === 'else') {
        out[key] = visit(value, forBranches);
      } else if (schemaValues.has(key) && !testKeywords.has(key)) {
        out[key] = visit(value);
      } else if (key === 'items') {
        out[key] = visit(value);
      } else {
        out[key] = value;
      }
    }
    if (closes(node)) {
      if (inherited.length > 0) {
        const listed = out['properties'] as Node;
        out['properties'] = { ...listed, ...Object.fromEntries(inherited.map((name) => [name, true])) };
      }
      out['additionalProperties'] = false;
    }
    if (inherited.length === 0) done.set(node, out);
    return out;
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, visit(schema) as object]));
}

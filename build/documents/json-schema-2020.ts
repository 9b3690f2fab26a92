import { portablePattern } from './portable-pattern.js';
import { schemaLists, schemaMaps, schemaValues } from '../../src/core/schema-keywords.js';
import { isJsonObject } from '../../src/core/json-object.js';

/**
 * Turns the schema objects of schemas/ (draft-07 class, as Ajv compiles them) into standalone JSON Schema 2020-12
 * documents for services that do not run this library. The verdict stays the same on every JSON value (the
 * differential test holds the emitted files to it); the spelling changes where the drafts differ:
 *
 * - `dependencies` becomes `dependentSchemas` (schema form) or `dependentRequired` (list form);
 * - `items` as a list becomes `prefixItems`, and `additionalItems` then becomes `items`;
 * - Ajv's `discriminator` is dropped: it only makes Ajv dispatch faster, and every branch of the `oneOf` it sits
 *   beside already pins its tag with an `enum`, which any validator reads;
 * - a `oneOf` of one branch becomes an `allOf` of it, the same verdict, which OpenAPI linters accept;
 * - the custom keyword `maxTotalLength` (contract: router-patterns) stays, as the annotation every 2020-12
 *   validator collects unknown keywords as; the node's `description` says so, since only this library
 *   enforces it;
 * - a `number` without bounds gets the largest finite double as its bounds (contract: numbers), so that a
 *   value past them (1e400, which JSON.parse reads as Infinity and Python as inf) fails everywhere as it fails
 *   here;
 * - `pattern`s, and the keys of `patternProperties`, are respelled to mean the same in other engines
 *   (build/documents/portable-pattern.ts).
 *
 * Subschemas that `nameOf` names go into `$defs` behind a `$ref`, once per document, so that an OpenAPI
 * document can list them as components; without names a document is one self-contained object.
 */

export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

type Node = Record<string, unknown>;

/** Keywords that hold no subschema and mean the same in draft-07 and 2020-12. */
const sameKeywords = new Set([
  'type',
  'enum',
  'const',
  'description',
  'title',
  'default',
  'deprecated',
  'examples',
  'readOnly',
  'writeOnly',
  '$comment',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
  'format',
  'contentEncoding',
  'contentMediaType',
]);

/** The one custom keyword of the schemas (src/core/ajv.ts; contract: router-patterns); others only collect it. */
export const CUSTOM_KEYWORD = 'maxTotalLength';

const CUSTOM_KEYWORD_NOTE =
  'The keyword `maxTotalLength` is enforced by the gateway-contract library only; other JSON Schema validators ignore it.';

/**
 * The largest finite JSON number a double holds (contract: numbers); bounds at it reject only what overflows to
 * Infinity.
 */
const LARGEST_DOUBLE = Number.MAX_VALUE;

function mapValues(map: unknown, convert: (child: unknown) => unknown, where: string): Node {
  if (!isJsonObject(map)) throw new Error(`${where} is not an object`);
  return Object.fromEntries(Object.entries(map).map(([name, child]) => [name, convert(child)]));
}

function hasType(node: Node, type: string): boolean {
  return node['type'] === type || (Array.isArray(node['type']) && node['type'].includes(type));
}

/** The `$ref` to a definition of the document being built. */
export function definitionRef(name: string): string {
  return `#/$defs/${name}`;
}

interface Definition {
  schema: Node;
  /** The definitions this one refers to directly. */
  refs: Set<string>;
}

export class Draft2020Converter {
  private readonly definitions = new Map<string, Definition>();
  private readonly definitionSources = new Map<string, object>();

  /** `nameOf` names the subschemas that become definitions; each name must belong to one object only. */
  constructor(private readonly nameOf: (node: object) => string | undefined) {}

  /**
   * A complete 2020-12 document: `$schema`, `$id`, `title`, the root's own keywords, then the definitions it
   * reaches. `description` is used where the root has none of its own.
   */
  document(root: object, id: string, title: string, description?: string): Node {
    const refs = new Set<string>();
    if (!isJsonObject(root)) throw new Error(`the root ${id} is not a schema object`);
    const body = this.convertKeywords(root, refs, '#');
    const reached = this.closure(refs);
    return {
      $schema: JSON_SCHEMA_2020_12,
      $id: id,
      title,
      ...(description === undefined ? {} : { description }),
      ...body,
      ...(reached.length === 0
        ? {}
        : { $defs: Object.fromEntries(reached.map((name) => [name, this.definitions.get(name)!.schema])) }),
    };
  }

  /** Every definition converted so far, by name (the union over all documents built). */
  allDefinitions(): Record<string, Node> {
    const names = [...this.definitions.keys()].sort();
    return Object.fromEntries(names.map((name) => [name, this.definitions.get(name)!.schema]));
  }

  /** The names reachable from `refs`, sorted so documents are stable from build to build. */
  private closure(refs: Set<string>): string[] {
    const reached = new Set<string>();
    const pending = [...refs];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (reached.has(name)) continue;
      reached.add(name);
      pending.push(...this.definitions.get(name)!.refs);
    }
    return [...reached].sort();
  }

  private definitionFor(node: Node, name: string, where: string): void {
    const source = this.definitionSources.get(name);
    if (source === node) return;
    if (source !== undefined) throw new Error(`two different subschemas are both named ${name} (${where})`);
    this.definitionSources.set(name, node);
    const definition: Definition = { schema: {}, refs: new Set() };
    this.definitions.set(name, definition);
    definition.schema = this.convertKeywords(node, definition.refs, definitionRef(name));
  }

  private convert(value: unknown, refs: Set<string>, where: string): Node | boolean {
    if (typeof value === 'boolean') return value;
    if (!isJsonObject(value)) throw new Error(`${where} is not a schema`);
    const name = this.nameOf(value);
    if (name !== undefined) {
      this.definitionFor(value, name, where);
      refs.add(name);
      return { $ref: definitionRef(name) };
    }
    return this.convertKeywords(value, refs, where);
  }

  private convertKeywords(node: Node, refs: Set<string>, where: string): Node {
    const child = (key: string) => (value: unknown) => this.convert(value, refs, `${where}/${key}`);
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (sameKeywords.has(key)) out[key] = value;
      else if (key === 'pattern') out[key] = portablePattern(String(value));
      else if (key === 'patternProperties') {
        // Its keys are patterns too, respelled alike, so `"token\n"` matches no name's pattern anywhere.
        const converted = mapValues(value, child(key), `${where}/${key}`);
        out[key] = Object.fromEntries(
          Object.entries(converted).map(([pattern, schema]) => [portablePattern(pattern), schema]),
        );
      } else if (schemaMaps.has(key)) {
        out[key] = mapValues(value, child(key), `${where}/${key}`);
      } else if (key === 'oneOf' && Array.isArray(value) && value.length === 1) {
        // A union of one branch (a tagged union whose second kind is yet to come) is that branch: `allOf` says so
        // without the one-member `oneOf` that OpenAPI linters refuse.
        const branch = this.convert(value[0], refs, `${where}/oneOf/0`);
        out['allOf'] = [...((out['allOf'] as unknown[] | undefined) ?? []), branch];
      } else if (schemaLists.has(key)) {
        if (!Array.isArray(value)) throw new Error(`${where}/${key} is not a list`);
        out[key] = value.map((item, index) => this.convert(item, refs, `${where}/${key}/${index}`));
      } else if (schemaValues.has(key)) out[key] = child(key)(value);
      else if (key === 'items') Object.assign(out, this.convertItems(node, refs, where));
      else if (key === 'additionalItems')
        continue; // read by convertItems; ignored by draft-07 without a list
      else if (key === 'dependencies') Object.assign(out, this.convertDependencies(value, refs, where));
      else if (key === 'discriminator') continue;
      else if (key === CUSTOM_KEYWORD) out[key] = value;
      else {
        // schemas/ compose by import, so `$ref`, `definitions` and `$id` never appear; neither may anything new.
        throw new Error(`${where} uses ${key}, which the 2020-12 emitter does not know how to convert`);
      }
    }
    if (CUSTOM_KEYWORD in node) {
      const description = typeof node['description'] === 'string' ? node['description'] : '';
      if (!description.includes(CUSTOM_KEYWORD)) {
        out['description'] =
          description === '' ? CUSTOM_KEYWORD_NOTE : `${description} ${CUSTOM_KEYWORD_NOTE}`;
      }
    }
    if (hasType(node, 'number')) {
      if (!('maximum' in node) && !('exclusiveMaximum' in node)) out['maximum'] = LARGEST_DOUBLE;
      if (!('minimum' in node) && !('exclusiveMinimum' in node)) out['minimum'] = -LARGEST_DOUBLE;
    }
    return out;
  }

  private convertItems(node: Node, refs: Set<string>, where: string): Node {
    const items = node['items'];
    if (!Array.isArray(items)) return { items: this.convert(items, refs, `${where}/items`) };
    const out: Node = {
      prefixItems: items.map((item, index) => this.convert(item, refs, `${where}/items/${index}`)),
    };
    if ('additionalItems' in node) {
      out['items'] = this.convert(node['additionalItems'], refs, `${where}/additionalItems`);
    }
    return out;
  }

  private convertDependencies(value: unknown, refs: Set<string>, where: string): Node {
    const dependentSchemas: Node = {};
    const dependentRequired: Node = {};
    for (const [name, dependency] of Object.entries(mapValues(value, (x) => x, `${where}/dependencies`))) {
      if (Array.isArray(dependency)) dependentRequired[name] = dependency;
      else dependentSchemas[name] = this.convert(dependency, refs, `${where}/dependencies/${name}`);
    }
    return {
      ...(Object.keys(dependentSchemas).length > 0 ? { dependentSchemas } : {}),
      ...(Object.keys(dependentRequired).length > 0 ? { dependentRequired } : {}),
    };
  }
}

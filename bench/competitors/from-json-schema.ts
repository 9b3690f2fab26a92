import { isJsonObject } from '../../src/core/json-object.js';
/**
 * One walk over the library's JSON Schemas that hands each keyword to a target library's builders, so that
 * TypeBox and zod are given the same shapes as our validators: every type, limit, enum, tagged union,
 * conditional and the custom `maxTotalLength`. A keyword the walk does not know throws: a schema change can
 * never leave a competitor silently checking less.
 */

export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

export interface StringRules {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface NumberRules {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface ArrayRules {
  minItems?: number;
  maxItems?: number;
  /** The code points summed over the string items (contract: router-patterns), at most this many. */
  maxTotalLength?: number;
}

export interface Property<T> {
  key: string;
  type: T;
  required: boolean;
}

/** What a target library provides; each method returns that library's type for the shape. */
export interface Target<T> {
  any(): T;
  never(): T;
  string(rules: StringRules): T;
  number(rules: NumberRules, integer: boolean): T;
  boolean(): T;
  null(): T;
  array(items: T | undefined, rules: ArrayRules): T;
  /** `additional`: `undefined` leaves unknown keys open, `false` closes the object. */
  object(properties: Property<T>[], additional: T | false | undefined): T;
  /** An object that has every one of `keys`, whatever their values. */
  has(keys: string[]): T;
  literals(values: readonly unknown[]): T;
  union(members: T[]): T;
  /** Members are objects whose `tag` property lists their tag values, that property first. */
  tagged(tag: string, members: T[]): T;
  /** Every member holds for the same value. */
  allOf(members: T[]): T;
  not(inner: T): T;
  conditional(condition: T, then: T, otherwise: T): T;
  /** A subschema met more than once or large: a target may give it a function of its own. */
  shared(type: T, id: string): T;
}

type Node = { readonly [keyword: string]: unknown };

const annotations = new Set(['description', 'default', 'deprecated', 'examples', 'title', '$comment']);
const handled = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'maxTotalLength',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependencies',
  'discriminator',
]);
const objectKeywords = ['properties', 'required', 'additionalProperties'];

/** Subschemas whose JSON is at least this long get a function of their own (as src/core/schema-refs.ts does). */
const SHARE_AT_LENGTH = 600;

const numberOrUndefined = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

export function fromJsonSchema<T>(root: JsonSchema, target: Target<T>): T {
  const converted = new Map<Node, T>();
  const uses = new Map<Node, number>();
  /** Branches of tagged unions, with their tag: the tag property goes first, as a hand-written union has it. */
  const tagOf = new Map<Node, string>();

  const count = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(count);
    if (!isJsonObject(node)) return;
    uses.set(node, (uses.get(node) ?? 0) + 1);
    if ((uses.get(node) ?? 0) > 1) return;
    const tag = isJsonObject(node.discriminator) ? node.discriminator.propertyName : undefined;
    if (typeof tag === 'string' && Array.isArray(node.oneOf)) {
      for (const branch of node.oneOf) if (isJsonObject(branch)) tagOf.set(branch, tag);
    }
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === 'properties' || keyword === 'dependencies') {
        if (isJsonObject(value)) Object.values(value).forEach(count);
      } else if (!annotations.has(keyword) && keyword !== 'enum' && keyword !== 'const') {
        count(value);
      }
    }
  };
  count(root);

  let ids = 0;
  const visit = (schema: unknown): T => {
    if (schema === true) return target.any();
    if (schema === false) return target.never();
    if (!isJsonObject(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    const done = converted.get(schema);
    if (done !== undefined) return done;
    let type = build(schema);
    const share = (uses.get(schema) ?? 0) > 1 || JSON.stringify(schema).length >= SHARE_AT_LENGTH;
    if (share && schema !== root && schema.type !== undefined) type = target.shared(type, `s${ids++}`);
    converted.set(schema, type);
    return type;
  };

  const objectOf = (node: Node): T => {
    const properties = isJsonObject(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const keys = [...new Set([...Object.keys(properties), ...required])];
    const tag = tagOf.get(node);
    if (tag !== undefined && keys.includes(tag)) keys.sort((a, b) => Number(b === tag) - Number(a === tag));
    const members = keys.map((key) => ({
      key,
      type: key in properties ? visit(properties[key]) : target.any(),
      required: required.includes(key),
    }));
    const additional = node.additionalProperties;
    return target.object(
      members,
      additional === undefined ? undefined : additional === false ? false : visit(additional),
    );
  };

  const variant = (node: Node, type: string): T => {
    switch (type) {
      case 'string':
        return target.string({
          minLength: numberOrUndefined(node.minLength),
          maxLength: numberOrUndefined(node.maxLength),
          pattern: typeof node.pattern === 'string' ? node.pattern : undefined,
        });
      case 'integer':
      case 'number':
        return target.number(
          {
            minimum: numberOrUndefined(node.minimum),
            maximum: numberOrUndefined(node.maximum),
            exclusiveMinimum: numberOrUndefined(node.exclusiveMinimum),
            exclusiveMaximum: numberOrUndefined(node.exclusiveMaximum),
          },
          type === 'integer',
        );
      case 'boolean':
        return target.boolean();
      case 'null':
        return target.null();
      case 'array':
        return target.array(node.items === undefined ? undefined : visit(node.items), {
          minItems: numberOrUndefined(node.minItems),
          maxItems: numberOrUndefined(node.maxItems),
          maxTotalLength: numberOrUndefined(node.maxTotalLength),
        });
      case 'object':
        return objectOf(node);
      default:
        throw new Error(`type ${type} is not converted`);
    }
  };

  const build = (node: Node): T => {
    for (const keyword of Object.keys(node)) {
      if (!handled.has(keyword) && !annotations.has(keyword))
        throw new Error(`keyword ${keyword} is not converted`);
    }
    const parts: T[] = [];
    const tag = isJsonObject(node.discriminator) ? String(node.discriminator.propertyName) : undefined;
    // A tagged union's own object schema re-declares the tag, which every branch checks first: only its
    // presence is left to check here.
    const onlyTheTag =
      tag !== undefined &&
      Object.keys(isJsonObject(node.properties) ? node.properties : {}).every((key) => key === tag) &&
      node.additionalProperties === undefined;

    if (Array.isArray(node.enum)) parts.push(target.literals(node.enum));
    else if ('const' in node) parts.push(target.literals([node.const]));
    else if (onlyTheTag) parts.push(target.has([tag]));
    else if (node.type !== undefined) {
      const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
      const variants = types.map((type) => variant(node, type));
      parts.push(variants.length === 1 ? variants[0]! : target.union(variants));
    } else if (node.type === undefined && objectKeywords.some((keyword) => keyword in node)) {
      // Object keywords without `type` (inside `if` and `dependencies`) only ever meet objects here.
      parts.push(objectOf(node));
    }

    if (Array.isArray(node.oneOf)) {
      if (tag === undefined) throw new Error('oneOf without a discriminator is not converted');
      parts.push(target.tagged(tag, node.oneOf.map(visit)));
    }
    if (Array.isArray(node.anyOf)) parts.push(target.union(node.anyOf.map(visit)));
    if (Array.isArray(node.allOf)) parts.push(target.allOf(node.allOf.map(visit)));
    if (node.not !== undefined) parts.push(target.not(visit(node.not)));
    if (node.if !== undefined) {
      const then = node.then === undefined ? target.any() : visit(node.then);
      const otherwise = node.else === undefined ? target.any() : visit(node.else);
      parts.push(target.conditional(visit(node.if), then, otherwise));
    }
    if (isJsonObject(node.dependencies)) {
      for (const [key, dependent] of Object.entries(node.dependencies)) {
        const requires = Array.isArray(dependent) ? target.has(dependent as string[]) : visit(dependent);
        const present = target.has([key]);
        parts.push(target.conditional(present, requires, target.any()));
      }
    }
    if (parts.length === 0) return target.any();
    return parts.length === 1 ? parts[0]! : target.allOf(parts);
  };

  return visit(root);
}

/** The router list total (contract: router-patterns), in code points, as src/core/ajv.ts counts it. */
export function totalLength(items: readonly unknown[]): number {
  let total = 0;
  for (const item of items) {
    if (typeof item !== 'string') continue;
    total += item.length;
    for (let i = 0; i < item.length - 1; i++) {
      if ((item.charCodeAt(i) & 0xfc00) === 0xd800 && (item.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        total--;
        i++;
      }
    }
  }
  return total;
}

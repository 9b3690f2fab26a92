import { z } from 'zod';
import { rootSchemas } from '../../schemas/roots.js';
import type { PayloadKind } from '../../test/fixtures/payloads.js';
import type { Competitor } from './competitor.js';
import { fromJsonSchema, totalLength, type JsonSchema, type Target } from './from-json-schema.js';

/**
 * zod v4 (`safeParse(value).success`). `z.fromJSONSchema` is used where it reads the schema; where it throws
 * (the request's `not` and `dependencies`), the schema goes through our converter instead, written the way a
 * zod user would: objects loose (unknown fields pass through, contract: unknown-properties), tagged unions as
 * `z.discriminatedUnion`, `not`, conditionals and `maxTotalLength` as refinements. (zod 4.6 counts string
 * lengths in code points, as this library does: contract: characters.)
 */

type Zod = z.ZodType;

/** Schemas that only refine: an `allOf` applies them to the other members instead of intersecting. */
const predicates = new WeakMap<Zod, (value: unknown) => boolean>();

function predicate(test: (value: unknown) => boolean): Zod {
  const type = z.unknown().refine(test);
  predicates.set(type, test);
  return type;
}

const passes = (type: Zod) => (value: unknown) => type.safeParse(value).success;

const target: Target<Zod> = {
  any: () => z.unknown(),
  never: () => z.never(),
  string: ({ minLength, maxLength, pattern }) => {
    let type = z.string();
    if (minLength !== undefined) type = type.min(minLength);
    if (maxLength !== undefined) type = type.max(maxLength);
    if (pattern !== undefined) type = type.regex(new RegExp(pattern, 'u'));
    return type;
  },
  number: ({ minimum, maximum, exclusiveMinimum, exclusiveMaximum }, integer) => {
    let type = integer ? z.int() : z.number();
    if (minimum !== undefined) type = type.min(minimum);
    if (maximum !== undefined) type = type.max(maximum);
    if (exclusiveMinimum !== undefined) type = type.gt(exclusiveMinimum);
    if (exclusiveMaximum !== undefined) type = type.lt(exclusiveMaximum);
    return type;
  },
  boolean: () => z.boolean(),
  null: () => z.null(),
  array: (items, { minItems, maxItems, maxTotalLength }) => {
    let type = z.array(items ?? z.unknown());
    if (minItems !== undefined) type = type.min(minItems);
    if (maxItems !== undefined) type = type.max(maxItems);
    if (maxTotalLength === undefined) return type;
    return type.refine((list) => totalLength(list) <= maxTotalLength);
  },
  object: (properties, additional) => {
    const shape = Object.fromEntries(
      properties.map(({ key, type, required }) => [key, required ? type : type.optional()]),
    );
    if (additional === undefined) return z.looseObject(shape);
    if (additional === false) return z.strictObject(shape);
    return z.object(shape).catchall(additional);
  },
  has: (keys) =>
    predicate(
      (value) =>
        value !== null && typeof value === 'object' && keys.every((key) => Object.hasOwn(value, key)),
    ),
  literals: (values) => {
    const literals = values as z.core.util.Literal[];
    if (literals.length === 1) return z.literal(literals[0]!);
    if (literals.every((value) => typeof value === 'string')) return z.enum(literals as string[]);
    return z.literal(literals);
  },
  union: (members) => z.union(members),
  tagged: (tag, members) => {
    try {
      return z.discriminatedUnion(tag, members as unknown as [z.ZodObject, ...z.ZodObject[]]);
    } catch {
      return z.union(members);
    }
  },
  allOf: (members) => {
    const tests = members.flatMap((member) => predicates.get(member) ?? []);
    const types = members.filter((member) => !predicates.has(member));
    let type = types.length === 0 ? z.unknown() : types.reduce((left, right) => z.intersection(left, right));
    for (const test of tests) type = type.refine(test);
    return type;
  },
  not: (inner) => {
    const test = passes(inner);
    return predicate((value) => !test(value));
  },
  conditional: (condition, then, otherwise) => {
    const [test, yes, no] = [condition, then, otherwise].map(passes) as [
      (value: unknown) => boolean,
      (value: unknown) => boolean,
      (value: unknown) => boolean,
    ];
    return predicate((value) => (test(value) ? yes(value) : no(value)));
  },
  shared: (type) => type,
};

/** The zod schema of one payload kind, with how it was made. */
export function zodSchema(kind: PayloadKind): { type: Zod; notes: string[] } {
  const schema = rootSchemas[kind];
  try {
    const type = z.fromJSONSchema(schema as unknown as Parameters<typeof z.fromJSONSchema>[0]);
    return { type, notes: ['`z.fromJSONSchema` of our schema'] };
  } catch (error) {
    const type = fromJsonSchema(schema as JsonSchema, target);
    return {
      type,
      notes: [`\`z.fromJSONSchema\` throws (${(error as Error).message}): our converter instead`],
    };
  }
}

export const zod: Competitor = {
  id: 'zod',
  name: 'zod 4',
  build(kind: PayloadKind) {
    const { type, notes } = zodSchema(kind);
    return { check: (value) => type.safeParse(value).success, notes };
  },
};

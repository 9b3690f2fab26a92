import { Kind, Type, TypeRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { rootSchemas } from '../../schemas/roots.js';
import type { PayloadKind } from '../../test/fixtures/payloads.js';
import type { Competitor } from './competitor.js';
import { fromJsonSchema, totalLength, type Target } from './from-json-schema.js';

/**
 * TypeBox's compiled checker (`TypeCompiler.Compile(type).Check`), on TypeBox types converted from our JSON
 * Schemas. TypeBox has no `oneOf` or discriminator: a tagged union is a `Union` whose members test their tag
 * first. Shared and large subschemas carry an `$id`, so TypeBox hoists each into a function of its own (one
 * giant function never gets optimised by V8). `maxTotalLength` is a custom kind in TypeBox's registry.
 * TypeBox counts `maxLength` in UTF-16 units, not code points (contract: characters).
 */

const TOTAL_LENGTH = 'MaxTotalLength';

const withOptions = <T extends object>(rules: T): Partial<T> =>
  Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== undefined)) as Partial<T>;

const target: Target<TSchema> = {
  any: () => Type.Unknown(),
  never: () => Type.Never(),
  string: (rules) => Type.String(withOptions(rules)),
  number: (rules, integer) => (integer ? Type.Integer(withOptions(rules)) : Type.Number(withOptions(rules))),
  boolean: () => Type.Boolean(),
  null: () => Type.Null(),
  array: (items, { maxTotalLength, ...rules }) => {
    const array = Type.Array(items ?? Type.Unknown(), withOptions(rules));
    if (maxTotalLength === undefined) return array;
    return Type.Intersect([array, Type.Unsafe({ [Kind]: TOTAL_LENGTH, maxTotalLength })]);
  },
  object: (properties, additional) =>
    Type.Object(
      Object.fromEntries(
        properties.map(({ key, type, required }) => [key, required ? type : Type.Optional(type)]),
      ),
      additional === undefined ? {} : { additionalProperties: additional },
    ),
  has: (keys) => Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Unknown()]))),
  literals: (values) => {
    const members = values.map((value) =>
      value === null ? Type.Null() : Type.Literal(value as string | number | boolean),
    );
    return members.length === 1 ? members[0]! : Type.Union(members);
  },
  union: (members) => Type.Union(members),
  tagged: (_tag, members) => Type.Union(members),
  allOf: (members) => Type.Intersect(members),
  not: (inner) => Type.Not(inner),
  conditional: (condition, then, otherwise) =>
    Type.Union([Type.Intersect([condition, then]), Type.Intersect([Type.Not(condition), otherwise])]),
  shared: (type, id) => ({ ...type, $id: id }),
};

export const typebox: Competitor = {
  id: 'typebox',
  name: 'TypeBox (TypeCompiler)',
  build(kind: PayloadKind) {
    if (!TypeRegistry.Has(TOTAL_LENGTH)) {
      TypeRegistry.Set<{ maxTotalLength: number }>(
        TOTAL_LENGTH,
        (schema, value) => Array.isArray(value) && totalLength(value) <= schema.maxTotalLength,
      );
    }
    const checker = TypeCompiler.Compile(fromJsonSchema(rootSchemas[kind], target));
    const notes = ['counts `maxLength` in UTF-16 units'];
    if (kind === 'messages-request') notes.push('`maxTotalLength` as a custom kind');
    return { check: (value) => checker.Check(value), notes };
  },
};

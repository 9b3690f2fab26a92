import {
  operationIds,
  operations,
  pathParameterList,
  type OperationId,
  type PathParameterList,
} from './operations.js';
import { UUID_PATTERN } from './shared.js';

/*
 * The path parameters of each operation (contract: path-parameters), as the decoded strings a router hands
 * over. A bad parameter gets 400 where the operation lists 400 and 404 where it does not (`badParamStatus`).
 * The length keywords sit beside each pattern so an over-long value is reported as such (all ASCII: code points
 * equal characters).
 */

/** The preset `slug`: 1 to 128 of `A-Z a-z 0-9 - . _ ~`, never the dot segments `.` or `..`. */
export const presetSlug = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  // The lookahead refuses the dot segments in the same rule, so the issue names the whole rule once.
  pattern: '^(?!\\.\\.?$)[A-Za-z0-9._~-]+$',
  description: 'made of letters, digits and `-`, `.`, `_`, `~` (1 to 128 characters, not `.` or `..`)',
} as const;

/**
 * The `version` of GET /presets/{slug}/versions/{version}: a canonical positive integer of at most 9 digits.
 */
export const presetVersionNumber = {
  type: 'string',
  pattern: '^[1-9][0-9]{0,8}$',
  description: 'a positive integer without sign, leading zero, exponent or spaces (1 to 999999999)',
} as const;

/** `author` and `slug` of the model endpoints path: 1 to 128 of the preset slug's characters plus `:`. */
const modelPathSegment = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._~:-]+$',
  description: 'made of letters, digits and `-`, `.`, `_`, `~`, `:` (1 to 128 characters)',
} as const;

export const modelAuthor = modelPathSegment;

/** The model slug, which may carry a variant suffix (`gpt-4o:free`). */
export const modelSlug = modelPathSegment;

/** The destination `id`: a canonical UUID in either case, without braces or `urn:uuid:`. */
export const destinationId = {
  type: 'string',
  pattern: UUID_PATTERN,
  description: 'a canonical UUID (8-4-4-4-12 hex digits)',
} as const;

/**
 * The schema of each path parameter, by its name in the operations' paths (operations.ts): an
 * operation's params schema is made of those its path names, so a path is the one place that lists them.
 */
export const pathParameters = {
  slug: presetSlug,
  version: presetVersionNumber,
  author: modelAuthor,
  id: destinationId,
} as const;

/** Parameters whose name means another value in one operation's path: a model's `slug` is not a preset's. */
const ownParameters = {
  listEndpoints: { slug: modelSlug },
} as const;

type Table = typeof operations;
type NamesOf<Id extends OperationId> = PathParameterList<Table[Id]['path']>;
type SchemaOf<Id extends OperationId, Name extends string> = Id extends keyof typeof ownParameters
  ? Name extends keyof (typeof ownParameters)[Id]
    ? (typeof ownParameters)[Id][Name]
    : (typeof pathParameters)[Name & keyof typeof pathParameters]
  : (typeof pathParameters)[Name & keyof typeof pathParameters];

/** The params schema of one operation: its path's parameters, each required, each with its schema. */
export type ParamsSchema<Id extends OperationId> = {
  readonly type: 'object';
  readonly required: NamesOf<Id>;
  readonly properties: { readonly [Name in NamesOf<Id>[number]]: SchemaOf<Id, Name> };
};

/** The operations whose path has parameters. */
type WithParams = { [Id in OperationId]: NamesOf<Id> extends [] ? never : Id }[OperationId];

function paramsSchema(id: OperationId): ParamsSchema<OperationId> | undefined {
  const names = pathParameterList(operations[id].path);
  if (names.length === 0) return undefined;
  const own: Readonly<Record<string, object>> =
    id in ownParameters ? ownParameters[id as keyof typeof ownParameters] : {};
  const properties = names.map((name) => {
    const schema = own[name] ?? (pathParameters as Readonly<Record<string, object>>)[name];
    if (schema === undefined)
      throw new Error(`${id}: no schema for the path parameter ${name}; add it to pathParameters`);
    return [name, schema];
  });
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(properties),
  } as ParamsSchema<OperationId>;
}

/** The path parameters of each operation that has any, by its id in the operations table. */
export const paramsSchemas = Object.fromEntries(
  operationIds.flatMap((id) => {
    const schema = paramsSchema(id);
    return schema === undefined ? [] : [[id, schema]];
  }),
) as { readonly [Id in WithParams]: ParamsSchema<Id> };

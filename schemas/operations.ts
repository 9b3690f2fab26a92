import type { ErrorStatus } from './error-statuses.js';
import type { rootSchemas } from './roots.js';

/*
 * The operations table, beside the schemas it names: the documents, `operationSchemas` and the path parameters'
 * schemas read it here, and the run time through src/core/operations.ts, so schemas/ imports nothing of src/.
 */

/** The name of a body the table names: a root of `rootSchemas`, whose module the table never loads. */
type RootName = keyof typeof rootSchemas;

/**
 * Who may call an operation (docs/contract.md#authentication). `management` needs a management key, `key` any
 * valid key, `public` none (a key is optional).
 */
export type AuthRequirement = 'management' | 'key' | 'public';

/** An operation as its record writes it: every fact once, its id being its key in the table. */
export interface OperationRecord {
  readonly method: 'GET' | 'POST';
  /**
   * Relative to the base URL, which ends in `/v1`; `{name}` marks a path parameter, whose schema is the one of
   * that name (`pathParameters` of schemas/params.ts).
   */
  readonly path: string;
  readonly summary: string;
  /** The root that validates the request body, if the operation takes one. */
  readonly body: RootName | null;
  /** The root that validates a 200 body. */
  readonly success: RootName;
  /**
   * The error statuses the operation lists (413 included where it takes a body, 503 where a store may be full or
   * unable to answer), in order.
   */
  readonly errors: readonly ErrorStatus[];
  readonly auth: AuthRequirement;
  /**
   * The request headers the operation reads beyond those every operation reads: `Idempotency-Key` makes a create
   * safe to retry (contract: idempotent-creates); the implementation receives it as `idempotencyKey`.
   */
  readonly headers?: readonly 'Idempotency-Key'[];
  /**
   * Its 200 never changes once given (a preset version; contract: reading-versions): answered with an `ETag`, the
   * `id` of its data, and cached privately for a year; a matching `If-None-Match` gets 304 with no body.
   */
  readonly immutable?: true;
  /**
   * The project's own: the public API has no operation at this method and path, so its document says nothing of
   * it and the contract alone does. Every other entry mirrors an operation of the public API.
   */
  readonly beyondPublicApi?: true;
}

/** An operation of the table: its record, with its id and its path's parameters derived from it. */
export interface Operation extends OperationRecord {
  readonly id: string;
  /**
   * The path's parameters, in its order, and what the implementation receives of each: the decoded string the
   * router hands over, or `number` for one whose schema admits only canonical digits (`numberParameters`).
   */
  readonly params: Readonly<Record<string, 'string' | 'number'>>;
}

/** The names of the `{name}` parameters of a path template, in its order. */
export type PathParameterList<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? [Name, ...PathParameterList<Rest>]
  : [];

/** The names of a path template's parameters, in its order. */
export const pathParameterList = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/**
 * The path parameters that arrive as numbers, by name: their schemas admit canonical digits alone (a preset's
 * `version`), so the conversion loses nothing.
 */
const numberParameters = ['version'] as const;

type ParamKinds<Path extends string> = {
  readonly [Name in PathParameterList<Path>[number]]: Name extends (typeof numberParameters)[number]
    ? 'number'
    : 'string';
};

type WithDerived<Table extends Record<string, OperationRecord>> = {
  readonly [Id in keyof Table]: Table[Id] & {
    readonly id: Id;
    readonly params: ParamKinds<Table[Id]['path']>;
  };
};

/** The table with each record's id (its key) and path parameters (from its path) written in. */
function withDerived<const Table extends Record<string, OperationRecord>>(table: Table): WithDerived<Table> {
  const kind = (name: string) =>
    (numberParameters as readonly string[]).includes(name) ? 'number' : 'string';
  const entries = Object.entries(table).map(([id, record]) => {
    const params = Object.fromEntries(pathParameterList(record.path).map((name) => [name, kind(name)]));
    return [id, { id, ...record, params }];
  });
  return Object.fromEntries(entries) as WithDerived<Table>;
}

/**
 * The operations of the interface (docs/contract.md#operations): the one place that knows their paths,
 * parameters, statuses and auth. The handler calls each implementation from its entry, and the implementations'
 * types derive from it (`GatewayOperations`). Schemas are named, not imported, so routing loads no schema
 * module; `operationSchemas` (`gateway-contract/schemas`) holds the objects.
 */
export const operations = /* @__PURE__ */ withDerived({
  createPresetsMessages: {
    method: 'POST',
    path: '/presets/{slug}/messages',
    summary: 'Create a preset, or a new version of one, from a messages request',
    body: 'messages-request',
    success: 'preset-response',
    errors: [400, 401, 403, 404, 408, 409, 413, 500, 503],
    auth: 'management',
    headers: ['Idempotency-Key'],
  },
  getPresetVersion: {
    method: 'GET',
    path: '/presets/{slug}/versions/{version}',
    summary: 'Read one version of a preset',
    body: null,
    success: 'preset-version-response',
    immutable: true,
    errors: [400, 401, 404, 500],
    auth: 'key',
  },
  listEndpoints: {
    method: 'GET',
    path: '/models/{author}/{slug}/endpoints',
    summary: 'List the endpoints of a model',
    body: null,
    success: 'model-endpoints-response',
    errors: [403, 404, 500],
    auth: 'public',
  },
  getObservabilityDestination: {
    method: 'GET',
    path: '/observability/destinations/{id}',
    summary: 'Read one observability destination',
    body: null,
    success: 'observability-destination-response',
    // The interface's list omits 403, but the destination needs a management key, so a standard key gets one.
    errors: [401, 403, 404, 500],
    auth: 'management',
  },
  listProviders: {
    method: 'GET',
    path: '/providers',
    summary: 'List providers',
    body: null,
    success: 'providers-response',
    errors: [500],
    auth: 'public',
  },
});

export type OperationId = keyof typeof operations;

export const operationIds = /* @__PURE__ */ Object.keys(operations) as OperationId[];

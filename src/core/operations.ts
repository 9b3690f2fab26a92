import type { ErrorStatus } from './errors.js';
import type { RootName } from './roots.js';

/**
 * Who may call an operation (docs/contract.md#authentication). `management` needs a management key, `key` any
 * valid key, `public` none (a key is optional).
 */
export type AuthRequirement = 'management' | 'key' | 'public';

export interface Operation {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** Relative to the base URL, which ends in `/v1`; `{name}` marks a path parameter. */
  readonly path: string;
  /**
   * The path's parameters, in its order, and what the implementation receives of each: the decoded string the
   * router hands over, or `number` for one whose schema admits only canonical digits.
   */
  readonly params: Readonly<Record<string, 'string' | 'number'>>;
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

/**
 * The operations of the interface (docs/contract.md#operations): the one place that knows their paths,
 * parameters, statuses and auth. The handler calls each implementation from its entry, and the implementations'
 * types derive from it (`GatewayOperations`). Schemas are named, not imported, so routing loads no schema
 * module; `operationSchemas` (`gateway-contract/schemas`) holds the objects.
 */
export const operations = {
  createPresetsMessages: {
    id: 'createPresetsMessages',
    method: 'POST',
    path: '/presets/{slug}/messages',
    params: { slug: 'string' },
    summary: 'Create a preset, or a new version of one, from a messages request',
    body: 'messages-request',
    success: 'preset-response',
    errors: [400, 401, 403, 404, 408, 409, 413, 500, 503],
    auth: 'management',
  },
  getPresetVersion: {
    id: 'getPresetVersion',
    method: 'GET',
    path: '/presets/{slug}/versions/{version}',
    // The version's schema admits a positive integer of at most 9 digits alone, so it arrives as that number.
    params: { slug: 'string', version: 'number' },
    summary: 'Read one version of a preset',
    body: null,
    success: 'preset-version-response',
    immutable: true,
    errors: [400, 401, 404, 500],
    auth: 'key',
  },
  listEndpoints: {
    id: 'listEndpoints',
    method: 'GET',
    path: '/models/{author}/{slug}/endpoints',
    params: { author: 'string', slug: 'string' },
    summary: 'List the endpoints of a model',
    body: null,
    success: 'model-endpoints-response',
    errors: [403, 404, 500],
    auth: 'public',
  },
  getObservabilityDestination: {
    id: 'getObservabilityDestination',
    method: 'GET',
    path: '/observability/destinations/{id}',
    params: { id: 'string' },
    summary: 'Read one observability destination',
    body: null,
    success: 'observability-destination-response',
    // The interface's list omits 403, but the destination needs a management key, so a standard key gets one.
    errors: [401, 403, 404, 500],
    auth: 'management',
  },
  listProviders: {
    id: 'listProviders',
    method: 'GET',
    path: '/providers',
    params: {},
    summary: 'List providers',
    body: null,
    success: 'providers-response',
    errors: [500],
    auth: 'public',
  },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof operations;

export const operationIds = Object.keys(operations) as OperationId[];

/** A bad path parameter gets 400 where the operation lists 400, else 404. */
export function badParamStatus(operation: Operation): ErrorStatus {
  return operation.errors.includes(400) ? 400 : 404;
}

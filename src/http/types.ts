import type { Profile } from '../core/profiles.js';
import type { ErrorBody } from '../core/errors.js';
import type { BodyLimits } from '../body/body-limits.js';
import type { OperationId, operations } from '../core/operations.js';
import type { RootName, RootTypes } from '../core/roots.js';

/**
 * A management key may do everything; a standard key everything but creating a preset and reading an
 * observability destination.
 */
export type KeyKind = 'management' | 'standard';

/** Who a resolved API key belongs to; the handler passes it to every implementation. */
export interface Principal {
  kind: KeyKind;
  /** Opaque id of the key's user: a created preset's `creator_user_id` and its version's `creator_id`. */
  userId: string;
  /** UUID of the key's workspace: a created preset's `workspace_id` (null when the key has none). */
  workspaceId: string | null;
}

type Awaitable<T> = T | Promise<T>;

/**
 * Maps a bearer key to its principal, or null for a key that is unknown (401). It may be async (a database
 * lookup); a throw or rejection becomes 500.
 */
export type ResolveKey = (key: string) => Awaitable<Principal | null>;

/**
 * What an implementation returns: the response body itself, `{ data }` for 200 or `errorBody(status)` for one
 * of the error statuses its operation lists (404 for a missing resource, 409 for a lost write, ...).
 */
export type OperationResult<T> = { data: T } | ErrorBody;

type Table = typeof operations;

/** What an implementation receives of its path parameters: each as its entry in the table says. */
type ParamValues<Params> = {
  -readonly [Name in keyof Params]: Params[Name] extends 'number' ? number : string;
};

/** The validated body, as `request`, for an operation that takes one. */
type RequestOf<Body> = Body extends RootName ? { request: RootTypes[Body] } : unknown;

/**
 * The `Idempotency-Key` a request sent, checked (contract: idempotent-creates), for an operation whose entry
 * lists the header; undefined when none was sent.
 */
type HeadersOf<Entry> = Entry extends { headers: readonly 'Idempotency-Key'[] }
  ? { idempotencyKey?: string }
  : unknown;

/** Who called: null only on a public operation called without a known key (contract: authentication). */
type PrincipalOf<Auth> = Auth extends 'public' ? Principal | null : Principal;

/** One object type rather than an intersection, as an editor shows it. */
type Flat<T> = { [Key in keyof T]: T[Key] };

/** What one implementation receives, from its entry in the operations table: parameters, body, principal. */
export type OperationInput<Id extends OperationId> = Flat<
  ParamValues<Table[Id]['params']> &
    RequestOf<Table[Id]['body']> &
    HeadersOf<Table[Id]> & { principal: PrincipalOf<Table[Id]['auth']> }
>;

/** What one implementation's `{ data }` holds: the `data` of its operation's success body. */
export type OperationData<Id extends OperationId> = RootTypes[Table[Id]['success']]['data'];

/**
 * The operations, as the user implements them, derived from the operations table (`operations`): each
 * gets its path parameters decoded and validated (`version` as a number), the validated body of an operation
 * that takes one, and the caller's principal, and returns `{ data }` or the error body of a status its
 * operation lists. `getObservabilityDestination` must return secrets masked: see `maskDestination`.
 */
export type GatewayOperations = {
  [Id in OperationId]: (input: OperationInput<Id>) => Awaitable<OperationResult<OperationData<Id>>>;
};

/** Where an error the client only sees as a 500 came from. */
export interface ErrorContext {
  /** The operation the request was routed to, when it got that far. */
  operationId: OperationId | null;
  /**
   * `resolveKey`, the implementation, a body that breaks the contract (checked in development mode), or the
   * framework around the handler.
   */
  phase: 'resolve-key' | 'implementation' | 'response' | 'framework';
  /** The request's id, as its answer's `X-Request-Id` carries it (contract: request-id). */
  requestId: string;
}

/** A request header map: Node's `IncomingHttpHeaders` (names in lower case) or a fetch `Headers`. */
export type HeaderSource =
  { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A body a framework has already parsed (express.json, ...). Its size was the framework's to limit and a
 * repeated key can no longer be seen, so only nesting depth and the object root are checked.
 */
export interface ParsedBody {
  parsed: unknown;
}

/**
 * Reads the raw body, stopping after `maxBytes + 1` bytes: that is enough to answer 413 without holding
 * a huge body in memory. Called only once routing, auth and parameters have passed.
 */
export type BodyReader = (maxBytes: number) => Promise<Uint8Array | string>;

export type RequestBody = Uint8Array | string | BodyReader | ParsedBody | null | undefined;

/**
 * A Node.js readable stream (an `IncomingMessage`), by the members the body reader uses, so that the types of
 * the fetch entry never need Node's.
 */
export interface NodeBodyStream {
  readonly readableEnded: boolean;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): this;
  on(event: 'end' | 'error' | 'close', listener: (error?: unknown) => void): this;
  off(event: 'data', listener: (chunk: Uint8Array | string) => void): this;
  off(event: 'end' | 'error' | 'close', listener: (error?: unknown) => void): this;
  pause(): this;
}

/** A body in any form a server holds one: a request body as above, or a stream not read yet. */
export type BodySource = RequestBody | ReadableStream<Uint8Array> | NodeBodyStream;

/**
 * What a body check reads: the request's headers (its content type and length) and its body. A fetch `Request`
 * is one as it is.
 */
export interface BodyInput {
  headers: HeaderSource;
  body?: BodySource;
}

/** One HTTP request, as any framework can describe it. */
export interface HandlerRequest {
  method: string;
  /** The request target: the path, with the base path and optionally a query string (`/api/v1/providers`). */
  url: string;
  headers: HeaderSource;
  body?: BodySource;
}

/** One HTTP response: always JSON (`content-type: application/json; charset=utf-8`). */
export interface HandlerResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Handler = (request: HandlerRequest) => Promise<HandlerResponse>;

export interface HandlerOptions {
  /** Maps a bearer key to who holds it, or null for an unknown key. */
  resolveKey: ResolveKey;
  /** One implementation per operation; `presetOperations(store)` provides the preset ones. */
  operations: GatewayOperations;
  /** The path the routes hang under, such as `/api/v1`; empty (the default) for the root. */
  basePath?: string;
  /**
   * The body limits: size (413 above it, 4 MiB by default), nesting depth (400 above it, 64 levels) and distinct
   * object shapes (400 above it, 4096), beside the fixed density bound (docs/contract.md#body-limits,
   * docs/contract.md#body-cost).
   */
  limits?: BodyLimits;
  /**
   * Checks request bodies against the schema (default true). Turning it off is only for measuring what it
   * costs: implementations then receive any JSON object as a `MessagesRequest`.
   */
  validateRequests?: boolean;
  /**
   * The profile request bodies (and, in development mode, responses) are checked in: `strict` rejects unknown
   * properties in every object whose shape is known (docs/contract.md#unknown-properties). Default: `default`.
   */
  profile?: Profile;
  /**
   * Development mode: checks every body an implementation returns against the response schemas and turns
   * one that breaks them into a 500, reported to `onError`. Default: on unless NODE_ENV is `production`.
   */
  validateResponses?: boolean;
  /** Hears every error the client sees only as a 500, with the request's id; `console.error` by default. */
  onError?: (error: unknown, context: ErrorContext) => void;
  /**
   * The id of each request, sent back as `X-Request-Id` on every answer and given to `onError` (contract:
   * request-id). By default the client's `X-Request-Id` when it is 1 to 128 characters of `A-Za-z0-9._:-`, else a
   * new random UUID. A function returns the id to use instead (one a proxy in front set in a header of its own, or
   * your framework's); one that breaks the same rule, or a throw, gets a new UUID, so the header is always safe to
   * send and to log.
   */
  requestId?: (headers: HeaderSource) => string;
  /**
   * Lets browser clients on the listed origins call the handler: answers their preflight requests and sets
   * `Access-Control-Allow-Origin` on every answer, errors included (docs/http.md#cors). Off by default.
   */
  cors?: CorsOptions;
}

/**
 * Cross-origin access for browser clients (docs/http.md#cors). Off unless given: a browser on another origin then
 * gets no `Access-Control-Allow-Origin` and cannot read any answer.
 */
export interface CorsOptions {
  /**
   * The origins allowed to call, each as a browser sends it (`https://app.example`, scheme, host and port), or
   * `'*'` for any origin; or a function deciding for each origin.
   */
  origins: readonly string[] | ((origin: string) => boolean);
  /**
   * Sends `Access-Control-Allow-Credentials: true`, so the browser may send cookies or HTTP authentication.
   * Never together with `'*'`: then the matched origin is sent back, never a wildcard. Default false.
   */
  credentials?: boolean;
  /** How long a browser may cache a preflight's answer, in seconds; 600 by default. */
  maxAge?: number;
}

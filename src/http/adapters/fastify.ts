import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import {
  createBodyValidator,
  createParsedBodyValidator,
  type BodyOptionsFor,
  type BodyValue,
  type ErrorBody,
  type NoOptions,
  type ParsedBodyValidator,
  type RootName,
} from '../body-validation.js';
import { createHandler, defaultOnError } from '../handler.js';
import { errorResponse, isErrorStatus, jsonResponse, withHeaders } from '../http-response.js';
import { REQUEST_ID_HEADER, requestIdReader } from '../request-id.js';
import { routeTemplates } from '../route-match.js';
import { alreadyRead, isNodeStream } from '../request-body.js';
import { writeAfterBody } from '../node/lingering-close.js';
import { nodeHeaders } from '../request-headers.js';
import type { BodySource, Handler, HandlerOptions, HandlerResponse } from '../types.js';

/** A Fastify plugin for the operations of the table, with the `frameworkErrors` hook for URLs Fastify rejects itself. */
export interface FastifyGateway {
  (fastify: FastifyInstance, options: object): Promise<void>;
  /**
   * For `Fastify({ frameworkErrors })`: Fastify answers a path with broken percent-encoding before any
   * plugin sees it. Under this plugin's prefix this answers in the interface's error shape instead;
   * elsewhere it sends Fastify's own error.
   */
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The routes Fastify dispatches to the handler: each template cut at its first parameter (`/presets/*`), so
 * that Fastify's router never judges a parameter itself (its default 100-character limit is below the 128
 * characters a slug may have). The handler routes again, exactly, from the operations table.
 */
function fastifyRoutes(): Map<string, HTTPMethods[]> {
  const routes = new Map<string, HTTPMethods[]>();
  for (const { path, method } of routeTemplates()) {
    const cut = path.indexOf('{');
    const url = cut === -1 ? path : `${path.slice(0, cut)}*`;
    const methods = routes.get(url) ?? [];
    if (!methods.includes(method)) methods.push(method);
    routes.set(url, methods);
  }
  return routes;
}

/**
 * The raw parser of `handOverRawBodies` leaves the body stream unread, and a bodiless request the raw stream;
 * a body Fastify's own parsers read is taken as bytes, text or a parsed value.
 */
function bodyOf(request: FastifyRequest): BodySource {
  if (isNodeStream(request.body)) return request.body;
  return request.body === undefined ? request.raw : alreadyRead(request.body);
}

/**
 * A response whose request body was not read to its end is written as the Node adapter writes it, past
 * Fastify: the answer first, then a lingering close, so the client sees it rather than a reset connection.
 */
async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  result: HandlerResponse,
): Promise<FastifyReply> {
  if (!request.raw.complete) {
    reply.hijack();
    await writeAfterBody(request.raw, reply.raw, result);
    return reply;
  }
  return reply.code(result.status).headers(result.headers).send(result.body);
}

async function serve(handler: Handler, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const result = await handler({
    method: request.raw.method ?? 'GET',
    url: request.url,
    headers: nodeHeaders(request.raw),
    body: bodyOf(request),
  });
  return send(request, reply, result);
}

/**
 * Replaces every content type parser of a scope with one that hands the body stream over unread, so the body
 * limits run on the bytes (contract: body-limits, repeated-keys) and Fastify's JSON parser never does.
 */
function handOverRawBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

function isUnder(url: string, prefix: string): boolean {
  return prefix === '' || url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/**
 * The gateway as a Fastify 5 plugin: `app.register(fastifyGateway({ resolveKey, operations }), { prefix:
 * '/api/v1' })`. It reads raw bodies (its own catch-all content type parser, so the body guards run
 * on the bytes and Fastify's JSON parser never does) and gives Fastify no schema: validation is the
 * library's precompiled code, never Fastify's Ajv. The plugin keeps Fastify's encapsulation on purpose: its
 * parser, not-found and error handlers apply under its prefix only. Fastify is only a type here, never loaded.
 */
export function fastifyGateway(options: Omit<HandlerOptions, 'basePath'>): FastifyGateway {
  const mounts: Array<{ prefix: string; handler: Handler }> = [];
  const report = options.onError ?? defaultOnError;
  const requestIdOf = requestIdReader(options.requestId);

  async function plugin(fastify: FastifyInstance): Promise<void> {
    const handler = createHandler({ ...options, basePath: fastify.prefix });
    mounts.push({ prefix: fastify.prefix, handler });
    handOverRawBodies(fastify);
    for (const [url, methods] of fastifyRoutes()) {
      fastify.route({
        method: methods,
        url,
        exposeHeadRoute: false,
        handler: (rq, rp) => serve(handler, rq, rp),
      });
    }
    // Unknown paths and methods under the prefix get the handler's 404 and 405, in the interface's shape.
    fastify.setNotFoundHandler((request, reply) => serve(handler, request, reply));
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      // A 405 must carry `Allow`, known only to the handler's router; one thrown here is a fault, a 500.
      const known = status !== 500 && status !== 405 && isErrorStatus(status);
      // The handler never saw this request, so its id is read here, by the same rule (contract: request-id).
      const requestId = requestIdOf(nodeHeaders(request.raw));
      if (!known) report(error, { operationId: null, phase: 'framework', requestId });
      const answer = errorResponse(known ? status : 500);
      return send(request, reply, {
        ...answer,
        headers: withHeaders(answer.headers, { [REQUEST_ID_HEADER]: requestId }),
      });
    });
  }

  const gateway = Object.assign(plugin, {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
      const mount = mounts.find(({ prefix }) => isUnder(request.url, prefix));
      if (mount === undefined) void reply.send(error);
      else void serve(mount.handler, request, reply);
    },
  });
  Object.assign(gateway, {
    [Symbol.for('fastify.display-name')]: 'gateway-contract',
    [Symbol.for('plugin-meta')]: { name: 'gateway-contract', fastify: '5.x' },
  });
  return gateway;
}

/**
 * A Fastify 5 plugin for the routes that use `validateBody`: in the scope it is registered in (it does not
 * encapsulate, like a plugin wrapped in fastify-plugin), every body reaches the route unread, so that the body
 * limits and the repeated-key check see the raw bytes and every error is in the interface's shape. Other
 * routes of that scope get the body stream as `request.body`: keep them in another scope.
 */
export const rawBodies = Object.assign(
  async function rawBodies(fastify: FastifyInstance): Promise<void> {
    handOverRawBodies(fastify);
  },
  {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: 'gateway-contract raw bodies',
    [Symbol.for('plugin-meta')]: { name: 'gateway-contract-raw-bodies', fastify: '5.x' },
  },
);

/** The route options `validateBody` gives: its hook, and the route's `request.body` typed. */
export type BodyRouteOptions<T, R extends RouteGenericInterface = { Body: T }> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  R
>;

/**
 * Route options for a route of your own: `app.post('/v1/messages', validateBody('messages-request'), handler)`
 * (or spread them beside others). A `preValidation` hook reads and guards the body, validates it against the
 * root, and sets `request.body` to the typed value, or answers the 400 or 413 error body itself (contract:
 * error-body). Register `rawBodies` in the route's scope; without it Fastify's JSON parser reads the body
 * first, and only the checks that still apply to a parsed value run. The route's own generic
 * (`app.post<{ Params: { slug: string } }>(...)`) is inferred where the options are passed, so its `Params`,
 * `Querystring` and `Headers` stay the route's and only `Body` is the root's.
 */
export function validateBody<
  N extends RootName,
  O extends BodyOptionsFor<N> = NoOptions,
  R extends RouteGenericInterface & { Body?: BodyValue<N, O> } = { Body: BodyValue<N, O> },
>(name: N, options?: O): BodyRouteOptions<BodyValue<N, O>, R> {
  const check = createBodyValidator(name, options);
  return {
    async preValidation(request, reply) {
      const result = await check({ headers: nodeHeaders(request.raw), body: bodyOf(request) });
      if (result.ok) request.body = result.value;
      else return send(request, reply, jsonResponse(result.error.error.code, result.error));
    },
  };
}

/**
 * The `$id` of a body schema file of the package, `urn:gateway-contract:v1:` (contract: versioning) then the root's name, under `strict/` for
 * the strict profile.
 */
const SCHEMA_FILE_ID = /^urn:gateway-contract:v1:(strict\/)?([a-z][a-z-]*)$/;

/** A body a schema file's validator refused: Fastify's validation error, carrying the interface's error body. */
export class SchemaFileError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;

  constructor(body: ErrorBody) {
    super(body.error.message);
    this.name = 'SchemaFileError';
    this.statusCode = body.error.code;
    this.body = body;
  }
}

function schemaFileId(schema: unknown): string | undefined {
  const id = typeof schema === 'object' && schema !== null ? (schema as { $id?: unknown }).$id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Fastify's `validatorCompiler` for the package's schema files, so that a route's `schema: { body }` may be
 * `gateway-contract/schemas/messages-request.json` as Fastify's docs describe: for a body schema whose `$id`
 * names a root, the precompiled validator of that root and profile judges the body Fastify parsed (the same
 * verdict as `validate`; Fastify's own Ajv is draft-07 and cannot read the 2020-12 files). Any other schema goes to
 * `fallback`, or is refused when the route is registered, naming it. Pair it with `schemaFileErrors`.
 */
export function schemaFileCompiler(
  fallback?: FastifySchemaCompiler<unknown>,
): FastifySchemaCompiler<unknown> {
  return (route) => {
    const id = schemaFileId(route.schema);
    const file = id === undefined ? null : SCHEMA_FILE_ID.exec(id);
    if (file === null || route.httpPart !== 'body') {
      if (fallback !== undefined) return fallback(route);
      throw new TypeError(
        `schemaFileCompiler compiles the body schema files of gateway-contract only, not the ${route.httpPart ?? 'route'} schema ${id ?? '(no $id)'} of ${route.method} ${route.url}: pass a fallback compiler for it`,
      );
    }
    const [, strict, root] = file;
    let check: ParsedBodyValidator<unknown>;
    try {
      check = createParsedBodyValidator(root as RootName, {
        profile: strict === undefined ? 'default' : 'strict',
      });
    } catch (error) {
      throw new TypeError(
        `schemaFileCompiler has no body validator for ${id} (${route.method} ${route.url})`,
        {
          cause: error,
        },
      );
    }
    return (data: unknown) => {
      const result = check(data);
      return result.ok ? { value: result.value } : { error: new SchemaFileError(result.error) };
    };
  };
}

/**
 * An error handler (`app.setErrorHandler(schemaFileErrors)`) that answers a body `schemaFileCompiler` refused
 * with the interface's error body and its status (contract: error-body), and passes every other error on to
 * the handler above it, Fastify's own at the top.
 */
export function schemaFileErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!(error instanceof SchemaFileError)) throw error;
  return send(request, reply, jsonResponse(error.body.error.code, error.body));
}

import { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../src/core/idempotency-key.js';
import { errorBody, invalidKeyMessage, statusMessages, type ErrorStatus } from '../../src/core/errors.js';
import { CUSTOM_KEYWORD } from './json-schema-2020.js';
import {
  operations,
  type AuthRequirement,
  type Operation,
  type OperationId,
} from '../../src/core/operations.js';
import { validate, validateParams } from '../../src/core/validators.js';

export interface SchemaSet {
  /** The 2020-12 documents, by file name without `.json`. */
  schemas: Record<string, Record<string, unknown>>;
  /** The definitions the documents refer to, by name (empty when every document is self-contained). */
  definitions: Record<string, Record<string, unknown>>;
}

/**
 * The OpenAPI 3.1 document of the interface, derived from the operations table (paths, methods, statuses, auth)
 * and the emitted 2020-12 schemas (components): nothing here restates a rule the table or a schema holds.
 */

type Node = Record<string, unknown>;

const SCHEMA_REF_PREFIX = '#/$defs/';
const COMPONENT_REF_PREFIX = '#/components/schemas/';
const BEARER = 'bearer';

/** The area of each path's first segment, as tags (contract: overview). */
const tags = [
  {
    name: 'presets',
    description: 'Named, versioned saved configurations (model choice, parameters, system prompt).',
  },
  { name: 'models', description: 'The model catalog: the provider endpoints that serve each model.' },
  { name: 'observability', description: 'Configured outbound targets for generation telemetry.' },
  { name: 'providers', description: 'The upstream providers, with policy and status links.' },
] as const;

/** What each error status means on this interface (contract: errors), beside its fixed message. */
function errorMeaning(status: ErrorStatus, operation: Operation): string {
  switch (status) {
    case 400:
      return operation.body === null
        ? 'a path parameter breaks its rule; `metadata.issues` lists at most 20 issues.'
        : 'the body or a path parameter breaks a rule; `metadata.issues` lists at most 20 issues, each a JSON Pointer and a sentence.';
    case 401:
      return `no key is sent; \`${invalidKeyMessage}\` when the key sent is malformed or unknown.`;
    case 403:
      return 'the key is not a management key.';
    case 404:
      return operation.errors.includes(400)
        ? 'the resource does not exist.'
        : 'the resource does not exist, or a path parameter is malformed.';
    case 405:
      return 'the path has no operation for this method; `Allow` lists the methods it has (RFC 9110, section 15.5.6).';
    case 408:
      return 'the body stopped arriving (no bytes for 10 s by default); nothing was saved.';
    case 409:
      return operation.headers?.includes(IDEMPOTENCY_KEY_HEADER)
        ? `a concurrent write to the same preset won, or the \`${IDEMPOTENCY_KEY_HEADER}\` was used before with a different request; nothing was saved. While the key's first request is still running, the 409 carries \`Retry-After\`, and the retry then gets that request's answer.`
        : 'a concurrent write to the same preset won; nothing was saved.';
    case 413:
      return 'the body is larger than the limit, 4 MiB by default.';
    case 500:
      return 'an unexpected server error.';
    case 503:
      return "the server has no room for the write (a full preset store, or the body bytes in flight, or the key's share of them); nothing was saved, and `Retry-After` says when to try again.";
  }
}

/** The header a 503 carries (contract: overload), so clients know when to try again. */
const retryAfterHeader = {
  description: 'Seconds to wait before trying again (RFC 9110, section 10.2.3).',
  required: true,
  schema: { type: 'integer', minimum: 0 },
};

/** The header a create may carry to be retried safely (contract: idempotent-creates). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the create safe to retry: the same key with the same body answers what the first request did (200, the same version) and makes nothing new, for 24 hours by default; another body with the key gets 409. Malformed: 400.',
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
    pattern: '^[\\x20-\\x7E]+$',
  },
};

const authNotes: Record<AuthRequirement, string> = {
  management: 'Requires a management key: no key gets 401, a standard key 403.',
  key: 'Requires a key: no key gets 401.',
  public: 'Public: a key is optional.',
};

function securityOf(auth: AuthRequirement): Node[] {
  return auth === 'public' ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }];
}

/** What OpenAPI 3.1 calls a keyword it does not define: a specification extension, `x-` and the name. */
const CUSTOM_KEYWORD_EXTENSION = `x-${CUSTOM_KEYWORD}`;

/** Points every `$ref` of an emitted schema at the components instead of its own `$defs`. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF_PREFIX)) {
      out[key] = COMPONENT_REF_PREFIX + child.slice(SCHEMA_REF_PREFIX.length);
    } else if (key === CUSTOM_KEYWORD && typeof child === 'number') {
      out[CUSTOM_KEYWORD_EXTENSION] = child;
    } else out[key] = rewriteRefs(child);
  }
  return out;
}

/** An emitted schema as a component: the document's own `$schema`, `$id`, `title` and `$defs` left out. */
function toComponent(schema: Node): unknown {
  const { $schema: _schema, $id: _id, title: _title, $defs: _defs, ...rest } = schema;
  return rewriteRefs(rest);
}

function componentRef(name: string): Node {
  return { $ref: COMPONENT_REF_PREFIX + name };
}

/**
 * The error body for an example (contract: error-body), made by the validators themselves so its sentences are
 * the real ones.
 */
function exampleError(status: ErrorStatus, operation: Operation, paramNames: readonly string[]): object {
  if (status !== 400) return errorBody(status);
  const result =
    operation.body === null
      ? validateParams(operation.id as OperationId, Object.fromEntries(paramNames.map((name) => [name, ''])))
      : validate(operation.body, {
          model: 'openai/gpt-4o',
          messages: [{ role: 'user', content: 'Hello' }],
          fallbacks: ['a', 'b', 'c', 'd'].map((model) => ({ model })),
        });
  if (result.ok) throw new Error(`the example of a 400 for ${operation.id} validates`);
  return result.error;
}

function jsonContent(schema: Node, example?: unknown): Node {
  return { 'application/json': example === undefined ? { schema } : { schema, example } };
}

/** The `{ data: ... }` a success body holds, named for the reader: `{ data: Preset }`, `{ data: Provider[] }`. */
function successSentence(schema: Node | undefined): string {
  const data = (schema?.['properties'] as Node | undefined)?.['data'] as Node | undefined;
  const ref = (node: Node | undefined) => String(node?.['$ref'] ?? '').slice(SCHEMA_REF_PREFIX.length);
  const name = data?.['type'] === 'array' ? `${ref(data['items'] as Node)}[]` : ref(data);
  return name === '' || name === '[]' ? 'OK.' : `OK: \`{ data: ${name} }\`.`;
}

export function openApiDocument(
  { schemas, definitions }: SchemaSet,
  requestExample?: unknown,
): Record<string, unknown> {
  const titleOf = (file: string) => String(schemas[file]?.['title']);
  const components: Node = {};
  for (const [name, schema] of Object.entries(definitions)) components[name] = toComponent(schema);
  // Path parameters are inlined into each operation's `parameters`, so their objects are no components.
  for (const [file, schema] of Object.entries(schemas)) {
    if (!file.startsWith('params/')) components[titleOf(file)] = toComponent(schema);
  }

  const paths: Record<string, Node> = {};
  for (const operation of Object.values(operations) as Operation[]) {
    const paramsSchema = schemas[`params/${operation.id}`];
    const paramProperties = (paramsSchema?.['properties'] ?? {}) as Record<string, Node>;
    const paramNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const parameters = paramNames.map((name) => {
      const schema = paramProperties[name];
      if (schema === undefined) throw new Error(`${operation.id} has no schema for its parameter ${name}`);
      return { name, in: 'path', required: true, description: schema['description'], schema } as Node;
    });
    if (operation.headers?.includes(IDEMPOTENCY_KEY_HEADER)) parameters.push(idempotencyKeyParameter);
    const responses: Node = {
      200: {
        description: successSentence(schemas[operation.success]),
        content: jsonContent(componentRef(titleOf(operation.success))),
      },
    };
    if (operation.immutable) {
      // contract: reading-versions
      const headers = {
        ETag: { description: "The version's `id`, quoted: it never changes.", schema: { type: 'string' } },
        'Cache-Control': {
          description: 'What never changes may be kept for a year: `private, max-age=31536000, immutable`.',
          schema: { type: 'string' },
        },
      };
      (responses[200] as Node)['headers'] = headers;
      responses[304] = {
        description:
          "Not modified: `If-None-Match` names the version's `ETag`; no body. The key is checked first.",
        headers,
      };
    }
    for (const status of operation.errors) {
      responses[status] = {
        description: `\`${statusMessages[status]}\`: ${errorMeaning(status, operation)}`,
        ...(status === 503 ? { headers: { 'Retry-After': retryAfterHeader } } : {}),
        ...(status === 409 && operation.headers?.includes(IDEMPOTENCY_KEY_HEADER)
          ? { headers: { 'Retry-After': { ...retryAfterHeader, required: false } } }
          : {}),
        content: jsonContent(
          componentRef(titleOf('error-response')),
          exampleError(status, operation, paramNames),
        ),
      };
    }
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method.toLowerCase()]: {
        operationId: operation.id,
        summary: operation.summary,
        description: authNotes[operation.auth],
        tags: [operation.path.split('/')[1]],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(operation.body === null
          ? {}
          : {
              requestBody: {
                required: true,
                content: jsonContent(componentRef(titleOf(operation.body)), requestExample),
              },
            }),
        responses,
        security: securityOf(operation.auth),
      },
    };
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'LLM gateway: presets, model endpoints, providers and observability destinations',
      version: '1.0.0',
      description:
        'The HTTP interface whose contract the gateway-contract library holds. Bodies are `application/json`; ' +
        'every error has one body, whose `error.code` equals the HTTP status.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{baseUrl}',
        description: "The service's base address, which ends in the version segment `v1`.",
        variables: {
          baseUrl: {
            default: 'http://127.0.0.1:8787/api/v1',
            description: 'Where `gateway-contract serve` listens by default.',
          },
        },
      },
    ],
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key as a bearer token, `Authorization: Bearer <key>`: a non-empty key of visible ASCII, the scheme in any case.',
        },
      },
    },
  };
}

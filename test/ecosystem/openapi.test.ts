import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations, statusMessages, validateErrorResponse, type Operation } from '../../src/index.js';
import { CUSTOM_KEYWORD, Draft2020Converter } from '../../build/documents/json-schema-2020.js';
import { taggedUnion } from '../../schemas/tagged-union.js';
import { emittedFiles, root } from './support/json-cases.js';

type Node = Record<string, unknown>;

const document = JSON.parse(readFileSync(`${root}dist/openapi.json`, 'utf8')) as Node;
const components = (document['components'] as { schemas: Record<string, Node> }).schemas;
const files = emittedFiles();
const REF = '#/components/schemas/';

/** A component with every `$ref` replaced by its target, as one self-contained schema. */
function dereferenced(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dereferenced);
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as Node)['$ref'];
  if (typeof ref === 'string') return dereferenced(components[ref.slice(REF.length)]);
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key === `x-${CUSTOM_KEYWORD}` ? CUSTOM_KEYWORD : key,
      dereferenced(child),
    ]),
  );
}

function operationObject(operation: Operation): Node {
  const paths = document['paths'] as Record<string, Record<string, Node>>;
  return paths[operation.path]![operation.method.toLowerCase()]!;
}

/** Redocly's lint of an OpenAPI document, with the repository's redocly.yaml, as its JSON report. */
function redoclyLint(path: string): { totals: Node; problems: unknown[] } {
  // The report is on stdout whatever the exit status, which is 1 when it finds an error.
  const { stdout } = spawnSync(`${root}node_modules/.bin/redocly`, ['lint', path, '--format=json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return JSON.parse(stdout) as { totals: Node; problems: unknown[] };
}

/** The problems Redocly finds in a component `OneKind`, as the body of an operation of the document. */
function oneKindProblems(schema: Node): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'gateway-contract-one-branch-'));
  try {
    const path = join(folder, 'openapi.json');
    const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/OneKind' } } } };
    const paths = document['paths'] as Record<string, Record<string, Node>>;
    const create = operationObject(operations.createPresetsMessages);
    paths[operations.createPresetsMessages.path]!['post'] = { ...create, requestBody: body };
    writeFileSync(
      path,
      JSON.stringify({
        ...document,
        paths,
        components: { ...(document['components'] as Node), schemas: { ...components, OneKind: schema } },
      }),
    );
    paths[operations.createPresetsMessages.path]!['post'] = create;
    return redoclyLint(path)
      .problems.map((problem) => JSON.stringify(problem))
      .filter((problem) => problem.includes('OneKind'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('dist/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("lints clean with Redocly's recommended rules and redocly.yaml", () => {
    const report = redoclyLint(`${root}dist/openapi.json`);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('writes a tagged union of one branch (a union whose second kind is yet to come) so that it lints clean too', () => {
    const only = {
      type: 'object',
      required: ['type'],
      properties: { type: { enum: ['only'] }, n: { type: 'integer' } },
    };
    const converted = new Draft2020Converter(() => undefined).document(
      taggedUnion('type', [only]),
      'urn:x',
      'OneKind',
    );
    expect(converted).not.toHaveProperty('oneOf');
    expect(converted['allOf']).toEqual([only]);
    // As the OpenAPI document holds a component: without the file's own `$schema` and `$id`.
    const component = Object.fromEntries(
      Object.entries(converted).filter(([key]) => key !== '$schema' && key !== '$id'),
    );
    const asWritten: Node = { ...component, oneOf: component['allOf'] };
    delete asWritten['allOf'];
    // The union as it would be without the conversion draws the lint's problem, so the check can fail.
    expect(oneKindProblems(asWritten).join('\n')).toContain('should have at least two schemas');
    expect(oneKindProblems(component)).toEqual([]);
  }, 120_000);

  it('gives every 503 a required Retry-After header, and the destination its 403 (contract: overload, authentication)', () => {
    const store = operationObject(operations.createPresetsMessages)['responses'] as Record<string, Node>;
    expect(store['503']!['headers']).toMatchObject({
      'Retry-After': { required: true, schema: { type: 'integer', minimum: 0 } },
    });
    const destination = operationObject(operations.getObservabilityDestination)['responses'] as Node;
    expect(Object.keys(destination)).toContain('403');
  });

  it('lists Idempotency-Key on the create, and Retry-After on its 409 (contract: idempotent-creates)', () => {
    const create = operationObject(operations.createPresetsMessages);
    const parameters = create['parameters'] as Node[];
    expect(parameters.find((parameter) => parameter['in'] === 'header')).toMatchObject({
      name: 'Idempotency-Key',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
    const conflict = (create['responses'] as Record<string, Node>)['409']!;
    expect(conflict['headers']).toMatchObject({ 'Retry-After': { required: false } });
    expect(String(conflict['description'])).toContain('Idempotency-Key');
  });

  it('serves under a base URL that ends in /v1 (contract: versioning)', () => {
    const [server] = document['servers'] as Array<{
      url: string;
      variables: Record<string, { default: string }>;
    }>;
    const url = server!.url.replace(/\{(\w+)\}/g, (_, name: string) => server!.variables[name]!.default);
    expect(url).toMatch(/^https?:\/\/[^/]+(\/.*)?\/v1$/);
  });

  it.each(Object.values(operations) as Operation[])(
    'describes $id from the operations table',
    (operation) => {
      const object = operationObject(operation);
      expect(object['operationId']).toBe(operation.id);
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const parameters = (object['parameters'] ?? []) as Array<{ name: string; in: string; schema: Node }>;
      // The path's parameters, then the headers the table lists (contract: idempotent-creates).
      expect(parameters.map(({ name, in: where }) => [name, where])).toEqual([
        ...names.map((name) => [name, 'path']),
        ...(operation.headers ?? []).map((name) => [name, 'header']),
      ]);
      // Each path parameter's schema is the one of the emitted parameter file.
      for (const { name, schema } of parameters.filter((parameter) => parameter.in === 'path')) {
        expect(schema).toEqual((files[`params/${operation.id}`]!['properties'] as Node)[name]);
      }
      const body = (object['requestBody'] as Node | undefined)?.['content'] as Node | undefined;
      expect(body === undefined ? null : body['application/json']).toEqual(
        operation.body === null
          ? null
          : expect.objectContaining({ schema: { $ref: REF + files[operation.body]!['title'] } }),
      );
      const responses = object['responses'] as Record<string, { content: Record<string, Node> }>;
      // What never changes also answers 304 to a client that holds it (contract: reading-versions).
      const notModified = operation.immutable ? ['304'] : [];
      expect(Object.keys(responses)).toEqual(['200', ...notModified, ...operation.errors.map(String)]);
      if (operation.immutable) {
        expect(Object.keys((responses['304'] as unknown as { headers: Node }).headers)).toEqual([
          'ETag',
          'Cache-Control',
        ]);
      }
      expect(responses['200']!.content['application/json']!['schema']).toEqual({
        $ref: REF + files[operation.success]!['title'],
      });
    },
  );

  it.each(Object.values(operations) as Operation[])(
    'gives every error of $id the error body',
    (operation) => {
      const responses = operationObject(operation)['responses'] as Record<
        string,
        { content: Record<string, Node> }
      >;
      for (const status of operation.errors) {
        const media = responses[status]!.content['application/json']!;
        expect(media['schema']).toEqual({ $ref: `${REF}ErrorResponse` });
        const example = media['example'] as { error: { code: number; message: string; metadata?: unknown } };
        expect(validateErrorResponse(example)).toBe(true);
        expect(example.error).toMatchObject({ code: status, message: statusMessages[status] });
        expect('metadata' in example.error).toBe(status === 400);
      }
    },
  );

  it.each(Object.values(operations) as Operation[])(
    'asks $id for a bearer key as the contract says (contract: authentication)',
    (operation) => {
      const security = operationObject(operation)['security'];
      // A public operation takes a key but needs none: the empty requirement is the anonymous alternative.
      expect(security).toEqual(operation.auth === 'public' ? [{}, { bearer: [] }] : [{ bearer: [] }]);
      expect((document['components'] as Node)['securitySchemes']).toEqual({
        bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      });
    },
  );

  it.each(Object.keys(files).filter((name) => !name.startsWith('params/')))(
    'holds %s as components that, resolved, equal the emitted file',
    (name) => {
      const { $schema: _schema, $id: _id, title, ...body } = files[name]!;
      expect(dereferenced(components[String(title)])).toEqual(body);
    },
  );
});

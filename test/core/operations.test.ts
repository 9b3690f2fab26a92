import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationIds, operations, validateParams } from '../../src/index.js';
import type { ErrorStatus } from '../../src/core/errors.js';
import type { Operation, OperationId } from '../../src/core/operations.js';
import { operationSchemas, rootSchemas } from '../../schemas/index.js';

/*
 * The table itself is written once, in src/core/operations.ts, and shown in the README and docs/contract.md by
 * `npm run generate` (test/docs/generated-blocks.test.ts); these tests hold every entry to the rules the contract
 * states for all operations, and each entry that mirrors the public API (all but those marked `beyondPublicApi`)
 * to that API's own document, so a new one is checked without being typed again here.
 */

const entries = Object.values(operations) as Operation[];

/** The operations of the public API's OpenAPI document, as test/fixtures/public-api-closure.json keeps them. */
const publicOperations = (
  JSON.parse(readFileSync(new URL('../fixtures/public-api-closure.json', import.meta.url), 'utf8')) as {
    'x-operations': Record<
      string,
      { method: string; path: string; requestBody?: unknown; responses: Record<string, unknown> }
    >;
  }
)['x-operations'];

describe('the operations table', () => {
  it('keys each operation by its id, in the order operationIds lists (contract: operations)', () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(operationIds).toEqual(Object.keys(operations));
    for (const [id, operation] of Object.entries(operations)) expect(operation.id).toBe(id);
  });

  it('gives each method and path to one operation only', () => {
    const routes = entries.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('names each path parameter of a template in its entry and its params schema, in order', () => {
    for (const operation of entries) {
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(operation.params)).toEqual(names);
      const { params } = operationSchemas[operation.id as OperationId];
      expect(params === null ? [] : Object.keys(params.properties)).toEqual(names);
      if (params !== null) expect([...params.required]).toEqual(names);
    }
  });

  it('converts the version alone, which its schema admits only as canonical digits', () => {
    const converted = entries.flatMap((operation) =>
      Object.entries(operation.params).flatMap(([name, kind]) =>
        kind === 'number' ? [`${operation.id}.${name}`] : [],
      ),
    );
    expect(converted).toEqual(['getPresetVersion.version']);
    // What the schema admits, a number writes back the same: the conversion loses nothing.
    const versions = ['1', '42', '999999999', '0', '01', '1e3', ' 1', '1.0', '0x1', '-1', '1000000000'];
    const admitted = versions.filter(
      (version) => validateParams('getPresetVersion', { slug: 'p', version }).ok,
    );
    expect(admitted).toEqual(['1', '42', '999999999']);
    for (const version of admitted) expect(String(Number(version))).toBe(version);
  });

  it('names the root that checks each request body and each success body', () => {
    for (const operation of entries) {
      const schemas = operationSchemas[operation.id as OperationId];
      expect(schemas.body).toBe(operation.body === null ? null : rootSchemas[operation.body]);
      expect(rootSchemas[operation.success]).toBe(schemas.success);
    }
  });

  it('lists each status once, in order, as the contract derives them (contract: errors)', () => {
    for (const operation of entries) {
      const { id, errors, body, auth } = operation;
      const has = (status: ErrorStatus) => (errors as readonly ErrorStatus[]).includes(status);
      expect(
        [...errors].sort((a, b) => a - b),
        id,
      ).toEqual([...new Set(errors)]);
      expect(has(500), `${id} lists 500`).toBe(true);
      // A body can be too large, of the wrong content type, or (with its bytes in flight) refused for room.
      expect(has(413), `${id} lists 413 exactly when it takes a body`).toBe(body !== null);
      if (body !== null) expect(has(400), `${id} takes a body, so it lists 400`).toBe(true);
      if (has(503)) expect(body, `${id} lists 503, so it takes a body`).not.toBeNull();
      // contract: overload (a body that stops arriving is cut)
      expect(has(408), `${id} lists 408 exactly when it takes a body`).toBe(body !== null);
      // contract: authentication
      expect(has(401), `${id} lists 401 exactly when it needs a key`).toBe(auth !== 'public');
      if (auth === 'management') expect(has(403), `${id} needs a management key`).toBe(true);
    }
  });

  it("mirrors the public API's operations, with what the contract adds to their statuses", () => {
    const listed = Object.entries(publicOperations).map(([id, publicOperation]) => {
      const takesBody = publicOperation.requestBody !== undefined;
      const statuses = Object.keys(publicOperation.responses).map(Number);
      const added = [
        ...(takesBody ? [408, 413, 503] : []), // contract: body-limits, overload
        ...(operations[id as OperationId]?.auth === 'management' ? [403] : []), // contract: authentication
      ];
      return {
        id,
        method: publicOperation.method.toUpperCase(),
        path: publicOperation.path,
        takesBody,
        errors: [...new Set([...statuses, ...added])]
          .filter((status) => status !== 200)
          .sort((a, b) => a - b),
      };
    });
    const mirrored = entries.filter((operation) => operation.beyondPublicApi !== true);
    const ours = mirrored.map(({ id, method, path, body, errors }) => ({
      id,
      method,
      path,
      takesBody: body !== null,
      errors: [...errors],
    }));
    expect(ours).toEqual(listed);
    // An operation of the project's own takes neither the id nor the route of one of the public API's.
    const publicRoutes = listed.map(({ method, path }) => `${method} ${path}`);
    for (const own of entries.filter((operation) => operation.beyondPublicApi === true)) {
      expect(Object.keys(publicOperations), own.id).not.toContain(own.id);
      expect(publicRoutes, own.id).not.toContain(`${own.method} ${own.path}`);
    }
  });
});

describe('validateParams (contract: path-parameters)', () => {
  it('answers a bad parameter with 400 where the operation lists 400', () => {
    const result = validateParams('getPresetVersion', { slug: 'my-preset', version: '01' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.error.code).toBe(400);
      expect(result.error.error.metadata?.issues[0]?.path).toBe('/version');
    }
  });

  it('answers a bad parameter with 404 where the operation does not list 400', () => {
    const result = validateParams('getObservabilityDestination', { id: '{not-a-uuid}' });
    expect(result).toEqual({ ok: false, error: { error: { code: 404, message: 'Resource not found' } } });
  });

  it('accepts good parameters', () => {
    expect(validateParams('listEndpoints', { author: 'openai', slug: 'gpt-4o:free' }).ok).toBe(true);
    expect(validateParams('listProviders', {}).ok).toBe(true);
  });

  it('throws a TypeError for an operation that does not exist', () => {
    expect(() => validateParams('deleteEverything' as never, {})).toThrow(TypeError);
  });
});

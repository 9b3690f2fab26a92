import { describe, expect, it } from 'vitest';
import { operationIds, operations, validateParams } from '../../src/index.js';
import { operationSchemas } from '../../schemas/index.js';

describe('the operations table', () => {
  it('holds the five operations of the interface (contract: operations)', () => {
    expect(operationIds).toEqual([
      'createPresetsMessages',
      'getPresetVersion',
      'listEndpoints',
      'getObservabilityDestination',
      'listProviders',
    ]);
    for (const [id, operation] of Object.entries(operations)) expect(operation.id).toBe(id);
  });

  it('names each path parameter of a template in its entry and its params schema, in order', () => {
    for (const operation of Object.values(operations)) {
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(operation.params)).toEqual(names);
      const { params } = operationSchemas[operation.id];
      expect(params === null ? [] : Object.keys(params.properties)).toEqual(names);
      if (params !== null) expect([...params.required]).toEqual(names);
    }
  });

  it('converts the version alone, which its schema admits only as canonical digits', () => {
    const converted = Object.values(operations).flatMap((operation) =>
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

  it('gives a body to createPresetsMessages only', () => {
    expect(operations.createPresetsMessages.body).toBe('messages-request');
    expect(Object.values(operations).filter((operation) => operation.body !== null)).toHaveLength(1);
    for (const [id, schemas] of Object.entries(operationSchemas)) {
      expect(schemas.body === null).toBe(operations[id as keyof typeof operations].body === null);
    }
  });

  it('names the root that checks each success body', async () => {
    const { rootSchemas } = await import('../../schemas/index.js');
    for (const operation of Object.values(operations)) {
      expect(rootSchemas[operation.success]).toBe(operationSchemas[operation.id].success);
    }
  });

  it('lists the error statuses of each operation, 413 where a body is taken (contract: errors)', () => {
    expect(operations.createPresetsMessages.errors).toEqual([400, 401, 403, 404, 409, 413, 500, 503]);
    expect(operations.getPresetVersion.errors).toEqual([400, 401, 404, 500]);
    expect(operations.listEndpoints.errors).toEqual([403, 404, 500]);
    expect(operations.getObservabilityDestination.errors).toEqual([401, 403, 404, 500]);
    expect(operations.listProviders.errors).toEqual([500]);
  });

  it('requires the keys the contract names (contract: authentication)', () => {
    const auth = Object.fromEntries(
      Object.values(operations).map((operation) => [operation.id, operation.auth]),
    );
    expect(auth).toEqual({
      createPresetsMessages: 'management',
      getPresetVersion: 'key',
      listEndpoints: 'public',
      getObservabilityDestination: 'management',
      listProviders: 'public',
    });
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

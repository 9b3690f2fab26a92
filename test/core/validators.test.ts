import { describe, expect, it } from 'vitest';
import { rootSchemas } from '../../schemas/index.js';
import {
  operations,
  rootNames,
  validate,
  validateErrorResponse,
  validateMessagesRequest,
  validateModelEndpointsResponse,
  validateObservabilityDestinationResponse,
  validatePresetResponse,
  validatePresetVersionResponse,
  validateProvidersResponse,
} from '../../src/index.js';

const request = { model: 'anthropic/claude-4.6-sonnet', messages: [{ role: 'user', content: 'Hi' }] };

describe('validate', () => {
  it('knows a root name for each body of the operations table and for the error body', () => {
    expect(rootNames).toEqual(Object.keys(rootSchemas));
    const bodies = Object.values(operations).flatMap(({ body, success }) => [body, success]);
    expect([...rootNames].sort()).toEqual(
      [...new Set([...bodies.filter((body) => body !== null), 'error-response'])].sort(),
    );
  });

  it('returns the value itself when it is valid', () => {
    const result = validate('messages-request', request);
    expect(result).toEqual({ ok: true, value: request });
    expect(result.ok && result.value).toBe(request);
  });

  it('throws a TypeError that names the valid names for an unknown name', () => {
    expect(() => validate('message-request' as never, request)).toThrow(TypeError);
    expect(() => validate('toString' as never, request)).toThrow(/messages-request, preset-response/);
  });

  it('answers a non-object body with a 400 error body, never a throw', () => {
    for (const value of [null, 1, 'x', [], true, undefined]) {
      const result = validate('messages-request', value);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error).toEqual({
          error: {
            code: 400,
            message: 'Invalid request parameters',
            metadata: { issues: [{ path: '', message: 'must be an object' }] },
          },
        });
    }
  });
});

describe('the type-guard validators', () => {
  it('are Ajv-style functions with errors on failure', () => {
    const guards = [
      validateMessagesRequest,
      validatePresetResponse,
      validatePresetVersionResponse,
      validateModelEndpointsResponse,
      validateObservabilityDestinationResponse,
      validateProvidersResponse,
      validateErrorResponse,
    ];
    for (const guard of guards) {
      expect(guard({})).toBe(false);
      expect(guard.errors?.length).toBeGreaterThan(0);
    }
    expect(validateMessagesRequest(request)).toBe(true);
    expect(validateMessagesRequest.errors).toBeNull();
  });
});

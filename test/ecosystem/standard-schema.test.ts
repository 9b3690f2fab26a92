import { sValidator } from '@hono/standard-validator';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as library from '../../src/index.js';
import type { MessagesRequest, StandardSchemaV1 } from '../../src/index.js';
import { pathFromPointer } from '../../src/core/standard-schema.js';

/** Every root guard the main entry exports, by export name. */
const guards = library.rootNames.map((name) => {
  const exportName = `validate${name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
  return [exportName, (library as Record<string, unknown>)[exportName] as StandardSchemaV1] as const;
});

const request = { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'Hello' }] };

describe('Standard Schema v1 on the root guards', () => {
  it.each(guards)('%s carries ~standard with version 1 and the vendor', (_name, guard) => {
    expect(guard['~standard']).toMatchObject({ version: 1, vendor: 'gateway-contract' });
    expect(typeof guard['~standard'].validate).toBe('function');
  });

  it('returns the value itself when it passes', () => {
    const result = library.validateMessagesRequest['~standard'].validate(request);
    expect(result).toEqual({ value: request });
    expect((result as StandardSchemaV1.SuccessResult<MessagesRequest>).value).toBe(request);
  });

  it('returns the error body issues with paths as arrays, indices as numbers, when it fails', () => {
    const bad = { ...request, messages: [{ role: 'user', content: [{ type: 'text', text: 1 }] }] };
    expect(library.validateMessagesRequest['~standard'].validate(bad)).toEqual({
      issues: [{ message: 'must be a string', path: ['messages', 0, 'content', 0, 'text'] }],
    });
    expect(library.validateMessagesRequest['~standard'].validate({ messages: [] })).toEqual({
      issues: [{ message: 'is required', path: ['model'] }],
    });
  });

  it('never throws, whatever it is given', () => {
    for (const value of [undefined, null, 1, 'x', [], () => 1, Symbol('s'), 10n, new Map()]) {
      expect(library.validateMessagesRequest['~standard'].validate(value)).toHaveProperty('issues');
    }
  });

  it('types its output as the root type', () => {
    expectTypeOf<
      StandardSchemaV1.InferOutput<typeof library.validateMessagesRequest>
    >().toEqualTypeOf<MessagesRequest>();
    expectTypeOf<
      StandardSchemaV1.InferInput<typeof library.validateErrorResponse>
    >().toEqualTypeOf<library.ErrorResponse>();
  });
});

describe('pathFromPointer', () => {
  it('unescapes segments and reads indices only where the value holds an array', () => {
    const value = { 'a/b': [{ '~k': { 0: true } }] };
    expect(pathFromPointer('/a~1b/0/~0k/0', value)).toEqual(['a/b', 0, '~k', '0']);
    expect(pathFromPointer('', value)).toEqual([]);
    expect(pathFromPointer('/missing/0', value)).toEqual(['missing', '0']);
  });
});

describe('a Hono app validating with @hono/standard-validator', () => {
  const app = new Hono().post(
    '/presets/:slug/messages',
    sValidator('json', library.validateMessagesRequest),
    (c) => {
      const body = c.req.valid('json');
      expectTypeOf(body).toEqualTypeOf<MessagesRequest>();
      return c.json({ model: body.model, messages: body.messages.length });
    },
  );

  const post = (body: unknown) =>
    app.request('/presets/my-preset/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('hands the handler the validated body', async () => {
    const response = await post(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ model: 'openai/gpt-4o', messages: 1 });
  });

  it('answers 400 with the issues when the body breaks a rule', async () => {
    const response = await post({ ...request, fallbacks: ['a', 'b', 'c', 'd'].map((model) => ({ model })) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: [{ message: 'must have at most 3 items', path: ['fallbacks'] }],
    });
  });
});

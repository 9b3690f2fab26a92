import { describe, expect, it } from 'vitest';
import {
  maskDestination,
  normalizePresetRequest,
  validate,
  validateParams,
  type MessagesRequest,
} from '../../src/index.js';

const request = (): Record<string, unknown> => ({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

function throwing(): never {
  throw new Error('a getter that throws');
}

/** A Proxy every trap of which throws. */
const hostileProxy = <T extends object>(target: T): T =>
  new Proxy(target, {
    get: throwing,
    has: throwing,
    ownKeys: throwing,
    getOwnPropertyDescriptor: throwing,
    getPrototypeOf: throwing,
  });

function hugeSparseArray(): unknown[] {
  const array: unknown[] = [];
  array.length = 2 ** 32 - 1;
  return array;
}

function nested(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let inner = root;
  for (let level = 1; level < levels; level++) inner = inner.a = {};
  return root;
}

const unreadable = { path: '', message: 'must be a JSON value' };

describe('validate answers any JavaScript value with a verdict, never a throw', () => {
  const cases: Array<[string, () => unknown]> = [
    [
      'a throwing getter at the root',
      () => Object.defineProperty(request(), 'model', { get: throwing, enumerable: true }),
    ],
    [
      'a throwing getter deep in a message',
      () => {
        const body = request();
        Object.defineProperty((body.messages as object[])[0], 'content', { get: throwing, enumerable: true });
        return body;
      },
    ],
    ['a Proxy whose traps throw, as the body', () => hostileProxy({})],
    ['a Proxy whose traps throw, as messages', () => ({ model: 'm', messages: hostileProxy([]) })],
  ];

  it.each(cases)('%s: 400 at the root, "must be a JSON value"', (_name, make) => {
    expect(validate('messages-request', make())).toEqual({
      ok: false,
      error: {
        error: { code: 400, message: 'Invalid request parameters', metadata: { issues: [unreadable] } },
      },
    });
  });

  it('a cycle where values are free is a verdict, and one in messages is refused', () => {
    const body = request();
    const metadata: Record<string, unknown> = {};
    metadata.self = metadata;
    body.metadata = metadata;
    expect(validate('messages-request', body).ok).toBe(true);
    (body.messages as unknown[]).push(body.messages);
    expect(validate('messages-request', body).ok).toBe(false);
  });

  // A walk over every slot would not end within the test's timeout; how fast the refusal comes is a benchmark's.
  it('a sparse array of 2^32 - 1 slots in messages is refused, not walked', () => {
    const result = validate('messages-request', { model: 'm', messages: hugeSparseArray() });
    expect(result.ok).toBe(false);
  }, 60_000);

  it('nesting deep enough to overflow the stack is a verdict', () => {
    const body = request();
    const schema: Record<string, unknown> = { type: 'object' };
    let inner = schema;
    for (let level = 0; level < 100_000; level++) {
      const next: Record<string, unknown> = { type: 'object' };
      inner.properties = { a: next };
      inner = next;
    }
    body.tools = [{ name: 't', input_schema: schema }];
    expect(() => validate('messages-request', body)).not.toThrow();
  });

  it('a frozen body validates as any other', () => {
    expect(validate('messages-request', Object.freeze(request())).ok).toBe(true);
  });

  it('validateParams answers throwing getters and Proxies with its status', () => {
    const getter = Object.defineProperty({ version: '1' }, 'slug', { get: throwing, enumerable: true });
    expect(validateParams('getPresetVersion', getter)).toEqual({
      ok: false,
      error: {
        error: { code: 400, message: 'Invalid request parameters', metadata: { issues: [unreadable] } },
      },
    });
    expect(validateParams('getObservabilityDestination', hostileProxy({}))).toEqual({
      ok: false,
      error: { error: { code: 404, message: 'Resource not found' } },
    });
  });
});

describe('the copies of normalizePresetRequest and maskDestination (contract: body-limits)', () => {
  const withSchema = (schema: object) =>
    ({ ...request(), tools: [{ name: 't', input_schema: schema }] }) as unknown as MessagesRequest;

  it('throw a TypeError on a cycle', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { a: schema };
    expect(() => normalizePresetRequest(withSchema(schema))).toThrow(
      new TypeError('Cannot copy a value that contains itself: JSON has no cycles'),
    );
    const config: Record<string, unknown> = {};
    config.self = config;
    expect(() => maskDestination({ config })).toThrow(TypeError);
  });

  it('throw a TypeError past 64 levels, counted from the request or the destination', () => {
    // tools (2), its entry (3), input_schema (4): 61 levels of schema reach level 64.
    expect(() => normalizePresetRequest(withSchema(nested(61)))).not.toThrow();
    expect(() => normalizePresetRequest(withSchema(nested(62)))).toThrow(
      new TypeError('Cannot copy a value nested more than 63 levels deep'),
    );
    expect(() => maskDestination({ config: nested(63) })).not.toThrow();
    expect(() => maskDestination({ config: nested(64) })).toThrow(TypeError);
  });

  it('throw a TypeError on a sparse array, at once', () => {
    expect(() => normalizePresetRequest(withSchema({ enum: hugeSparseArray() }))).toThrow(
      new TypeError('Cannot copy an array with a hole: JSON arrays have none'),
    );
  });

  it('copy a value reached twice once, and keep the copy apart from the input', () => {
    const shared = { type: 'string' };
    const { config } = normalizePresetRequest(withSchema({ properties: { a: shared, b: shared } }));
    const properties = (config.tools as Array<{ input_schema: { properties: Record<string, object> } }>)[0]!
      .input_schema.properties;
    expect(properties.a).toEqual(shared);
    expect(properties.a).not.toBe(shared);
  });

  it('keep properties named __proto__, constructor and prototype, as own data properties (attack I)', () => {
    const properties = JSON.parse(
      '{"constructor":{"type":"string"},"prototype":{"type":"number"},"__proto__":{"type":"boolean"}}',
    ) as object;
    const schema = { type: 'object', properties, required: ['constructor', 'prototype', '__proto__'] };
    const { config } = normalizePresetRequest(withSchema(schema));
    const saved = (config.tools as Array<{ input_schema: { properties: object } }>)[0]!.input_schema
      .properties;
    expect(Object.keys(saved)).toEqual(['constructor', 'prototype', '__proto__']);
    expect(Object.getPrototypeOf(saved)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(saved, '__proto__')?.value).toEqual({ type: 'boolean' });
    expect(JSON.stringify(config.tools)).toBe(JSON.stringify([{ name: 't', input_schema: schema }]));

    const destination = JSON.parse(
      '{"config":{"__proto__":{"apiKey":"x"},"apiKey":"sk-0123456789abcdef"}}',
    ) as {
      config: object;
    };
    const masked = maskDestination(destination);
    expect(Object.keys(masked.config)).toEqual(['__proto__', 'apiKey']);
    expect(Object.getPrototypeOf(masked.config)).toBe(Object.prototype);
  });
});

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import { validate } from '../../src/core/validators.js';
import { ContractViolation } from '../../src/http/contract-violation.js';
import { createHandler } from '../../src/http/handler.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { presetOperations } from '../../src/http/store/preset-operations.js';
import type { ErrorContext, GatewayOperations, HandlerOptions, Principal } from '../../src/http/types.js';
import { exampleRequest } from './example-request.js';
import { stubOperations } from '../support/stub-operations.js';

const management: Principal = { kind: 'management', userId: 'u-m', workspaceId: null };
const standard: Principal = { kind: 'standard', userId: 'u-s', workspaceId: null };
const resolveKey = (key: string) => ({ m: management, s: standard })[key] ?? null;

/** Implementations that record what they were called with and answer 404, or an empty provider list. */
function recordingOperations(calls: unknown[]): GatewayOperations {
  const record = (input: unknown) => void calls.push(input);
  return stubOperations(
    { listProviders: (input) => (record(input), { data: [] }) },
    (input) => (record(input), errorBody(404)),
  );
}

function handlerWith(overrides: Partial<HandlerOptions> = {}, calls: unknown[] = []) {
  return createHandler({ resolveKey, operations: recordingOperations(calls), ...overrides });
}

const json = { 'content-type': 'application/json' };

afterEach(() => vi.unstubAllEnvs());

describe('the order of the checks', () => {
  const handler = handlerWith();

  it('routes before it authenticates: an unknown path is 404 and a wrong method 405, key or not', async () => {
    expect((await handler({ method: 'GET', url: '/nowhere', headers: {} })).status).toBe(404);
    expect((await handler({ method: 'PUT', url: '/presets/p/messages', headers: {} })).status).toBe(405);
  });

  it('authenticates before it checks parameters: 401, then 403, then 400 (contract: authentication)', async () => {
    const request = { method: 'POST', url: '/presets/a%20b/messages', headers: json, body: '{}' };
    expect((await handler(request)).status).toBe(401);
    expect((await handler({ ...request, headers: { ...json, authorization: 'Bearer s' } })).status).toBe(403);
    const asManagement = await handler({ ...request, headers: { ...json, authorization: 'Bearer m' } });
    expect(JSON.parse(asManagement.body).error.metadata.issues[0].path).toBe('/slug');
  });

  it('checks parameters before the body, and the content type before the size', async () => {
    const headers = { authorization: 'Bearer m', 'content-type': 'text/plain' };
    const huge = 'x'.repeat(64);
    const limits = { maxBytes: 16 };
    const badSlug = await handlerWith({ limits })({
      method: 'POST',
      url: '/presets/./messages',
      headers,
      body: huge,
    });
    expect(JSON.parse(badSlug.body).error.metadata.issues[0].path).toBe('/slug');
    const textBody = await handlerWith({ limits })({
      method: 'POST',
      url: '/presets/p/messages',
      headers,
      body: huge,
    });
    expect(textBody.status).toBe(400);
  });

  it('reads no body when the request is turned away first', async () => {
    const reader = vi.fn(async () => exampleRequest);
    const response = await handler({
      method: 'POST',
      url: '/presets/p/messages',
      headers: json,
      body: reader,
    });
    expect(response.status).toBe(401);
    expect(reader).not.toHaveBeenCalled();
  });

  it('answers a parameter that does not percent-decode: 400 on a create, 404 on a destination, after auth', async () => {
    const create = await handler({
      method: 'POST',
      url: '/presets/%E0%A4%A/messages',
      headers: { ...json, authorization: 'Bearer m' },
    });
    expect(JSON.parse(create.body)).toEqual(
      errorBody(400, [{ path: '/slug', message: 'must be percent-encoded UTF-8' }]),
    );
    const destination = { method: 'GET', url: '/observability/destinations/%zz' };
    expect((await handler({ ...destination, headers: {} })).status).toBe(401);
    expect((await handler({ ...destination, headers: { authorization: 'Bearer m' } })).status).toBe(404);
  });
});

describe('authentication', () => {
  it('treats a missing, malformed or unknown key on a public operation as anonymous', async () => {
    const calls: unknown[] = [];
    const handler = handlerWith({}, calls);
    for (const authorization of [undefined, 'Basic abc', 'Bearer unknown', 'Bearer s']) {
      const headers = authorization === undefined ? {} : { authorization };
      expect((await handler({ method: 'GET', url: '/providers', headers })).status).toBe(200);
    }
    expect(calls).toEqual([
      { principal: null },
      { principal: null },
      { principal: null },
      { principal: standard },
    ]);
  });

  it('awaits an asynchronous resolveKey and passes the principal on', async () => {
    const calls: unknown[] = [];
    const handler = createHandler({
      resolveKey: async (key) => resolveKey(key),
      operations: recordingOperations(calls),
    });
    await handler({ method: 'GET', url: '/presets/p/versions/7', headers: { Authorization: 'bearer s' } });
    expect(calls).toEqual([{ slug: 'p', version: 7, principal: standard }]);
  });

  it('reads the header from fetch Headers too, and reads a repeated one as malformed', async () => {
    const handler = handlerWith();
    const url = '/presets/p/versions/1';
    expect(
      (await handler({ method: 'GET', url, headers: new Headers({ authorization: 'Bearer s' }) })).status,
    ).toBe(404);
    const repeated = await handler({
      method: 'GET',
      url,
      headers: { authorization: ['Bearer s', 'Bearer m'] },
    });
    expect(repeated.status).toBe(401);
    expect(JSON.parse(repeated.body)).toEqual({ error: { code: 401, message: 'Invalid API key' } });
  });

  it('tells a missing key from a malformed or unknown one (contract: authentication)', async () => {
    const handler = handlerWith();
    const url = '/presets/p/versions/1';
    const message = async (headers: Record<string, string>) =>
      JSON.parse((await handler({ method: 'GET', url, headers })).body).error.message;
    expect(await message({})).toBe('Missing Authentication header');
    expect(await message({ authorization: 'Basic dXNlcjpwYXNz' })).toBe('Missing Authentication header');
    expect(await message({ authorization: 'Bearer ' })).toBe('Missing Authentication header');
    expect(await message({ authorization: 'Bearer unknown' })).toBe('Invalid API key');
    expect(await message({ authorization: 'Bearer sk\u0000x' })).toBe('Invalid API key');
  });

  describe('a principal the resolver gets wrong (contract: authentication)', () => {
    const good = { kind: 'management', userId: 'u', workspaceId: null };
    const create = {
      method: 'POST',
      url: '/presets/p/messages',
      headers: { ...json, authorization: 'Bearer bad' },
    };

    /** A handler over a memory store whose resolver returns `returned` for `bad` and a valid principal for `good`. */
    function resolvingTo(returned: unknown) {
      const lines: string[] = [];
      const handler = createHandler({
        resolveKey: (key) => (key === 'bad' ? returned : key === 'good' ? good : null) as Principal | null,
        operations: { ...recordingOperations([]), ...presetOperations(new MemoryPresetStore()) },
        onError: (error, context) => lines.push(`${context.phase}: ${(error as Error).message}`),
      });
      const readBack = (slug: string) =>
        handler({
          method: 'GET',
          url: `/presets/${slug}/versions/1`,
          headers: { authorization: 'Bearer good' },
        });
      return { handler, lines, readBack };
    }

    it('without a workspaceId: 500 in the error shape, nothing stored, one line that says why and what to return', async () => {
      const { handler, lines, readBack } = resolvingTo({ kind: 'management' });
      const response = await handler({ ...create, body: exampleRequest });
      expect(response.status).toBe(500);
      expect(JSON.parse(response.body)).toEqual({ error: { code: 500, message: 'Internal Server Error' } });
      expect((await readBack('p')).status).toBe(404);
      expect(lines).toEqual([
        'resolve-key: resolveKey returned a principal whose userId is undefined, not a string, and whose ' +
          'workspaceId is undefined, not a UUID string or null; ' +
          "resolveKey must return null for an unknown key, or { kind: 'management' | 'standard', userId: string, " +
          "workspaceId: '<the workspace's UUID>' } (workspaceId: null for a key of no workspace)",
      ]);
    });

    it.each<[string, unknown, string]>([
      ["workspaceId ''", { kind: 'management', userId: 'u', workspaceId: '' }, 'workspaceId is ""'],
      ["workspaceId 'undefined'", { ...good, workspaceId: 'undefined' }, 'workspaceId is "undefined"'],
      [
        'a UUID in braces',
        { ...good, workspaceId: '{5b0c3a52-7d6e-4f3a-9c41-2e8f1d6a7b90}' },
        'workspaceId is "{',
      ],
      ['a numeric workspaceId', { ...good, workspaceId: 7 }, 'workspaceId is 7, not'],
      ["kind 'admin'", { ...good, kind: 'admin' }, 'kind is "admin", not'],
      ['no userId', { kind: 'standard', workspaceId: null }, 'userId is undefined, not a string'],
      ['a string', 'management', 'value is string, not an object'],
    ])('%s: 500, nothing stored, the member named', async (_, returned, said) => {
      const { handler, lines, readBack } = resolvingTo(returned);
      expect((await handler({ ...create, body: exampleRequest })).status).toBe(500);
      // A public operation checks the principal too: a wrong one is the same bug whatever the route.
      expect((await handler({ method: 'GET', url: '/providers', headers: create.headers })).status).toBe(500);
      expect((await readBack('p')).status).toBe(404);
      expect(lines).toHaveLength(2);
      for (const line of lines)
        expect(line).toContain(`resolve-key: resolveKey returned a principal whose ${said}`);
    });

    it('a valid one, with a workspace UUID in either case, goes through', async () => {
      const workspaceId = '5B0C3A52-7d6e-4f3a-9c41-2e8f1d6a7b90';
      const { handler, lines } = resolvingTo({ kind: 'standard', userId: '', workspaceId });
      expect((await handler({ method: 'GET', url: '/providers', headers: create.headers })).status).toBe(200);
      expect(lines).toEqual([]);
    });

    it('is one line on standard error by default', async () => {
      const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const handler = createHandler({
          resolveKey: () => ({ kind: 'management' }) as Principal,
          operations: recordingOperations([]),
        });
        expect((await handler({ method: 'GET', url: '/providers', headers: create.headers })).status).toBe(
          500,
        );
        expect(printed).toHaveBeenCalledTimes(1);
        const line = printed.mock.calls[0]!.map(String).join(' ');
        expect(line).toMatch(
          /^gateway-contract: 500 in listProviders \(resolve-key\), request [0-9a-f-]{36}: resolveKey returned a principal whose userId is undefined, not a string, and whose workspaceId is undefined/,
        );
        expect(line).not.toContain('\n');
      } finally {
        printed.mockRestore();
      }
    });
  });
});

describe('what the implementations get and return', () => {
  it('passes the decoded parameters and the validated request', async () => {
    const calls: unknown[] = [];
    await handlerWith(
      {},
      calls,
    )({
      method: 'POST',
      url: '/presets/review%7E1/messages',
      headers: { ...json, authorization: 'Bearer m' },
      body: exampleRequest,
    });
    expect(calls).toEqual([{ slug: 'review~1', request: JSON.parse(exampleRequest), principal: management }]);
  });

  it('passes an invalid request through when request validation is off (for measuring only)', async () => {
    const calls: unknown[] = [];
    const handler = handlerWith({ validateRequests: false }, calls);
    const headers = { ...json, authorization: 'Bearer m' };
    const response = await handler({
      method: 'POST',
      url: '/presets/p/messages',
      headers,
      body: '{"model":1}',
    });
    expect(response.status).toBe(404);
    expect(calls).toEqual([{ slug: 'p', request: { model: 1 }, principal: management }]);
  });

  it('turns a status the operation does not list into a 500 and reports it', async () => {
    const errors: unknown[] = [];
    const handler = handlerWith({
      operations: { ...recordingOperations([]), listProviders: () => errorBody(404) },
      onError: (error) => errors.push(error),
    });
    const response = await handler({ method: 'GET', url: '/providers', headers: {} });
    expect(response).toMatchObject({ status: 500, body: JSON.stringify(errorBody(500)) });
    expect(errors).toEqual([expect.any(ContractViolation)]);
    expect((errors[0] as Error).message).toContain('(500)');
  });

  it('checks bodies in development mode and lets them through in production', async () => {
    const invalid = {
      ...recordingOperations([]),
      listProviders: () => ({ data: [{ name: 'no slug' }] }) as never,
    };
    const request = { method: 'GET', url: '/providers', headers: {} };
    const contexts: ErrorContext[] = [];
    const checking = handlerWith({
      operations: invalid,
      onError: (_error, context) => contexts.push(context),
    });
    const answer = await checking(request);
    expect(answer.status).toBe(500);
    expect(contexts).toEqual([
      { operationId: 'listProviders', phase: 'response', requestId: answer.headers['x-request-id'] },
    ]);

    vi.stubEnv('NODE_ENV', 'production');
    expect((await handlerWith({ operations: invalid })(request)).status).toBe(200);
  });

  it('turns a throw in resolveKey into a 500, reported with its phase', async () => {
    const contexts: ErrorContext[] = [];
    const handler = handlerWith({
      resolveKey: () => {
        throw new Error('key service down');
      },
      onError: (_error, context) => contexts.push(context),
    });
    const response = await handler({
      method: 'GET',
      url: '/providers',
      headers: { authorization: 'Bearer x', 'x-request-id': 'req-abc.123_XYZ' },
    });
    expect(response.status).toBe(500);
    expect(response.headers['x-request-id']).toBe('req-abc.123_XYZ');
    expect(contexts).toEqual([
      { operationId: 'listProviders', phase: 'resolve-key', requestId: 'req-abc.123_XYZ' },
    ]);
  });

  it('still answers 500 when the error hook itself throws', async () => {
    const handler = handlerWith({
      operations: {
        ...recordingOperations([]),
        listProviders: () => {
          throw new Error('boom');
        },
      },
      onError: () => {
        throw new Error('hook broke');
      },
    });
    expect((await handler({ method: 'GET', url: '/providers', headers: {} })).status).toBe(500);
  });
});

describe('creating a handler', () => {
  it('throws on options no request could fix', () => {
    const operations = recordingOperations([]);
    expect(() =>
      createHandler({ resolveKey, operations: { ...operations, listProviders: undefined as never } }),
    ).toThrow(/listProviders/);
    expect(() => createHandler({ resolveKey: undefined as never, operations })).toThrow(TypeError);
    expect(() => createHandler({ resolveKey, operations, limits: { maxBytes: -1 } })).toThrow(RangeError);
    expect(() => createHandler({ resolveKey, operations, basePath: 'api' })).toThrow(TypeError);
  });
});

describe('whatever arrives', () => {
  it('never throws and always answers JSON, errors in the error body shape', async () => {
    const handler = handlerWith({ basePath: '/api/v1', onError: () => {} });
    const pathPart = fc.constantFrom(
      'api',
      'v1',
      'presets',
      'messages',
      'versions',
      '1',
      '%',
      '%zz',
      '..',
      '',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'get', ''),
        fc.array(pathPart, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
        fc.dictionary(fc.constantFrom('authorization', 'content-type', 'content-length'), fc.string()),
        fc.option(fc.oneof(fc.string(), fc.uint8Array()), { nil: undefined }),
        async (method, url, headers, body) => {
          const response = await handler({ method, url, headers, body });
          expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
          const parsed: unknown = JSON.parse(response.body);
          if (response.status !== 200) expect(validate('error-response', parsed).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

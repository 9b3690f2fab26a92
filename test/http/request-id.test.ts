import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyGateway } from '../../src/http/adapters/fastify.js';
import { createHandler } from '../../src/http/handler.js';
import { createNodeServer } from '../../src/http/node/node-server.js';
import { isSafeRequestId, requestIdOf } from '../../src/http/request-id.js';
import type { ErrorContext, HandlerOptions } from '../../src/http/types.js';
import { tableOptions } from './adapter-cases.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Ids a client may send that must never be echoed or logged: too long, empty, or able to break a line or header. */
const hostileIds = [
  'a'.repeat(300),
  'b'.repeat(129),
  '',
  'line\nbreak',
  'carriage\r\nX-Injected: 1',
  'nul\u0000byte',
  'bell\u0007',
  'tab\there',
  'space here',
  'quote"id',
  'ünïcode',
  'a,b',
];

describe('the request id (contract: request-id)', () => {
  it('takes 1 to 128 characters of A-Za-z0-9._:- as they are', () => {
    for (const id of [
      'req-abc.123_XYZ',
      'a',
      'x'.repeat(128),
      '0af7651916cd43dd8448eb211c80319c',
      'a:b.c_d-e',
    ]) {
      expect(requestIdOf({ 'x-request-id': id })).toBe(id);
    }
  });

  it.each(hostileIds.map((id) => [JSON.stringify(id).slice(0, 40), id]))(
    'replaces %s with a new UUID',
    (_, id) => {
      expect(isSafeRequestId(id)).toBe(false);
      const replaced = requestIdOf({ 'x-request-id': id });
      expect(replaced).toMatch(UUID);
      expect(replaced).not.toBe(id);
    },
  );

  it('gives a new UUID to a request without one, and to a repeated header', () => {
    const first = requestIdOf({});
    expect(first).toMatch(UUID);
    expect(requestIdOf({})).not.toBe(first);
    expect(requestIdOf({ 'x-request-id': ['one', 'two'] })).toMatch(UUID);
    expect(requestIdOf(new Headers([['X-Request-Id', 'from-fetch']]))).toBe('from-fetch');
  });
});

describe('the handler with a requestId option', () => {
  const base = tableOptions([]);
  const handlerWith = (options: Partial<HandlerOptions>) => createHandler({ ...base, ...options });

  it("uses the id the option reads, on the answer and in onError's context", async () => {
    const contexts: ErrorContext[] = [];
    const handler = handlerWith({
      requestId: (headers) => String((headers as Record<string, string>)['x-amzn-trace-id']),
      resolveKey: () => Promise.reject(new Error('key service down')),
      onError: (_error, context) => contexts.push(context),
    });
    const answer = await handler({
      method: 'GET',
      url: '/providers',
      headers: { 'x-amzn-trace-id': 'Root-1-5759e988', authorization: 'Bearer k' },
    });
    expect(answer.status).toBe(500);
    expect(answer.headers['x-request-id']).toBe('Root-1-5759e988');
    expect(contexts.map((context) => context.requestId)).toEqual(['Root-1-5759e988']);
  });

  it('replaces what the option returns when it breaks the rule, and survives its throw', async () => {
    for (const requestId of [
      () => 'has a space',
      () => 'x'.repeat(129),
      () => 42 as unknown as string,
      () => {
        throw new Error('no id');
      },
    ]) {
      const answer = await handlerWith({ requestId })({ method: 'GET', url: '/providers', headers: {} });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('refuses an option that is not a function when the handler is made', () => {
    expect(() => handlerWith({ requestId: 'fixed' as never })).toThrow(/requestId must be a function/);
  });

  it('sends the id on a CORS preflight too, and lets a browser script read it', async () => {
    const handler = handlerWith({ cors: { origins: ['https://app.example'] } });
    const origin = { origin: 'https://app.example', 'x-request-id': 'browser-1' };
    const preflight = await handler({
      method: 'OPTIONS',
      url: '/providers',
      headers: { ...origin, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['x-request-id']).toBe('browser-1');
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Request-Id');
    const read = await handler({ method: 'GET', url: '/providers', headers: origin });
    expect(read.headers['access-control-expose-headers']).toContain('X-Request-Id');
  });
});

describe('answers made outside the handler', () => {
  it("Fastify's error handler sends the id it reports to onError", async () => {
    const contexts: ErrorContext[] = [];
    const app = Fastify();
    try {
      app.addHook('onRequest', async (request) => {
        if (request.headers['x-fail'] !== undefined) throw new Error('hook failed');
      });
      const options = {
        ...tableOptions([]),
        onError: (_: unknown, context: ErrorContext) => contexts.push(context),
      };
      await app.register(fastifyGateway(options), { prefix: '/api/v1' });
      const failed = await app.inject({
        method: 'GET',
        url: '/api/v1/providers',
        headers: { 'x-fail': '1', 'x-request-id': 'fastify-1' },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['x-request-id']).toBe('fastify-1');
      expect(contexts).toEqual([{ operationId: null, phase: 'framework', requestId: 'fastify-1' }]);
      const hostile = await app.inject({
        method: 'GET',
        url: '/api/v1/providers',
        headers: { 'x-fail': '1', 'x-request-id': 'z'.repeat(300) },
      });
      expect(hostile.headers['x-request-id']).toMatch(UUID);
    } finally {
      await app.close();
    }
  });

  it("Node's own 400 for a request it cannot parse carries a new id, never the client's", async () => {
    const server = createNodeServer(tableOptions([]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      const ended = new Promise((resolve) => socket.once('close', resolve));
      socket.write('GET /providers HTTP/1.1\r\nHost: x\r\nX-Request-Id: bad\u0001id\r\n\r\n');
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const id = /^X-Request-Id: (.*)\r$/im.exec(answer)?.[1];
      expect(id).toMatch(UUID);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

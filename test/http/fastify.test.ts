import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import { fastifyGateway } from '../../src/http/adapters/fastify.js';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import { exampleRequest } from './example-request.js';

const asManagement = { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' };
let app: FastifyInstance | undefined;
afterEach(() => app?.close());

describe('the Fastify plugin', () => {
  it("never calls Fastify's validator or serializer compiler: validation is the library's own", async () => {
    const compiled: string[] = [];
    app = Fastify();
    app.setValidatorCompiler(({ url }) => {
      compiled.push(`validator ${url}`);
      throw new Error('Fastify must not compile a schema');
    });
    app.setSerializerCompiler(({ url }) => {
      compiled.push(`serializer ${url}`);
      throw new Error('Fastify must not compile a schema');
    });
    await app.register(fastifyGateway(tableOptions([])), { prefix: '/api/v1' });
    const url = '/api/v1/presets/compiled/messages';
    const created = await app.inject({ method: 'POST', url, headers: asManagement, payload: exampleRequest });
    const invalid = await app.inject({
      method: 'POST',
      url,
      headers: asManagement,
      payload: '{"model":"m"}',
    });
    const providers = await app.inject({ method: 'GET', url: '/api/v1/providers' });
    expect([created.statusCode, invalid.statusCode, providers.statusCode]).toEqual([200, 400, 200]);
    expect(compiled).toEqual([]);
  });

  it('routes a 128-character slug (contract: path-parameters), past the 100 characters Fastify allows a route parameter', async () => {
    app = Fastify();
    await app.register(fastifyGateway(tableOptions([])), { prefix: '/api/v1' });
    const slug = 's'.repeat(128);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/presets/${slug}/messages`,
      headers: asManagement,
      payload: exampleRequest,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { slug } });
  });

  it('answers a URL with broken percent-encoding in the error body shape through frameworkErrors', async () => {
    const gateway = fastifyGateway(tableOptions([]));
    app = Fastify({ frameworkErrors: gateway.frameworkErrors });
    await app.register(gateway, { prefix: '/api/v1' });
    const create = await app.inject({
      method: 'POST',
      url: '/api/v1/presets/%E0%A4%A/messages',
      headers: asManagement,
    });
    expect(create.json()).toEqual(
      errorBody(400, [{ path: '/slug', message: 'must be percent-encoded UTF-8' }]),
    );
    const destination = await app.inject({ method: 'GET', url: '/api/v1/observability/destinations/%zz' });
    expect(destination.json()).toEqual(errorBody(401));
    const elsewhere = await app.inject({ method: 'GET', url: '/elsewhere/%zz' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'FST_ERR_BAD_URL' });
  });

  it("keeps its parser and handlers to its prefix: the app's other routes still get Fastify's JSON", async () => {
    app = Fastify();
    await app.register(fastifyGateway(tableOptions([])), { prefix: '/api/v1' });
    app.post('/echo', async (request) => ({ parsed: request.body }));
    const echoed = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(echoed.json()).toEqual({ parsed: { a: 1 } });
    const unknown = await app.inject({ method: 'GET', url: '/not-the-gateway' });
    expect(unknown.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
  });

  it('serves from the root when registered without a prefix', async () => {
    app = Fastify();
    await app.register(fastifyGateway(tableOptions([])));
    expect((await app.inject({ method: 'GET', url: '/providers' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nothing' })).json()).toEqual(errorBody(404));
  });

  it("turns an error thrown in the app's hooks into the interface's 500, reported", async () => {
    const errors: unknown[] = [];
    app = Fastify();
    app.addHook('onRequest', async (request) => {
      if (request.url.endsWith('/providers')) throw new Error('hook failed');
    });
    await app.register(fastifyGateway({ ...tableOptions([]), onError: (error) => errors.push(error) }), {
      prefix: '/api/v1',
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/providers' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorBody(500));
    expect(errors).toHaveLength(1);
  });
});

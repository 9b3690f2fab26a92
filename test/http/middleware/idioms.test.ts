import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sValidator } from '@hono/standard-validator';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/core/errors.js';
import { validateMessagesRequest } from '../../../src/core/validators.js';
import { validateBody as expressBody } from '../../../src/http/adapters/express.js';
import { rawBodies, validateBody as fastifyBody } from '../../../src/http/adapters/fastify.js';
import { validateBody as honoBody } from '../../../src/http/adapters/fetch.js';
import { overHttp, type RunningAdapter } from '../adapters.js';
import { LIMITS, ROUTE } from './cases.js';

const json = { 'content-type': 'application/json' };
const valid = '{"model":"m","messages":[]}';
const schemaError = errorBody(400, [{ path: '/messages', message: 'is required' }]);
const repeated = '{"model":"a","messages":[],"model":"b"}';

let running: RunningAdapter | undefined;
let fastify: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  await fastify?.close();
  running = fastify = undefined;
});

/** Sends a raw HTTP request that declares a length and sends only part of it, and reads the answer. */
function sendPartly(
  port: number,
  declared: number,
  sent: string,
): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: ROUTE,
        headers: { ...json, 'content-length': declared },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        request.destroy();
      },
    );
    request.on('error', reject);
    request.write(sent);
  });
}

describe('Express validateBody', () => {
  it('checks a body express.json() parsed first: the schema and depth still, a repeated key no longer', async () => {
    const app = express();
    app.use(express.json());
    app.post(ROUTE, expressBody('messages-request', LIMITS), (req, res) =>
      res.json({ model: req.body.model }),
    );
    running = await overHttp(createServer(app));
    const send = (body: string) => running!.send({ method: 'POST', path: ROUTE, headers: json, body });
    expect(JSON.parse((await send(valid)).body)).toEqual({ model: 'm' });
    expect(JSON.parse((await send('{"model":"m"}')).body)).toEqual(schemaError);
    expect(JSON.parse((await send(repeated)).body)).toEqual({ model: 'b' });
  });

  it('closes the connection after a 413 it answered before the body was read', async () => {
    const app = express();
    app.post(ROUTE, expressBody('messages-request', LIMITS), (_req, res) => res.json({}));
    const server = createServer(app);
    running = await overHttp(server);
    const { port } = server.address() as AddressInfo;
    expect(await sendPartly(port, LIMITS.maxBytes + 1, '{"model":')).toEqual({
      status: 413,
      connection: 'close',
    });
  });
});

describe('Fastify validateBody', () => {
  it("without rawBodies, checks what Fastify's JSON parser made of the body", async () => {
    fastify = Fastify();
    fastify.post(ROUTE, fastifyBody('messages-request'), async (request) => ({ model: request.body.model }));
    const send = (payload: string) => fastify!.inject({ method: 'POST', url: ROUTE, headers: json, payload });
    expect((await send(valid)).json()).toEqual({ model: 'm' });
    expect((await send('{"model":"m"}')).json()).toEqual(schemaError);
    // Fastify's own parser answers what it refuses, in its own shape: the reason to register rawBodies.
    expect((await send('{"model":')).json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
  });

  it('keeps rawBodies to the scope that registers it, and never compiles a schema with Fastify', async () => {
    fastify = Fastify();
    fastify.setValidatorCompiler(() => {
      throw new Error('Fastify must not compile a schema');
    });
    await fastify.register(async (api) => {
      await api.register(rawBodies);
      api.post(
        ROUTE,
        { ...fastifyBody('messages-request'), config: { note: 'spread' } },
        async (request) => ({
          model: request.body.model,
        }),
      );
    });
    fastify.post('/echo', async (request) => ({ parsed: request.body }));
    const post = (url: string, payload: string) =>
      fastify!.inject({ method: 'POST', url, headers: json, payload });
    expect((await post(ROUTE, valid)).json()).toEqual({ model: 'm' });
    expect((await post(ROUTE, repeated)).json()).toEqual(
      errorBody(400, [{ path: '', message: 'has a repeated key at byte 27' }]),
    );
    expect((await post('/echo', '{"a":1}')).json()).toEqual({ parsed: { a: 1 } });
  });
});

describe('Hono validateBody', () => {
  it("answers the contract's error body where Hono's Standard Schema path echoes the input back", async () => {
    const ours = new Hono().post(ROUTE, honoBody('messages-request'), (c) => c.json(c.req.valid('json')));
    const standard = new Hono().post(ROUTE, sValidator('json', validateMessagesRequest), (c) =>
      c.json(c.req.valid('json')),
    );
    const secret = '{"model":"m","api_key":"sk-secret"}';
    const init = { method: 'POST', headers: json, body: secret };
    const theirs = await (await standard.request(ROUTE, init)).text();
    expect(theirs).toContain('sk-secret');
    const answer = await ours.request(ROUTE, init);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(schemaError);
  });

  it('runs in an app with its own variables, and passes the value to the next handler', async () => {
    const app = new Hono<{ Variables: { requestId: string } }>();
    app.use(async (c, next) => {
      c.set('requestId', 'r-1');
      await next();
    });
    app.post(ROUTE, honoBody('messages-request', { normalize: true }), (c) =>
      c.json({ id: c.get('requestId'), config: c.req.valid('json').config }),
    );
    const answer = await app.request(ROUTE, { method: 'POST', headers: json, body: valid });
    expect(await answer.json()).toEqual({ id: 'r-1', config: { model: 'm' } });
  });
});

import { createServer } from 'node:http';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { JSON_CONTENT_TYPE } from '../../../src/http/http-response.js';
import { validateBody as expressBody } from '../../../src/http/adapters/express.js';
import { rawBodies, validateBody as fastifyBody } from '../../../src/http/adapters/fastify.js';
import { readBody, validateBody as honoBody } from '../../../src/http/adapters/fetch.js';
import { flatHeaders, headerPairs, overHttp, type RunningAdapter, type WireRequest } from '../adapters.js';
import { LIMITS, NORMALIZED_ROUTE, ROUTE } from './cases.js';

/** One framework serving the two routes of the case table with its own middleware. */
export interface Framework {
  name: string;
  start(): Promise<RunningAdapter>;
}

const normalized = { ...LIMITS, normalize: true };

async function fastifyApp() {
  const app = Fastify();
  await app.register(rawBodies);
  app.post(ROUTE, fastifyBody('messages-request', LIMITS), async (request) => ({ body: request.body }));
  app.post(NORMALIZED_ROUTE, fastifyBody('messages-request', normalized), async (request) => ({
    body: request.body,
  }));
  await app.ready();
  return app;
}

/** A fetch handler, called as a runtime calls it, for the routes of a Hono app or of `readBody` alone. */
export function fetchRuntime(
  fetchHandler: (request: Request) => Response | Promise<Response>,
): RunningAdapter {
  return {
    async send({ method, path, headers, body }: WireRequest) {
      const response = await fetchHandler(
        new Request(`http://localhost${path}`, { method, headers: headerPairs(headers), body }),
      );
      return { status: response.status, headers: flatHeaders(response.headers), body: await response.text() };
    },
    close: async () => {},
  };
}

export const frameworks: Framework[] = [
  {
    name: 'Express 5, validateBody, over real HTTP',
    start() {
      const app = express();
      app.post(ROUTE, expressBody('messages-request', LIMITS), (req, res) => res.json({ body: req.body }));
      app.post(NORMALIZED_ROUTE, expressBody('messages-request', normalized), (req, res) =>
        res.json({ body: req.body }),
      );
      return overHttp(createServer(app));
    },
  },
  {
    name: 'Fastify 5, rawBodies and validateBody, through inject',
    async start() {
      const app = await fastifyApp();
      return {
        async send({ method, path, headers, body }) {
          const response = await app.inject({
            method: method as 'POST',
            url: path,
            ...(headers !== undefined && { headers }),
            ...(body !== undefined && { payload: typeof body === 'string' ? body : Buffer.from(body) }),
          });
          return { status: response.statusCode, headers: flatHeaders(response.headers), body: response.body };
        },
        close: () => app.close(),
      };
    },
  },
  {
    name: 'Fastify 5, rawBodies and validateBody, over real HTTP',
    async start() {
      const app = await fastifyApp();
      const running = await overHttp(app.server);
      return {
        send: running.send,
        close: async () => void (await Promise.all([running.close(), app.close()])),
      };
    },
  },
  {
    name: 'Hono, validateBody from the fetch entry',
    async start() {
      const app = new Hono();
      app.post(ROUTE, honoBody('messages-request', LIMITS), (c) => c.json({ body: c.req.valid('json') }));
      app.post(NORMALIZED_ROUTE, honoBody('messages-request', normalized), (c) =>
        c.json({ body: c.req.valid('json') }),
      );
      return fetchRuntime((request) => app.fetch(request));
    },
  },
  {
    name: 'a bare fetch handler, readBody',
    async start() {
      return fetchRuntime(async (request) => {
        const route = new URL(request.url).pathname;
        const result = await readBody(request, 'messages-request', route === ROUTE ? LIMITS : normalized);
        if (result.ok) return Response.json({ body: result.value });
        const headers = { 'content-type': JSON_CONTENT_TYPE };
        return new Response(JSON.stringify(result.error), { status: result.error.error.code, headers });
      });
    },
  },
];

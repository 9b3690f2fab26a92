import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';
import { fastifyGateway } from '../../src/http/adapters/fastify.js';
import { expressGateway } from '../../src/http/adapters/express.js';
import { fetchGateway } from '../../src/http/adapters/fetch.js';
import { createHandler } from '../../src/http/handler.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import type { HandlerOptions } from '../../src/http/types.js';

/** The path every adapter under test serves the operations under. */
export const BASE_PATH = '/api/v1';

export interface WireRequest {
  method: string;
  path: string;
  /** An array sends its header once per value, as separate lines (a repeated header). */
  headers?: Record<string, string | string[]>;
  body?: string | Uint8Array;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RunningAdapter {
  send(request: WireRequest): Promise<WireResponse>;
  close(): Promise<void>;
}

/** One way of serving the handler, started for a test and driven the way its users' clients would. */
export interface Adapter {
  name: string;
  start(options: Omit<HandlerOptions, 'basePath'>): Promise<RunningAdapter>;
}

/**
 * A server for the tests of one describe block: started before them, closed after them. Its `send` forwards to
 * the running server, so a test reads as if it held the server itself.
 */
export function servedThrough(start: () => Promise<RunningAdapter>): Pick<RunningAdapter, 'send'> {
  let running: RunningAdapter | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(() => running?.close());
  return {
    send: (request) => {
      if (running === undefined)
        throw new Error('the server is not started: send from a test or a hook only');
      return running.send(request);
    },
  };
}

export function flatHeaders(headers: Record<string, unknown> | Headers): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return Object.fromEntries(
    entries
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

/** The headers as name and value pairs, one pair per value, which fetch's `Headers` takes. */
export function headerPairs(headers: WireRequest['headers'] = {}): Array<[string, string]> {
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
  );
}

/**
 * A request with a repeated header, sent by `node:http`, which writes each value on its own line; undici's
 * fetch would join them into one line first.
 */
function sendRepeated(port: number, { method, path, headers, body }: WireRequest): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: flatHeaders(response.headers), body: text }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Real HTTP on 127.0.0.1 through the global fetch (undici), as any client would call; a repeated header goes
 * through `node:http`.
 */
export async function overHttp(server: Server): Promise<RunningAdapter> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async send(request) {
      const { method, path, headers = {}, body } = request;
      if (Object.values(headers).some(Array.isArray)) return sendRepeated(port, request);
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: headerPairs(headers),
        body,
      });
      return { status: response.status, headers: flatHeaders(response.headers), body: await response.text() };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const adapters: Adapter[] = [
  {
    name: 'the handler, called directly',
    async start(options) {
      const handler = createHandler({ ...options, basePath: BASE_PATH });
      return {
        async send({ method, path, headers = {}, body }) {
          const response = await handler({ method, url: path, headers, body });
          return { status: response.status, headers: response.headers, body: response.body };
        },
        close: async () => {},
      };
    },
  },
  {
    name: 'node:http, over real HTTP',
    start: (options) => overHttp(createServer(createNodeListener({ ...options, basePath: BASE_PATH }))),
  },
  {
    name: 'Fastify, through inject',
    async start(options) {
      const app = Fastify();
      await app.register(fastifyGateway(options), { prefix: BASE_PATH });
      await app.ready();
      return {
        async send({ method, path, headers, body }) {
          const response = await app.inject({
            method: method as 'GET',
            url: path,
            headers,
            ...(body !== undefined && { payload: typeof body === 'string' ? body : Buffer.from(body) }),
          });
          return { status: response.statusCode, headers: flatHeaders(response.headers), body: response.body };
        },
        close: () => app.close(),
      };
    },
  },
  {
    name: 'Express, over real HTTP',
    start(options) {
      const app = express();
      app.use(BASE_PATH, expressGateway(options));
      return overHttp(createServer(app));
    },
  },
  {
    name: 'fetch, mounted in Hono',
    async start(options) {
      const gateway = fetchGateway({ ...options, basePath: BASE_PATH });
      const app = new Hono();
      app.all(`${BASE_PATH}/*`, (c) => gateway(c.req.raw));
      return {
        async send({ method, path, headers, body }) {
          const response = await app.request(path, { method, headers: headerPairs(headers), body });
          return {
            status: response.status,
            headers: flatHeaders(response.headers),
            body: await response.text(),
          };
        },
        close: async () => {},
      };
    },
  },
];

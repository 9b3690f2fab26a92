import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import { expressGateway } from '../../src/http/adapters/express.js';
import { fastifyGateway } from '../../src/http/adapters/fastify.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import type { HandlerOptions } from '../../src/http/types.js';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';

const MAX_BYTES = 1024;
const CHUNK = new TextEncoder().encode(`{"pad":"${' '.repeat(64 * 1024)}`);
/** Far more than the limit, sent without a Content-Length, so only reading can tell its size. */
const CHUNKS = 1024;

/** A streamed body of 64 MiB that counts the chunks the server let through before it answered. */
function hugeBody(sent: { chunks: number }) {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.chunks === CHUNKS) return controller.close();
      sent.chunks++;
      controller.enqueue(CHUNK);
    },
  });
}

const servers: Array<{ name: string; start(options: Omit<HandlerOptions, 'basePath'>): Promise<Server> }> = [
  {
    name: 'node:http',
    start: async (options) => createServer(createNodeListener({ ...options, basePath: '/api/v1' })),
  },
  {
    name: 'Express',
    async start(options) {
      const app = express();
      app.use('/api/v1', expressGateway(options));
      return createServer(app);
    },
  },
  {
    name: 'Fastify',
    async start(options) {
      const app = Fastify();
      await app.register(fastifyGateway(options), { prefix: '/api/v1' });
      await app.ready();
      return app.server;
    },
  },
];

describe.each(servers)('$name, over real HTTP', ({ start }) => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = await start({ ...tableOptions([]), limits: { maxBytes: MAX_BYTES } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('answers 413 to a streamed body past the limit without reading it all, and closes the connection', async () => {
    const sent = { chunks: 0 };
    const response = await fetch(`${origin}/api/v1/presets/streamed/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' },
      body: hugeBody(sent),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(errorBody(413));
    expect(response.headers.get('connection')).toBe('close');
    expect(sent.chunks).toBeLessThan(CHUNKS);
  });
});

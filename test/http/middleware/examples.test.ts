import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/core/errors.js';
import { buildMessagesApp as expressApp } from '../../../examples/middleware/express.js';
import { buildMessagesHandler } from '../../../examples/middleware/fetch.js';
import { buildMessagesApp as fastifyApp } from '../../../examples/middleware/fastify.js';
import { buildMessagesApp as honoApp } from '../../../examples/middleware/hono.js';
import { overHttp, servedThrough, type RunningAdapter, type WireRequest } from '../adapters.js';
import { fetchRuntime } from './frameworks.js';

/*
 * The sample gateway route of examples/middleware/, in each framework, as its users import it (by the package's
 * name, so through the built entry points), forwarding to a stub provider on 127.0.0.1.
 */

/** What the stub provider received, one body per request. */
const received: unknown[] = [];
let provider: Server;
let upstream: string;

function readAll(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text)).on('error', reject);
  });
}

beforeAll(async () => {
  provider = createServer((request, response) => {
    void readAll(request).then((text) => {
      received.push(JSON.parse(text));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"type":"message","role":"assistant"}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => {
  provider.closeAllConnections();
  provider.close();
});
beforeEach(() => {
  received.length = 0;
});

const examples: Array<[string, () => Promise<RunningAdapter>]> = [
  ['Express', () => overHttp(createServer(expressApp(upstream)))],
  [
    'Fastify',
    async () => {
      const app = fastifyApp(upstream);
      await app.ready();
      const running = await overHttp(app.server);
      return {
        send: running.send,
        close: async () => void (await Promise.all([running.close(), app.close()])),
      };
    },
  ],
  ['Hono', async () => fetchRuntime(honoApp(upstream).fetch)],
  ['fetch', async () => fetchRuntime(buildMessagesHandler(upstream))],
];

const json = { 'content-type': 'application/json' };
const post = (body: string): WireRequest => ({ method: 'POST', path: '/v1/messages', headers: json, body });

describe.each(examples)('the %s example', (_name, start) => {
  const running = servedThrough(start);

  it('forwards a valid request, normalized, and names the fields it dropped', async () => {
    const request = {
      model: 'openai/gpt-5',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 64,
      metadata: { user_id: 'u-1' },
    };
    const response = await running.send(post(JSON.stringify(request)));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ type: 'message', role: 'assistant' });
    expect(response.headers['x-dropped-fields']).toBe('system, messages, metadata');
    expect(received).toEqual([
      { model: 'openai/gpt-5', max_tokens: 64, system: 'Be brief.', messages: request.messages },
    ]);
  });

  it('answers an invalid request with the contract error body, and never calls the provider', async () => {
    const response = await running.send(post('{"model":"openai/gpt-5","model":"x","messages":[]}'));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(
      errorBody(400, [{ path: '', message: 'has a repeated key at byte 24' }]),
    );
    expect(received).toEqual([]);
  });
});

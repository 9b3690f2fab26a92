import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/core/validators.js';
import { createPreset } from '../../examples/handler.js';
import { server as nodeServer } from '../../examples/node.js';
import { buildFastifyApp } from '../../examples/fastify.js';
import { buildExpressApp } from '../../examples/express.js';
import { app as honoApp } from '../../examples/hono.js';

/*
 * The HTTP examples the docs quote (test/docs/samples.test.ts keeps the quotes equal to the files); this runs
 * each one, as the package's users would import it (by the package name, so through the built entry points).
 */

const create = {
  headers: { authorization: 'Bearer example-management-key', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'openai/gpt-5', messages: [{ role: 'user', content: 'Hi' }] }),
};

async function listening(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the examples', () => {
  it('handler: creates a preset', async () => {
    const response = await createPreset('example-handler');
    expect(response.status).toBe(200);
    expect(validate('preset-response', JSON.parse(response.body)).ok).toBe(true);
  });

  it('node:http: lists providers over HTTP', async () => {
    const origin = await listening(nodeServer);
    try {
      const response = await fetch(`${origin}/api/v1/providers`);
      expect(validate('providers-response', await response.json()).ok).toBe(true);
    } finally {
      nodeServer.closeAllConnections();
      nodeServer.close();
    }
  });

  it('Fastify: creates a preset, and answers a broken URL in the error body shape', async () => {
    const app = buildFastifyApp();
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/presets/example-fastify/messages',
        ...create,
        payload: create.body,
      });
      expect(validate('preset-response', created.json()).ok).toBe(true);
      const broken = await app.inject({ method: 'GET', url: '/api/v1/presets/%zz/versions/1' });
      expect(broken.json()).toEqual({ error: { code: 401, message: 'Missing Authentication header' } });
    } finally {
      await app.close();
    }
  });

  it('Express: creates a preset over HTTP', async () => {
    const server = createServer(buildExpressApp());
    const origin = await listening(server);
    try {
      const response = await fetch(`${origin}/api/v1/presets/example-express/messages`, {
        method: 'POST',
        ...create,
      });
      expect(validate('preset-response', await response.json()).ok).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('Hono: creates a preset and reads its version 1 back', async () => {
    const created = await honoApp.request('/api/v1/presets/example-hono/messages', {
      method: 'POST',
      ...create,
    });
    expect(created.status).toBe(200);
    const read = await honoApp.request('/api/v1/presets/example-hono/versions/1', {
      headers: { authorization: 'Bearer example-standard-key' },
    });
    expect(validate('preset-version-response', await read.json()).ok).toBe(true);
  });
});

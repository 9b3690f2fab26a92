import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import { expressGateway } from '../../src/http/adapters/express.js';
import { validate } from '../../src/core/validators.js';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import { exampleRequest } from './example-request.js';

const asManagement = { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' };
let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function listen(app: express.Express): Promise<string> {
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function post(origin: string, path: string, body: string) {
  return fetch(`${origin}${path}`, { method: 'POST', headers: asManagement, body });
}

describe('the Express middleware', () => {
  it('works behind express.json(), checking what that parser left: depth and an object root', async () => {
    const app = express();
    app.use(express.json());
    app.use('/api/v1', expressGateway({ ...tableOptions([]), limits: { maxDepth: 8 } }));
    const origin = await listen(app);
    const created = await post(origin, '/api/v1/presets/parsed/messages', exampleRequest);
    expect(created.status).toBe(200);
    expect(validate('preset-response', await created.json()).ok).toBe(true);
    const deep = await post(
      origin,
      '/api/v1/presets/parsed/messages',
      `{"metadata":${'['.repeat(9)}${']'.repeat(9)}}`,
    );
    expect(((await deep.json()) as ReturnType<typeof errorBody>).error.metadata?.issues?.[0]?.message).toBe(
      'must not be nested more than 8 levels deep',
    );
  });

  it('works behind express.raw(), with every body guard on the bytes (a repeated key is caught)', async () => {
    const app = express();
    app.use(express.raw({ type: '*/*' }));
    app.use('/api/v1', expressGateway(tableOptions([])));
    const origin = await listen(app);
    const repeated = await post(
      origin,
      '/api/v1/presets/raw/messages',
      '{"model":"a","model":"b","messages":[]}',
    );
    expect(await repeated.json()).toEqual(
      errorBody(400, [{ path: '', message: 'has a repeated key at byte 13' }]),
    );
  });

  it('can be mounted at the root with the base path as an option', async () => {
    const app = express();
    app.use(expressGateway({ ...tableOptions([]), basePath: '/api/v1' }));
    const origin = await listen(app);
    expect((await fetch(`${origin}/api/v1/providers`)).status).toBe(200);
    expect(await (await fetch(`${origin}/elsewhere`)).json()).toEqual(errorBody(404));
  });
});

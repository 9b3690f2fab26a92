import { beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import { adapters, BASE_PATH, servedThrough, type WireRequest, type WireResponse } from './adapters.js';
import { exampleRequest } from './example-request.js';

/*
 * RFC 9110, section 9.3.2: HEAD is answered with what GET would answer, status and headers alike, Content-Length
 * included, and no body. Each adapter is asked both ways for the same resources.
 */

/** Headers a server sets per connection, per moment or per request, not per resource. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']);

function resourceHeaders(response: WireResponse): Record<string, string> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !perConnection.has(name)));
}

const asManagement = { authorization: `Bearer ${MANAGEMENT_KEY}` };

const resources: Array<[string, Omit<WireRequest, 'method'>]> = [
  ['the providers (200)', { path: `${BASE_PATH}/providers` }],
  [
    'a version read with a key (200)',
    { path: `${BASE_PATH}/presets/head/versions/1`, headers: asManagement },
  ],
  ['a version read without a key (401)', { path: `${BASE_PATH}/presets/head/versions/1` }],
  [
    'a version that is not there (404)',
    { path: `${BASE_PATH}/presets/head/versions/9`, headers: asManagement },
  ],
  ['a path no operation has (404)', { path: `${BASE_PATH}/nowhere` }],
];

describe.each(adapters)('$name', (adapter) => {
  const running = servedThrough(() => adapter.start(tableOptions([])));

  beforeAll(async () => {
    const created = await running.send({
      method: 'POST',
      path: `${BASE_PATH}/presets/head/messages`,
      headers: { ...asManagement, 'content-type': 'application/json' },
      body: exampleRequest,
    });
    expect(created.status).toBe(200);
  });

  it.each(resources)('HEAD on %s answers GET status and headers, its length included', async (_, request) => {
    const get = await running.send({ ...request, method: 'GET' });
    const head = await running.send({ ...request, method: 'HEAD' });
    expect(get.body.length).toBeGreaterThan(0);
    expect(head.status).toBe(get.status);
    expect(resourceHeaders(head)).toEqual(resourceHeaders(get));
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(head.body).toBe('');
  });
});

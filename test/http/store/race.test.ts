import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryPresetStore } from '../../../src/http/store/memory-preset-store.js';
import { gatewayKeys } from '../../../src/gateway/keys.js';
import { GATEWAY_WORKSPACE_ID } from '../../../src/gateway/workspace.js';
import { startGateway, type RunningGateway } from '../../../src/gateway/server.js';
import { validate } from '../../../src/core/validators.js';
import { exampleRequest } from '../example-request.js';

const CONCURRENT_CREATES = 50;
const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'race-management', GATEWAY_API_KEY: 'race-standard' });
const store = new MemoryPresetStore();
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({ keys, port: 0, presets: store });
});
afterAll(() => gateway.close());

function create(slug: string) {
  return fetch(`${gateway.baseUrl}/presets/${slug}/messages`, {
    method: 'POST',
    headers: { authorization: 'Bearer race-management', 'content-type': 'application/json' },
    body: exampleRequest,
  });
}

it(`${CONCURRENT_CREATES} concurrent creates at one slug yield versions 1..k without gap or duplicate; every other gets 409`, async () => {
  const responses = await Promise.all(Array.from({ length: CONCURRENT_CREATES }, () => create('raced')));
  const bodies: unknown[] = await Promise.all(responses.map((response) => response.json()));
  const versions: number[] = [];
  responses.forEach((response, i) => {
    if (response.status === 200) {
      expect(validate('preset-response', bodies[i]).ok).toBe(true);
      versions.push(
        (bodies[i] as { data: { designated_version: { version: number } } }).data.designated_version.version,
      );
    } else {
      expect(response.status).toBe(409);
      expect(bodies[i]).toEqual({
        error: { code: 409, message: 'Resource conflict. Please try again later.' },
      });
    }
  });
  const k = versions.length;
  expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: k }, (_, i) => i + 1));

  expect(
    (await store.getPreset({ workspaceId: GATEWAY_WORKSPACE_ID, slug: 'raced' }))?.designated_version.version,
  ).toBe(k);
  const next = await create('raced');
  expect(
    ((await next.json()) as { data: { designated_version: { version: number } } }).data.designated_version
      .version,
  ).toBe(k + 1);
});

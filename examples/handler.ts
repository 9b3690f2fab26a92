import { createHandler } from 'gateway-contract/http';
import { operations, resolveKey } from './gateway-setup.js';

export const handler = createHandler({ basePath: '/api/v1', resolveKey, operations });

export function createPreset(slug: string) {
  return handler({
    method: 'POST',
    url: `/api/v1/presets/${slug}/messages`,
    headers: { authorization: 'Bearer example-management-key', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-5', messages: [{ role: 'user', content: 'Hi' }] }),
  });
  // -> { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"data":{...}}' }
}

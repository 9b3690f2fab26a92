import { createHandler } from 'gateway-contract/http';
import { operations, resolveKey } from './gateway-setup.js';

export const handler = createHandler({
  basePath: '/api/v1',
  resolveKey,
  operations,
  cors: { origins: ['https://app.example'] }, // or (origin) => origin.endsWith('.example.com')
});

export function preflight() {
  return handler({
    method: 'OPTIONS',
    url: '/api/v1/presets/code-review/messages',
    headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
  });
  // -> { status: 204, headers: { 'access-control-allow-origin': 'https://app.example', ... }, body: '' }
}

import { Hono } from 'hono';
import { validateBody } from 'gateway-contract/fetch';
import { forward } from './upstream.js';

export function buildMessagesApp(upstream: string) {
  const app = new Hono();
  app.post('/v1/messages', validateBody('messages-request', { normalize: true }), (c) =>
    forward(upstream, c.req.valid('json')),
  );
  return app;
}

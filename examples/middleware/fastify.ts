import Fastify from 'fastify';
import { rawBodies, validateBody } from 'gateway-contract/fastify';
import { forward } from './upstream.js';

export function buildMessagesApp(upstream: string) {
  const app = Fastify();
  // Every body in this scope reaches its route unread, so the body guards see the raw bytes.
  app.register(rawBodies);
  app.post('/v1/messages', validateBody('messages-request', { normalize: true }), async (request, reply) =>
    reply.send(await forward(upstream, request.body)),
  );
  return app;
}

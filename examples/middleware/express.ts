import express from 'express';
import { validateBody } from 'gateway-contract/express';
import { forward } from './upstream.js';

export function buildMessagesApp(upstream: string) {
  const app = express();
  // Before any express.json(): validateBody reads and guards the raw body itself.
  app.post('/v1/messages', validateBody('messages-request', { normalize: true }), async (req, res) => {
    const answer = await forward(upstream, req.body);
    res
      .status(answer.status)
      .set(Object.fromEntries(answer.headers))
      .send(await answer.text());
  });
  return app;
}

import express from 'express';
import { expressGateway } from 'gateway-contract/express';
import { operations, resolveKey } from './gateway-setup.js';

export function buildExpressApp() {
  const app = express();
  // Before any express.json(): the gateway reads and guards the raw body itself.
  app.use('/api/v1', expressGateway({ resolveKey, operations }));
  return app;
}

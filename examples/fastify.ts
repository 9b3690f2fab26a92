import Fastify from 'fastify';
import { fastifyGateway } from 'gateway-contract/fastify';
import { operations, resolveKey } from './gateway-setup.js';

export function buildFastifyApp() {
  const gateway = fastifyGateway({ resolveKey, operations });
  // Optional: Fastify rejects broken percent-encoding before any plugin runs; this answers in the contract's error shape.
  const app = Fastify({ frameworkErrors: gateway.frameworkErrors });
  app.register(gateway, { prefix: '/api/v1' });
  return app;
}

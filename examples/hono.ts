import { Hono } from 'hono';
import { fetchGateway } from 'gateway-contract/fetch';
import { operations, resolveKey } from './gateway-setup.js';

const gateway = fetchGateway({ basePath: '/api/v1', resolveKey, operations });

export const app = new Hono();
app.all('/api/v1/*', (c) => gateway(c.req.raw));
// Cloudflare Workers, Bun and Deno take the handler itself: export default { fetch: gateway };

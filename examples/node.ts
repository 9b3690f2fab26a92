import { createServer } from 'node:http';
import { createNodeListener } from 'gateway-contract/http';
import { operations, resolveKey } from './gateway-setup.js';

export const server = createServer(createNodeListener({ basePath: '/api/v1', resolveKey, operations }));
// server.listen(8787, '127.0.0.1');

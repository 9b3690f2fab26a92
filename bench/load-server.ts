import { openSync, writeSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestCases } from '../test/fixtures/payloads.js';
import { serveFetch } from './middleware-fetch.js';
import { reportUsage } from './server-usage.js';
import { chooseStore, openGatewayStore } from '../src/gateway/gateway-store.js';
import { gatewayKeys, keyResolver } from '../src/gateway/keys.js';
import { startGateway } from '../src/gateway/server.js';
import { logWriter } from '../src/gateway/log-writer.js';
import { secretsToRedact } from '../src/gateway/redact.js';
import { catalogOperations } from '../src/gateway/catalog-operations.js';
import { bundledCatalog } from '../src/gateway/catalog.js';
import { presetOperations } from '../src/http/store/preset-operations.js';
import { MemoryPresetStore } from '../src/http/store/memory-preset-store.js';
import { savePresetVersion, type PresetStore } from '../src/http/store/preset-store.js';
import { normalizePresetRequest } from '../src/core/normalize.js';
import { createBodyValidator } from '../src/http/body-validation.js';
import type { MessagesRequest } from '../src/generated/types.js';
import type { HandlerOptions } from '../src/http/types.js';

/*
 * One server of the load benchmark (load.ts), in a process of its own, its base URL on stdout, until SIGTERM:
 *
 *   node dist/bench/load-server.js <server> [<where>]   where: a data directory (pglite) or a database URL (postgres)
 *
 * The reference gateway in production mode over each store; the bare node:http floor; and Express, Fastify and
 * Hono, each with the gateway adapter and with a bare route of its own. A bare route reads the body, runs
 * JSON.parse and answers a preset-shaped JSON of the same size as the gateway's answer, so the gap between the
 * two is the gateway's own work. Two servers more answer as the bare ones do after the body guards and the
 * request's validation, nothing else of the gateway: what those alone cost, which no create can skip.
 */

export const MANAGEMENT_KEY = 'bench-management-key';
export const BASE_PATH = '/api/v1';
const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: 'bench-standard-key' });
const typical = requestCases.find((testCase) => testCase.name === 'typical')?.value as MessagesRequest;

let served = 0;

/**
 * A memory store that starts afresh every so many presets: at a fresh slug per request a run creates more
 * presets than one store's cap, and a fresh store does the same work per create.
 */
function rotatingMemoryStore(presetsPerStore = 5_000): PresetStore {
  let store = new MemoryPresetStore();
  let created = 0;
  return {
    getPreset: (key) => store.getPreset(key),
    getVersion: (key, version) => store.getVersion(key, version),
    compareAndSet: (key, expected, preset) => {
      if (expected === 0 && ++created % presetsPerStore === 0) store = new MemoryPresetStore();
      return store.compareAndSet(key, expected, preset);
    },
  };
}

/** The gateway's answer to the typical create, built once: what a bare route answers, written anew each time. */
async function presetAnswer(): Promise<{ data: unknown }> {
  const saved = await savePresetVersion(new MemoryPresetStore(), 'bare', normalizePresetRequest(typical), {
    userId: 'gateway-admin',
    workspaceId: null,
  });
  if (!saved.ok) throw new Error('the sample preset was not saved');
  return { data: saved.preset };
}

/** The handler options of the gateway in production mode: requests validated, responses not. */
function gatewayOptions(): HandlerOptions {
  return {
    basePath: BASE_PATH,
    resolveKey: keyResolver(keys),
    validateRequests: true,
    validateResponses: false,
    operations: {
      ...presetOperations(rotatingMemoryStore()),
      ...catalogOperations(bundledCatalog),
    },
  };
}

/** Each server: a started node:http server, and what to do before the process exits. */
type Started = { server: Server; close?: () => Promise<void> };

const servers: Record<string, (where: string) => Promise<Started>> = {
  async bare() {
    const answer = await presetAnswer();
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const text = JSON.stringify(answer);
        served++;
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        response.end(text);
      });
    });
    return { server };
  },
  async checked() {
    const answer = await presetAnswer();
    const check = createBodyValidator('messages-request');
    const server = createServer((request, response) => {
      void check({ headers: request.headers, body: request }).then((result) => {
        const text = JSON.stringify(result.ok ? answer : result.error);
        served++;
        response.writeHead(result.ok ? 200 : result.error.error.code, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        response.end(text);
      });
    });
    return { server };
  },
  async memory() {
    const gateway = await startGateway({
      keys,
      port: 0,
      presets: rotatingMemoryStore(),
      handler: { validateRequests: true, validateResponses: false },
      log: () => served++,
    });
    return { server: gateway.server, close: gateway.close };
  },
  /** As `memory`, with the request log on as `serve` writes it to a file or a pipe: JSON lines, batched. */
  async 'memory-log'() {
    const devNull = openSync('/dev/null', 'w');
    const secrets = secretsToRedact();
    secrets.add(keys.management.value, keys.standard.value);
    const { log } = logWriter(
      'json',
      (text) => writeSync(devNull, text),
      (text) => secrets.redact(text),
    );
    const gateway = await startGateway({
      keys,
      port: 0,
      presets: rotatingMemoryStore(),
      handler: { validateRequests: true, validateResponses: false },
      log: (entry) => {
        served++;
        log(entry);
      },
    });
    return { server: gateway.server, close: gateway.close };
  },
  async pglite(where) {
    return sqlGateway({ GATEWAY_DATA_DIR: where });
  },
  async postgres(where) {
    return sqlGateway({ DATABASE_URL: where });
  },
  async 'express-bare'() {
    const { default: express } = await import('express');
    const answer = await presetAnswer();
    const app = express();
    app.post(`${BASE_PATH}/presets/:slug/messages`, express.json({ limit: '4mb' }), (_request, response) => {
      served++;
      response.json(answer);
    });
    return { server: createServer(app) };
  },
  async 'express-gateway'() {
    const [{ default: express }, { expressGateway }] = await Promise.all([
      import('express'),
      import('../src/http/adapters/express.js'),
    ]);
    const app = express();
    const { basePath: _, ...options } = gatewayOptions();
    app.use(BASE_PATH, countServed(), expressGateway(options));
    return { server: createServer(app) };
  },
  async 'fastify-bare'() {
    const { default: Fastify } = await import('fastify');
    const answer = await presetAnswer();
    const app = Fastify({ bodyLimit: 4 * 1024 * 1024 });
    app.post(`${BASE_PATH}/presets/:slug/messages`, async () => {
      served++;
      return answer;
    });
    await app.ready();
    return { server: app.server };
  },
  async 'fastify-checked'() {
    const [{ default: Fastify }, { rawBodies, validateBody }] = await Promise.all([
      import('fastify'),
      import('../src/http/adapters/fastify.js'),
    ]);
    const answer = await presetAnswer();
    const app = Fastify();
    await app.register(rawBodies);
    app.post(`${BASE_PATH}/presets/:slug/messages`, validateBody('messages-request'), async () => {
      served++;
      return answer;
    });
    await app.ready();
    return { server: app.server };
  },
  async 'fastify-gateway'() {
    const [{ default: Fastify }, { fastifyGateway }] = await Promise.all([
      import('fastify'),
      import('../src/http/adapters/fastify.js'),
    ]);
    const app = Fastify();
    const { basePath: _, ...options } = gatewayOptions();
    app.addHook('onResponse', async () => void served++);
    app.register(fastifyGateway(options), { prefix: BASE_PATH });
    await app.ready();
    return { server: app.server };
  },
  async 'hono-bare'() {
    const { Hono } = await import('hono');
    const answer = await presetAnswer();
    const app = new Hono().post(`${BASE_PATH}/presets/:slug/messages`, async (c) => {
      await c.req.json();
      return c.json(answer);
    });
    return { server: serveFetch(app.fetch, () => served++) };
  },
  async 'hono-gateway'() {
    const [{ Hono }, { fetchGateway }] = await Promise.all([
      import('hono'),
      import('../src/http/adapters/fetch.js'),
    ]);
    const gateway = fetchGateway(gatewayOptions());
    const app = new Hono().all(`${BASE_PATH}/*`, (c) => gateway(c.req.raw));
    return { server: serveFetch(app.fetch, () => served++) };
  },
};

/** Express middleware that counts answered requests, for the CPU time per request. */
function countServed() {
  return (
    _request: unknown,
    response: { once(event: 'finish', listener: () => void): void },
    next: () => void,
  ) => {
    response.once('finish', () => served++);
    next();
  };
}

/** The gateway over PGlite in a data directory, or over PostgreSQL at a URL, as `serve` opens them. */
async function sqlGateway(env: Record<string, string>): Promise<Started> {
  const store = await openGatewayStore(chooseStore(false, env), () => {});
  const gateway = await startGateway({
    keys,
    port: 0,
    presets: store.presets,
    handler: { validateRequests: true, validateResponses: false },
    log: () => served++,
  });
  return { server: gateway.server, close: () => gateway.close().then(() => store.close()) };
}

const [id = '', where = ''] = process.argv.slice(2);
const start = servers[id];
if (start === undefined) throw new Error(`unknown server ${id}`);
process.env['NODE_ENV'] = 'production';
const started = await start(where);
if (!started.server.listening) {
  await new Promise<void>((resolve) => started.server.listen(0, '127.0.0.1', resolve));
}
reportUsage(() => served);
process.once('SIGTERM', () => {
  started.server.closeAllConnections();
  void (started.close?.() ?? new Promise<void>((resolve) => started.server.close(() => resolve()))).finally(
    () => process.disconnect?.(),
  );
});
const { port } = started.server.address() as AddressInfo;
console.log(`http://127.0.0.1:${port}${BASE_PATH}`);

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Options } from 'ajv';
import { ROUTE } from './middleware-scenarios.js';
import { serveFetch } from './middleware-fetch.js';
import { reportUsage } from './server-usage.js';

/*
 * One route of the middleware benchmark, in a process of its own:
 *
 *   node dist/bench/middleware-server.js <scenario>             serves until SIGTERM, its base URL on stdout
 *   node dist/bench/middleware-server.js <scenario> --startup   prints its start-up times as JSON and exits
 *
 * Nothing but Node's own modules loads before the scenario's imports, so the start-up times are the
 * scenario's: its framework, its validation, and whatever it compiles before it listens.
 */

const schemaFile = new URL('../../dist/schemas/messages-request.json', import.meta.url);

/**
 * Ajv as it reads the 2020-12 file and judges it as this library does: no meta-schema check (the 2020-12
 * meta-schema needs Ajv2020), the annotation keyword `maxTotalLength`, and no coercion, defaults or removal.
 */
const sameVerdicts: Options = {
  validateSchema: false,
  keywords: ['maxTotalLength'],
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
};

let served = 0;

/** This package by its name, as its users load it (dist/lib/, bundled); typed by its sources. */
const ownEntry = <T>(specifier: string) => import(specifier) as Promise<T>;

/** What every route answers once the body passed: the model it asked for. */
function answer(body: { model: string }): { model: string } {
  served++;
  return { model: body.model };
}

/**
 * Each scenario's server, built from imports made inside it; `imported` marks when they are done, so the
 * start-up splits into loading modules and building the route (compiling a schema, for some).
 */
const scenarios: Record<string, (imported: () => void) => Promise<Server>> = {
  async 'express-ours'(imported) {
    const [{ default: express }, { validateBody }] = await Promise.all([
      import('express'),
      ownEntry<typeof import('../src/http/adapters/express.js')>('gateway-contract/express'),
    ]);
    imported();
    const app = express();
    app.post(ROUTE, validateBody('messages-request'), (req, res) => res.json(answer(req.body)));
    return createServer(app);
  },
  async 'express-ajv'(imported) {
    const [{ default: express }, { Ajv2020 }] = await Promise.all([
      import('express'),
      import('ajv/dist/2020.js'),
    ]);
    imported();
    const check = new Ajv2020(sameVerdicts).compile<{ model: string }>(
      JSON.parse(readFileSync(schemaFile, 'utf8')),
    );
    const app = express();
    app.use(express.json({ limit: '4mb' }));
    app.post(ROUTE, (req, res) => {
      if (check(req.body)) res.json(answer(req.body));
      else res.status(400).json({ errors: check.errors });
    });
    return createServer(app);
  },
  async 'fastify-ours'(imported) {
    const [{ default: Fastify }, { rawBodies, validateBody }] = await Promise.all([
      import('fastify'),
      ownEntry<typeof import('../src/http/adapters/fastify.js')>('gateway-contract/fastify'),
    ]);
    imported();
    const app = Fastify();
    app.register(rawBodies);
    app.post(ROUTE, validateBody('messages-request'), async (request) => answer(request.body));
    await app.ready();
    return app.server;
  },
  async 'fastify-schema'(imported) {
    const { default: Fastify } = await import('fastify');
    // Fastify's Ajv is of the draft-07 class: `dependentSchemas` comes with the 2019-09 vocabulary.
    const { default: next } = createRequire(import.meta.url)(
      'ajv/dist/vocabularies/next.js',
    ) as typeof import('ajv/dist/vocabularies/next.js');
    imported();
    const app = Fastify({ ajv: { customOptions: sameVerdicts, onCreate: (ajv) => ajv.addVocabulary(next) } });
    const schema: unknown = JSON.parse(readFileSync(schemaFile, 'utf8'));
    app.post<{ Body: { model: string } }>(ROUTE, { schema: { body: schema } }, async (request) =>
      answer(request.body),
    );
    await app.ready();
    return app.server;
  },
  async 'hono-ours'(imported) {
    const [{ Hono }, { validateBody }] = await Promise.all([
      import('hono'),
      ownEntry<typeof import('../src/http/adapters/fetch.js')>('gateway-contract/fetch'),
    ]);
    imported();
    const app = new Hono().post(ROUTE, validateBody('messages-request'), (c) =>
      c.json(answer(c.req.valid('json'))),
    );
    return serveFetch(app.fetch);
  },
  async 'hono-standard'(imported) {
    const [{ Hono }, { sValidator }, { validateMessagesRequest }] = await Promise.all([
      import('hono'),
      import('@hono/standard-validator'),
      ownEntry<typeof import('../src/index.js')>('gateway-contract'),
    ]);
    imported();
    const app = new Hono().post(ROUTE, sValidator('json', validateMessagesRequest), (c) =>
      c.json(answer(c.req.valid('json'))),
    );
    return serveFetch(app.fetch);
  },
  async 'hono-zod'(imported) {
    const [{ Hono }, { sValidator }, { zodSchema }] = await Promise.all([
      import('hono'),
      import('@hono/standard-validator'),
      import('./competitors/zod.js'),
    ]);
    imported();
    const { type } = zodSchema('messages-request');
    const app = new Hono().post(ROUTE, sValidator('json', type), (c) =>
      c.json(answer(c.req.valid('json') as { model: string })),
    );
    return serveFetch(app.fetch);
  },
};

const [id = '', mode] = process.argv.slice(2);
const scenario = scenarios[id];
if (scenario === undefined) throw new Error(`unknown scenario ${id}`);
const started = performance.now();
let loaded = NaN;
const server = await scenario(() => (loaded = performance.now()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const listening = performance.now();
if (mode === '--startup') {
  // Milliseconds spent importing the route's modules, and building it until it listens.
  console.log(JSON.stringify({ imports: loaded - started, build: listening - loaded }));
  server.close();
} else {
  reportUsage(() => served);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.disconnect());
  });
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

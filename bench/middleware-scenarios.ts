/** The routes the middleware benchmark serves, each in a server process of its own (middleware-server.ts). */
export interface Scenario {
  id: string;
  framework: 'Express 5' | 'Fastify 5' | 'Hono 4';
  /** How the route validates the body. */
  validation: string;
  /** This library's middleware, or what the framework's users have without it. */
  ours: boolean;
}

export const scenarios: readonly Scenario[] = [
  {
    id: 'express-ours',
    framework: 'Express 5',
    validation: '`validateBody` (gateway-contract/express)',
    ours: true,
  },
  {
    id: 'express-ajv',
    framework: 'Express 5',
    validation: '`express.json()`, then Ajv 2020 compiled from the schema file at start-up',
    ours: false,
  },
  {
    id: 'fastify-ours',
    framework: 'Fastify 5',
    validation: '`rawBodies` and `validateBody` (gateway-contract/fastify)',
    ours: true,
  },
  {
    id: 'fastify-schema',
    framework: 'Fastify 5',
    validation: "`schema: { body }`: the schema file compiled by Fastify's built-in Ajv at start-up",
    ours: false,
  },
  { id: 'hono-ours', framework: 'Hono 4', validation: '`validateBody` (gateway-contract/fetch)', ours: true },
  {
    id: 'hono-standard',
    framework: 'Hono 4',
    validation: "`sValidator('json', validateMessagesRequest)`: our guard through Standard Schema",
    ours: false,
  },
  {
    id: 'hono-zod',
    framework: 'Hono 4',
    validation: "`sValidator('json', schema)`: zod 4, built from the schema at start-up",
    ours: false,
  },
];

/** The route every scenario serves; it answers `{ model }` from the validated body. */
export const ROUTE = '/v1/messages';

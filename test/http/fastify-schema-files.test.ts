import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { validate } from '../../src/core/validators.js';
import { schemaFileCompiler, schemaFileErrors } from '../../src/http/adapters/fastify.js';
import { exampleRequest } from './example-request.js';
import { repositoryRoot } from '../support/repository-root.js';

/** A schema file as the package ships it (`gateway-contract/schemas/<name>.json`), read from the build. */
const schemaFile = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(repositoryRoot, 'dist/schemas', `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

const json = { 'content-type': 'application/json' };
const valid = exampleRequest;
const badRole = JSON.stringify({ model: 'm/a', messages: [{ role: 'robot', content: 'hi' }] });
const unknownField = JSON.stringify({ model: 'm/a', messages: [{ role: 'user', content: 'hi' }], extra: 1 });

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A Fastify app whose one route takes the schema file as its `schema.body`, as Fastify's docs describe. */
function appWith(name: string, setUp: (app: FastifyInstance) => void): FastifyInstance {
  const made = Fastify();
  setUp(made);
  made.post('/v1/messages', { schema: { body: schemaFile(name) } }, async (request) => ({
    model: (request.body as { model: string }).model,
  }));
  return made;
}

async function post(target: FastifyInstance, payload: string) {
  const answer = await target.inject({ method: 'POST', url: '/v1/messages', headers: json, payload });
  return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
}

describe('the schema files in Fastify', () => {
  it('answer 200 and 400 in the interface error shape through schemaFileCompiler and schemaFileErrors', async () => {
    app = appWith('messages-request', (made) => {
      made.setValidatorCompiler(schemaFileCompiler());
      made.setErrorHandler(schemaFileErrors);
    });
    const ok = await post(app, valid);
    expect(ok).toEqual({ status: 200, body: { model: JSON.parse(valid).model } });
    const refused = await post(app, badRole);
    expect(refused.status).toBe(400);
    expect(validate('error-response', refused.body).ok).toBe(true);
    // The same error body validate gives for the same value, issues and all.
    const verdict = validate('messages-request', JSON.parse(badRole));
    expect(verdict.ok ? null : verdict.error).toEqual(refused.body);
  });

  it('read the strict file as the strict profile', async () => {
    app = appWith('strict/messages-request', (made) => {
      made.setValidatorCompiler(schemaFileCompiler());
      made.setErrorHandler(schemaFileErrors);
    });
    expect((await post(app, valid)).status).toBe(200);
    const refused = await post(app, unknownField);
    expect(refused.status).toBe(400);
    const verdict = validate('messages-request', JSON.parse(unknownField), { profile: 'strict' });
    expect(verdict.ok ? null : verdict.error).toEqual(refused.body);
    expect(validate('messages-request', JSON.parse(unknownField)).ok).toBe(true);
  });

  it('leave every other error to the handler above, and other schemas to the fallback compiler', async () => {
    const fallbackIds: unknown[] = [];
    app = Fastify();
    app.setValidatorCompiler(
      schemaFileCompiler((route) => {
        fallbackIds.push(route.httpPart);
        return (data) => ((data as { n?: string }).n === '1' ? true : { error: new Error('query refused') });
      }),
    );
    app.setErrorHandler(schemaFileErrors);
    app.get('/n', { schema: { querystring: { type: 'object' } } }, async () => ({ fine: true }));
    const fine = await app.inject({ method: 'GET', url: '/n?n=1' });
    const refused = await app.inject({ method: 'GET', url: '/n?n=2' });
    expect([fine.statusCode, refused.statusCode]).toEqual([200, 400]);
    // Fastify's own answer, not the interface's: the error was not the schema file's.
    expect(refused.json()).toMatchObject({ code: 'FST_ERR_VALIDATION', message: 'query refused' });
    // Fastify compiles the route's HEAD twin too.
    expect(new Set(fallbackIds)).toEqual(new Set(['querystring']));
  });

  it('refuse, when the route is registered, a schema they do not know and no fallback takes', async () => {
    app = Fastify();
    app.setValidatorCompiler(schemaFileCompiler());
    app.post('/other', { schema: { body: { $id: 'urn:example:other', type: 'object' } } }, async () => 'x');
    await expect(app.ready()).rejects.toThrow(/not the body schema urn:example:other of POST \/other/);
  });

  it("fail at ready() in Fastify's default Ajv, which is draft-07: the reason the compiler exists", async () => {
    app = appWith('messages-request', () => undefined);
    await expect(app.ready()).rejects.toThrow(/draft\/2020-12\/schema/);
  });

  it('work with Ajv 2020 as the compiler, the other way the docs give, in Fastify error shape', async () => {
    const ajv = new Ajv2020({ keywords: ['maxTotalLength'], allowUnionTypes: true });
    app = appWith('messages-request', (made) =>
      made.setValidatorCompiler(({ schema }) => ajv.compile(schema)),
    );
    expect((await post(app, valid)).status).toBe(200);
    const refused = await post(app, badRole);
    expect(refused).toMatchObject({ status: 400, body: { code: 'FST_ERR_VALIDATION' } });
  });
});

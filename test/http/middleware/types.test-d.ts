import express, { type Request as ExpressRequest } from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { describe, expectTypeOf, it } from 'vitest';
import type { ErrorResponse, MessagesRequest } from '../../../src/core/types.js';
import type { ValidationResult } from '../../../src/core/validators.js';
import { validateBody as expressBody } from '../../../src/http/adapters/express.js';
import { validateBody as fastifyBody } from '../../../src/http/adapters/fastify.js';
import { readBody, validateBody as honoBody } from '../../../src/http/adapters/fetch.js';
import { createBodyValidator, type BodyOptions, type NormalizedRequest } from '../../../src/http/index.js';

declare const request: Request;

describe('the body check', () => {
  it("resolves to validate's result, typed by the root and by normalize", () => {
    expectTypeOf(readBody(request, 'messages-request')).resolves.toEqualTypeOf<
      ValidationResult<MessagesRequest>
    >();
    expectTypeOf(readBody(request, 'error-response', { maxBytes: 1024 })).resolves.toEqualTypeOf<
      ValidationResult<ErrorResponse>
    >();
    expectTypeOf(readBody(request, 'messages-request', { normalize: true })).resolves.toEqualTypeOf<
      ValidationResult<NormalizedRequest>
    >();
    expectTypeOf(
      createBodyValidator('messages-request', { normalize: false }),
    ).returns.resolves.toEqualTypeOf<ValidationResult<MessagesRequest>>();
  });

  it('types a normalize known only at run time as either value', () => {
    const options: BodyOptions = {};
    expectTypeOf(readBody(request, 'messages-request', options)).resolves.toEqualTypeOf<
      ValidationResult<MessagesRequest | NormalizedRequest>
    >();
  });

  it('offers normalize for the messages request only', () => {
    // @ts-expect-error: an error response has nothing to normalize.
    void readBody(request, 'error-response', { normalize: true });
    // @ts-expect-error: not a root.
    void readBody(request, 'messages');
  });
});

describe("each framework's middleware", () => {
  it('types req.body in Express', () => {
    express().post('/v1/messages', expressBody('messages-request'), (req) => {
      expectTypeOf(req.body).toEqualTypeOf<MessagesRequest>();
    });
    express().post('/v1/:id', expressBody('messages-request', { normalize: true }), (req) => {
      expectTypeOf(req.body).toEqualTypeOf<NormalizedRequest>();
      // The route's handlers share one parameter type, which the middleware gives as Express's own default.
      expectTypeOf(req.params).toEqualTypeOf<ExpressRequest['params']>();
    });
  });

  it('types request.body in Fastify', () => {
    Fastify().post('/v1/messages', fastifyBody('messages-request'), async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<MessagesRequest>();
    });
    Fastify().post('/v1/messages', fastifyBody('messages-request', { normalize: true }), async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<NormalizedRequest>();
    });
  });

  it("composes with a Fastify route's own generic", () => {
    Fastify().post<{ Params: { slug: string } }>(
      '/v1/:slug',
      fastifyBody('messages-request'),
      async (request) => {
        expectTypeOf(request.params).toEqualTypeOf<{ slug: string }>();
        // The route's generic says nothing of the body, so Fastify types it as its default.
        expectTypeOf(request.body).toEqualTypeOf<unknown>();
      },
    );
    Fastify().post<{ Params: { slug: string }; Body: MessagesRequest; Querystring: { dry?: string } }>(
      '/v1/:slug',
      { ...fastifyBody('messages-request'), config: { traced: true } },
      async (request) => {
        expectTypeOf(request.params).toEqualTypeOf<{ slug: string }>();
        expectTypeOf(request.query).toEqualTypeOf<{ dry?: string }>();
        expectTypeOf(request.body).toEqualTypeOf<MessagesRequest>();
      },
    );
    // @ts-expect-error: a body type other than what the root validates to.
    Fastify().post<{ Body: string }>('/v1/messages', fastifyBody('messages-request'), async () => undefined);
  });

  it("types c.req.valid('json') in Hono, in an app with an environment of its own", () => {
    new Hono<{ Variables: { id: string } }>().post('/v1/messages', honoBody('messages-request'), (c) => {
      expectTypeOf(c.req.valid('json')).toEqualTypeOf<MessagesRequest>();
      expectTypeOf(c.get('id')).toEqualTypeOf<string>();
      return c.body(null);
    });
  });
});

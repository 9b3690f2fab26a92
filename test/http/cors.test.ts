import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler.js';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import { adapters, type RunningAdapter } from './adapters.js';
import { exampleRequest } from './example-request.js';

/**
 * Cross-origin access (docs/http.md#cors) through every adapter: off unless asked for; when on, a preflight from
 * a listed origin is answered and one from another origin is not, and every answer, errors included, carries the
 * origin's allowance and `Vary: Origin`.
 */

const ALLOWED = 'https://app.example';
const OTHER = 'https://evil.example';

const preflight = (origin: string, method = 'POST') => ({
  method: 'OPTIONS',
  path: '/api/v1/presets/cors/messages',
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization, content-type',
  },
});

async function withAdapter<T>(
  adapter: (typeof adapters)[number],
  cors: Parameters<typeof createHandler>[0]['cors'],
  use: (running: RunningAdapter) => Promise<T>,
): Promise<T> {
  const running = await adapter.start({ ...tableOptions([]), ...(cors === undefined ? {} : { cors }) });
  try {
    return await use(running);
  } finally {
    await running.close();
  }
}

describe.each(adapters)('CORS through $name', (adapter) => {
  it('is off by default: no allowance on an answer, a preflight gets 405 in the interface shape', async () => {
    await withAdapter(adapter, undefined, async (running) => {
      const answer = await running.send({
        method: 'GET',
        path: '/api/v1/providers',
        headers: { origin: ALLOWED },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const asked = await running.send(preflight(ALLOWED));
      expect(asked.status).toBe(405);
      expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('answers a preflight from a listed origin with the methods, headers and max age', async () => {
    await withAdapter(adapter, { origins: [ALLOWED], maxAge: 120 }, async (running) => {
      const answer = await running.send(preflight(ALLOWED));
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
      expect(answer.headers['access-control-allow-headers']).toBe(
        'Authorization, Content-Type, X-Request-Id, traceparent, Idempotency-Key',
      );
      expect(answer.headers['access-control-max-age']).toBe('120');
      expect(answer.headers['vary']).toContain('Origin');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  it('does not answer a preflight from another origin, nor one for a method the interface lacks', async () => {
    await withAdapter(adapter, { origins: [ALLOWED] }, async (running) => {
      const other = await running.send(preflight(OTHER));
      expect(other.status).toBe(405);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['access-control-allow-methods']).toBeUndefined();
      // A status that is not 2xx fails the preflight in the browser, whatever else it carries.
      const unknownMethod = await running.send(preflight(ALLOWED, 'DELETE'));
      expect(unknownMethod.status).toBe(405);
      expect(unknownMethod.headers['access-control-allow-methods']).toBeUndefined();
      expect(JSON.parse(unknownMethod.body)).toMatchObject({ error: { code: 405 } });
    });
  });

  it('allows the listed origin on answers and errors alike, always with Vary: Origin', async () => {
    await withAdapter(adapter, { origins: (origin) => origin === ALLOWED }, async (running) => {
      const created = await running.send({
        method: 'POST',
        path: '/api/v1/presets/cors/messages',
        headers: {
          origin: ALLOWED,
          authorization: `Bearer ${MANAGEMENT_KEY}`,
          'content-type': 'application/json',
        },
        body: exampleRequest,
      });
      const unauthorized = await running.send({
        method: 'POST',
        path: '/api/v1/presets/cors/messages',
        headers: { origin: ALLOWED, 'content-type': 'application/json' },
        body: exampleRequest,
      });
      const missing = await running.send({
        method: 'GET',
        path: '/api/v1/nowhere',
        headers: { origin: ALLOWED },
      });
      expect([created.status, unauthorized.status, missing.status]).toEqual([200, 401, 404]);
      for (const answer of [created, unauthorized, missing]) {
        expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
        expect(answer.headers['vary']).toContain('Origin');
      }
      const other = await running.send({
        method: 'GET',
        path: '/api/v1/providers',
        headers: { origin: OTHER },
      });
      expect(other.status).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['vary']).toContain('Origin');
    });
  });

  it('sends back the matched origin, never a wildcard, with credentials', async () => {
    await withAdapter(adapter, { origins: [ALLOWED], credentials: true }, async (running) => {
      const answer = await running.send({
        method: 'GET',
        path: '/api/v1/providers',
        headers: { origin: ALLOWED },
      });
      expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(answer.headers['access-control-allow-credentials']).toBe('true');
    });
  });
});

describe('CORS options', () => {
  const options = tableOptions([]);

  it('throws when the handler is made for a wildcard with credentials, a bad list or a bad max age', () => {
    expect(() => createHandler({ ...options, cors: { origins: ['*'], credentials: true } })).toThrow(
      /credentials/,
    );
    expect(() => createHandler({ ...options, cors: { origins: 'https://app.example' as never } })).toThrow(
      /origins/,
    );
    expect(() => createHandler({ ...options, cors: { origins: [ALLOWED], maxAge: -1 } })).toThrow(/maxAge/);
  });

  it("answers any origin with '*' when it lists '*' and no credentials", async () => {
    const handler = createHandler({ ...options, basePath: '/api/v1', cors: { origins: ['*'] } });
    const answer = await handler({ method: 'GET', url: '/api/v1/providers', headers: { origin: OTHER } });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});

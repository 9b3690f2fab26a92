import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES } from '../../src/core/errors.js';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';

/*
 * What an error body may hold, through the reference gateway on loopback (contract: issue-paths,
 * repeated-keys): no key the client chose, at most 8 KiB whatever the request, and every API answer marked
 * `nosniff` so no browser reads one as a page.
 */

const MANAGEMENT_KEY = 'error-bodies-management';
const keys = gatewayKeys({
  GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
  GATEWAY_API_KEY: 'error-bodies-standard',
});
let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startGateway({ keys, port: 0 });
});
afterAll(() => gateway.close());

interface Answer {
  status: number;
  text: string;
  bytes: number;
  headers: Headers;
}

async function send(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${gateway.baseUrl}${path}`, init);
  const buffer = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    text: new TextDecoder().decode(buffer),
    bytes: buffer.byteLength,
    headers: response.headers,
  };
}

const create = (body: string, authorization = `Bearer ${MANAGEMENT_KEY}`) =>
  send('/presets/leak-check/messages', {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body,
  });

/** The one issue of a 400 answer. */
function onlyIssue(answer: Answer): { path: string; message: string } {
  expect(answer.status).toBe(400);
  const issues = (JSON.parse(answer.text) as { error: { metadata: { issues: unknown[] } } }).error.metadata
    .issues;
  expect(issues).toHaveLength(1);
  return issues[0] as { path: string; message: string };
}

describe('error bodies (contract: issue-paths)', () => {
  it('answer a repeated 1 MiB key with a 400 under 8 KiB that holds no part of the key', async () => {
    // A key no sentence or path could hold by chance: any 12 characters of it in the answer are a leak.
    const key = 'LEAK-' + 'Zq7Wx'.repeat((1024 * 1024) / 5);
    const head = `{"model":"m","messages":[],"${key}":1,`;
    const answer = await create(`${head}"${key}":2}`);
    expect(onlyIssue(answer)).toEqual({ path: '', message: `has a repeated key at byte ${head.length}` });
    expect(answer.bytes).toBeLessThan(MAX_ERROR_BODY_BYTES);
    expect(answer.text).not.toContain('LEAK');
    expect(answer.text).not.toContain('Zq7Wx');
  });

  it('never echoes a repeated key written as markup', async () => {
    const head = '{"model":"m","messages":[{"role":"user","content":"hi","<script>x</script>":1,';
    const answer = await create(`${head}"<script>x<\\/script>":2}]}`);
    expect(onlyIssue(answer)).toEqual({
      path: '/messages/0',
      message: `has a repeated key at byte ${head.length}`,
    });
    expect(answer.text).not.toMatch(/script|<|~1/);
  });

  it("names none of a too-deep body's made-up keys, only the schema's names and the level", async () => {
    const names = Array.from({ length: 70 }, (_, level) => `madeUp${level}x`);
    const chain = names.map((name) => `{"${name}":`).join('') + '{}' + '}'.repeat(names.length);
    const answer = await create(`{"model":"m","messages":[],"metadata":${chain}}`);
    expect(onlyIssue(answer)).toEqual({
      path: '/metadata',
      message: 'must not hold a value nested more than 64 levels deep (one at level 65 lies below here)',
    });
    expect(answer.text).not.toContain('madeUp');
  });

  it('mark every API answer nosniff, success and error alike', async () => {
    const answers = [
      await send('/providers'),
      await create('{"model":"m","messages":[{"role":"user","content":"hi"}]}'),
      await create('{"model":"m","messages":[]}', ''),
      await create('{"model":"m","model":"m","messages":[]}'),
      await create(`{"model":"m","messages":[],"metadata":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}`),
      await send('/nowhere'),
      await send('/providers', { method: 'DELETE' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 400, 413, 404, 405]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      if (answer.status >= 400) expect(answer.bytes).toBeLessThan(MAX_ERROR_BODY_BYTES);
    }
  });
});

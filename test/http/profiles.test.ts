import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import { adapters, BASE_PATH, type RunningAdapter } from './adapters.js';
import { messagesRequest } from '../../schemas/messages-request.js';

/**
 * Every issue (contract: every-issue) and the strict profile (contract: unknown-properties) through every
 * adapter: the 400 body carries all the issues, and `profile: 'strict'` turns an unknown property away.
 */

const headers = { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' };
const path = `${BASE_PATH}/presets/profiled/messages`;
const threeProblems = JSON.stringify({
  model: 'anthropic/claude-4.6-sonnet',
  messages: [{ role: 'robot', content: 'Hi' }],
  temperature: 'hot',
  max_tokens: 0,
});
const withTypo = JSON.stringify({
  model: 'anthropic/claude-4.6-sonnet',
  messages: [{ role: 'user', content: 'Hi' }],
  tempreature: 0.5,
});

describe.each(adapters)('$name', (adapter) => {
  const running: Partial<Record<'default' | 'strict', RunningAdapter>> = {};

  beforeAll(async () => {
    running.default = await adapter.start(tableOptions([]));
    running.strict = await adapter.start({ ...tableOptions([]), profile: 'strict' });
  });
  afterAll(async () => {
    await running.default?.close();
    await running.strict?.close();
  });

  it('answers 400 with every issue of the body, in its order', async () => {
    const response = await running.default!.send({ method: 'POST', path, headers, body: threeProblems });
    expect(response.status).toBe(400);
    expect(
      JSON.parse(response.body).error.metadata.issues.map((issue: { path: string }) => issue.path),
    ).toEqual(['/messages/0/role', '/temperature', '/max_tokens']);
  });

  it('accepts an unknown property in the default profile and rejects it in the strict one', async () => {
    const accepted = await running.default!.send({ method: 'POST', path, headers, body: withTypo });
    expect(accepted.status).toBe(200);
    const rejected = await running.strict!.send({ method: 'POST', path, headers, body: withTypo });
    expect(rejected.status).toBe(400);
    expect(JSON.parse(rejected.body).error.metadata.issues).toEqual([
      // The rule, naming what the request accepts, never the key that was sent (contract: issue-paths).
      {
        path: '',
        message: `must have only the properties ${Object.keys(messagesRequest.properties).join(', ')}`,
      },
    ]);
    expect(rejected.body).not.toContain('tempreature');
  });
});

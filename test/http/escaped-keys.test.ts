import { describe, expect, it } from 'vitest';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import { createBodyValidator } from '../../src/http/body-validation.js';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import {
  ESCAPED_KEYS,
  HIDDEN_USER_ID,
  meant,
  POISON,
  propertiesOf,
  SENT,
  sentProperties,
  type Tool,
} from './escaped-key-requests.js';
import { adapters, BASE_PATH, servedThrough, type WireResponse } from './adapters.js';
import { ROUTE } from './middleware/cases.js';
import { frameworks } from './middleware/frameworks.js';

/*
 * The value is the text's through every entry that reads bytes (contract: value-is-text): one request poisons
 * V8's key cache, as on Node 24 (nodejs/node issue 63785), the next writes escaped keys where the first wrote a
 * backslash, and what is validated, stored and read back holds exactly the keys the text means. `.ci/run` runs
 * this file again on Node 24, where JSON.parse alone gets them wrong. Responses are read with the project's own
 * parser: this process's JSON.parse is poisoned too.
 */

const headers = { authorization: `Bearer ${MANAGEMENT_KEY}`, 'content-type': 'application/json' };

function bodyOf(response: WireResponse): unknown {
  return parsedByGrammar(response.body);
}

function issuePaths(response: WireResponse): string[] {
  const { error } = bodyOf(response) as { error: { metadata: { issues: Array<{ path: string }> } } };
  return error.metadata.issues.map((issue) => issue.path);
}

describe.each(adapters)('escaped keys through $name (contract: value-is-text)', (adapter) => {
  const errors: unknown[] = [];
  const running = servedThrough(() => adapter.start(tableOptions(errors)));

  const create = (slug: string, body: string) =>
    running.send({ method: 'POST', path: `${BASE_PATH}/presets/${slug}/messages`, headers, body });

  it('are saved and read back as sent after a request that poisons the key cache', async () => {
    expect((await create('poison', POISON)).status).toBe(200);
    const created = await create('escaped', SENT);
    expect(created.status).toBe(200);
    type Version = { config: { tools: Tool[] } };
    const { data } = bodyOf(created) as { data: { designated_version: Version } };
    expect(propertiesOf(data.designated_version.config.tools)).toEqual(sentProperties);
    const read = await running.send({
      method: 'GET',
      path: `${BASE_PATH}/presets/escaped/versions/1`,
      headers,
    });
    expect(read.status).toBe(200);
    expect(propertiesOf((bodyOf(read) as { data: Version }).data.config.tools)).toEqual(sentProperties);
    expect(errors).toEqual([]);
  });

  it('are validated as the keys the text means', async () => {
    expect((await create('poison', POISON)).status).toBe(200);
    const refused = await create('hidden', HIDDEN_USER_ID);
    expect(refused.status).toBe(400);
    expect(issuePaths(refused)).toEqual(['/metadata/user_id']);
  });
});

describe.each(frameworks)('escaped keys through $name (contract: value-is-text)', (framework) => {
  const running = servedThrough(() => framework.start());

  const post = (body: string) =>
    running.send({ method: 'POST', path: ROUTE, headers: { 'content-type': 'application/json' }, body });

  it('reach the route as sent after a request that poisons the key cache, and are validated so', async () => {
    expect((await post(POISON)).status).toBe(200);
    const answer = await post(SENT);
    expect(answer.status).toBe(200);
    const { body } = bodyOf(answer) as { body: { tools: Tool[]; metadata: object } };
    expect(propertiesOf(body.tools)).toEqual(sentProperties);
    expect(Object.keys(body.metadata)).toEqual(['h', meant(ESCAPED_KEYS[0]!)]);
    expect((await post(POISON)).status).toBe(200);
    const refused = await post(HIDDEN_USER_ID);
    expect(refused.status).toBe(400);
    expect(issuePaths(refused)).toEqual(['/metadata/user_id']);
  });
});

describe('createBodyValidator on escaped keys (contract: value-is-text)', () => {
  it('gives the keys the text means after a request that poisons the key cache', async () => {
    const check = createBodyValidator('messages-request');
    const json = { 'content-type': 'application/json' };
    for (const body of [SENT, new TextEncoder().encode(SENT)]) {
      expect((await check({ headers: json, body: POISON })).ok).toBe(true);
      const result = await check({ headers: json, body });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const value = result.value as unknown as { tools: Tool[]; metadata: object };
      expect(propertiesOf(value.tools)).toEqual(sentProperties);
      expect(Object.keys(value.metadata)).toEqual(['h', '"']);
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import {
  HIDDEN_USER_ID,
  POISON,
  propertiesOf,
  SENT,
  sentProperties,
  type Tool,
} from '../http/escaped-key-requests.js';
import { node24Binary } from './node24.js';
import { startServe, type Started } from '../gateway/serve-process.js';

/*
 * The reference gateway run by Node 24, whose V8 decodes an escaped object key wrongly once another request
 * has put a key in its cache (nodejs/node issue 63785): what one client sends never changes what the gateway
 * validates and saves for the next (contract: value-is-text). Responses are read with the project's own parser.
 */

const MANAGEMENT = 'escaped-keys-management';

let started: Started | undefined;
afterEach(() => {
  if (started?.child.exitCode === null) started.child.kill('SIGKILL');
});

describe('the reference gateway on Node 24 (contract: value-is-text)', () => {
  it('saves and reads back the escaped keys sent after a request that poisons the key cache', async () => {
    started = await startServe({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT }, ['--memory'], {
      node: node24Binary(),
    });
    const headers = { authorization: `Bearer ${MANAGEMENT}`, 'content-type': 'application/json' };
    const create = (slug: string, body: string) =>
      fetch(`${started!.baseUrl}/presets/${slug}/messages`, { method: 'POST', headers, body });

    expect((await create('poison', POISON)).status).toBe(200);
    const created = await create('escaped', SENT);
    expect(created.status).toBe(200);
    type Version = { config: { tools: Tool[] } };
    const { data } = parsedByGrammar(await created.text()) as { data: { designated_version: Version } };
    expect(propertiesOf(data.designated_version.config.tools)).toEqual(sentProperties);

    const read = await fetch(`${started.baseUrl}/presets/escaped/versions/1`, { headers });
    expect(read.status).toBe(200);
    expect(propertiesOf((parsedByGrammar(await read.text()) as { data: Version }).data.config.tools)).toEqual(
      sentProperties,
    );

    // A `user_id` written with an escape is validated as `user_id`, not as the key the cache holds.
    expect((await create('poison', POISON)).status).toBe(200);
    const refused = await create('hidden', HIDDEN_USER_ID);
    expect(refused.status).toBe(400);
    const { error } = parsedByGrammar(await refused.text()) as {
      error: { metadata: { issues: Array<{ path: string }> } };
    };
    expect(error.metadata.issues.map((issue) => issue.path)).toEqual(['/metadata/user_id']);
  }, 60_000);
});

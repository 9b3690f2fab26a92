import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parsedByGrammar } from '../../src/body/json-grammar.js';
import * as requests from '../http/escaped-key-requests.js';
import { node24Binary } from './node24.js';
import { binPath } from '../cli/bin-process.js';

// Each document of a file is read as its text means (contract: value-is-text), whatever an earlier one put in
// the key cache of Node 24's V8; the output is read with the project's own parser.

function runOnNode24(args: readonly string[], input: string) {
  return spawnSync(node24Binary(), [binPath, ...args], { input, encoding: 'utf8' });
}

describe('the command line on Node 24 (contract: value-is-text)', () => {
  it('normalizes a document with escaped keys after one that poisons the key cache, keys as written', () => {
    const run = runOnNode24(
      ['normalize', '-', '--format', 'jsonl'],
      `${requests.POISON}\n${requests.SENT}\n`,
    );
    expect(run.status).toBe(0);
    const [, sent] = run.stdout.trimEnd().split('\n');
    const { config } = parsedByGrammar(sent!) as { config: { tools: requests.Tool[] } };
    expect(requests.propertiesOf(config.tools)).toEqual(requests.sentProperties);
  });

  it('validates a user_id written with an escape as user_id after a poisoning document', () => {
    const run = runOnNode24(
      ['validate', 'messages-request', '-', '--format', 'jsonl'],
      `${requests.POISON}\n${requests.HIDDEN_USER_ID}\n`,
    );
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('/metadata/user_id must be a string or null');
  });
});

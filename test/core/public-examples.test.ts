import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  normalizePresetRequest,
  rootNames,
  validate,
  type MessagesRequest,
  type RootName,
} from '../../src/index.js';

const examplesDir = fileURLToPath(new URL('../fixtures/public-examples/', import.meta.url));

function readExample(file: string): unknown {
  return JSON.parse(readFileSync(examplesDir + file, 'utf8'));
}

/** The root an example file belongs to, read from its name (`error-401.example.json` -> `error-response`). */
function rootOf(file: string): RootName | 'model-endpoint' {
  if (file.startsWith('error-')) return 'error-response';
  const stem = file.slice(0, file.indexOf('.'));
  if (stem === 'model-endpoint') return stem;
  if ((rootNames as readonly string[]).includes(stem)) return stem as RootName;
  throw new Error(`no root for example ${file}`);
}

const files = readdirSync(examplesDir).filter((file) => file.endsWith('.json'));

describe("the public API's own examples", () => {
  it('are all here to be checked', () => {
    expect(files.length).toBe(37);
  });

  it.each(files.filter((file) => rootOf(file) !== 'model-endpoint'))(
    '%s validates against its root',
    (file) => {
      const result = validate(rootOf(file) as RootName, readExample(file));
      expect(result.ok ? [] : result.error.error.metadata?.issues).toEqual([]);
    },
  );

  it('model-endpoint.example.json validates as an endpoint of a model-endpoints response', () => {
    const model = readExample('model-endpoints-response.example-1.json') as {
      data: { endpoints: unknown[] };
    };
    model.data.endpoints = [readExample('model-endpoint.example.json')];
    const result = validate('model-endpoints-response', model);
    expect(result.ok ? [] : result.error.error.metadata?.issues).toEqual([]);
  });
});

describe('normalizePresetRequest on the public example of a create request', () => {
  it('saves model and max_tokens in config and system as the system prompt', () => {
    const request = readExample('messages-request.example-1.json') as MessagesRequest;
    expect(normalizePresetRequest(request)).toEqual({
      config: { max_tokens: 1024, model: 'anthropic/claude-4.6-sonnet' },
      system_prompt: 'You are a helpful assistant.',
      dropped: ['messages', 'system'],
    });
  });
});

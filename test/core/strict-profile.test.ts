import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  validate,
  validateMessagesRequest,
  validateMessagesRequestStrict,
  validateModelEndpointsResponseStrict,
  validateProvidersResponseStrict,
  type RootName,
} from '../../src/index.js';
import { CUSTOM_KEYWORD } from '../../build/documents/json-schema-2020.js';
import { emittedFiles } from '../ecosystem/support/json-cases.js';
import { loadCaseFiles } from '../support/cases.js';

/** The strict profile (docs/contract.md#unknown-properties). */

const request = {
  model: 'anthropic/claude-4.6-sonnet',
  max_tokens: 1024,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
};

function strictIssues(value: unknown) {
  const result = validate('messages-request', value, { profile: 'strict' });
  return result.ok ? [] : (result.error.error.metadata?.issues ?? []);
}

describe('the strict profile', () => {
  it('accepts a request without unknown properties, as the default does', () => {
    expect(validate('messages-request', request, { profile: 'strict' }).ok).toBe(true);
    expect(validateMessagesRequestStrict(request)).toBe(true);
  });

  it('rejects an unknown property at the root and in nested known shapes, without echoing its name', () => {
    const typo = {
      ...request,
      tempreature: 0.5,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', secret_field: 1 }] }],
      provider: { order: ['a'], sortt: 'price' },
    };
    expect(validate('messages-request', typo).ok).toBe(true);
    const issues = strictIssues(typo);
    expect(issues.map((issue) => issue.path)).toEqual(['', '/messages/0/content/0', '/provider']);
    const text = JSON.stringify(issues);
    for (const name of ['tempreature', 'secret_field', 'sortt']) expect(text).not.toContain(name);
    expect(validateMessagesRequestStrict(typo)).toBe(false);
    expect(validateMessagesRequest(typo)).toBe(true);
  });

  it('keeps free-form values open: tool inputs, JSON Schemas, trace, result contents', () => {
    const open = {
      ...request,
      trace: { trace_id: 't', custom_metadata: { any: 'thing' } },
      tools: [
        {
          name: 'lookup',
          input_schema: { type: 'object', properties: { q: { type: 'string' } }, $defs: {} },
        },
        { type: 'a_tool_kind_from_next_year', anything: true },
      ],
      output_config: {
        format: { type: 'json_schema', schema: { type: 'object', additionalProperties: true } },
      },
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x', extra: [1] } }],
        },
      ],
    };
    expect(strictIssues(open)).toEqual([]);
  });

  it('closes the responses too', () => {
    const providers = {
      data: [
        {
          name: 'P',
          slug: 'p',
          privacy_policy_url: null,
          terms_of_service_url: null,
          status_page_url: null,
          headquarters: null,
          datacenters: null,
          founded: 2020,
        },
      ],
    };
    expect(validate('providers-response', providers).ok).toBe(true);
    expect(validateProvidersResponseStrict(providers)).toBe(false);
  });

  it("keeps an endpoint's pricing open: the contract lists 4 of the public API's price keys", () => {
    const cases = loadCaseFiles().flatMap(([, groups]) => groups);
    const valid = cases
      .filter((group) => group.schema === 'model-endpoints-response')
      .flatMap((group) => group.tests)
      .find(
        (test) => test.valid && validate('model-endpoints-response', test.data, { profile: 'strict' }).ok,
      );
    const endpoints = structuredClone(valid!.data) as { data: { endpoints: Record<string, unknown>[] } };
    const first = endpoints.data.endpoints[0]!;
    first['pricing'] = { ...(first['pricing'] as object), audio: '0.00004', discount: 0.1 };
    expect(validateModelEndpointsResponseStrict(endpoints)).toBe(true);
    first['uptime_last_2d'] = 99;
    expect(validateModelEndpointsResponseStrict(endpoints)).toBe(false);
  });

  it('throws on an unknown profile, a programmer error', () => {
    expect(() => validate('messages-request', request, { profile: 'lenient' as never })).toThrow(TypeError);
  });
});

describe('the strict JSON Schema files', () => {
  /** Ajv's 2020-12 class, collecting the custom keyword as other validators do (an annotation). */
  function compile(files: Record<string, Record<string, unknown>>) {
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    ajv.addKeyword(CUSTOM_KEYWORD);
    return (name: string) => ajv.compile(files[name]!);
  }

  const roots: RootName[] = ['messages-request', 'providers-response', 'model-endpoints-response'];

  it('give validate(..., { profile: "strict" }) its verdict wherever the default files give the default one', () => {
    const strictFile = compile(emittedFiles('strict'));
    const defaultFile = compile(emittedFiles());
    let compared = 0;
    for (const [, groups] of loadCaseFiles()) {
      for (const group of groups) {
        if (!(roots as string[]).includes(group.schema)) continue;
        const name = group.schema as RootName;
        const strictCheck = strictFile(`strict/${name}`);
        const defaultCheck = defaultFile(name);
        for (const test of group.tests) {
          // A case the custom keyword decides is one no other validator can judge, in either profile.
          if (defaultCheck(test.data) !== validate(name, test.data).ok) continue;
          expect(strictCheck(test.data), test.description).toBe(
            validate(name, test.data, { profile: 'strict' }).ok,
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

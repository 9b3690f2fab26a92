import { describe, expect, it } from 'vitest';
import { errorBody, MAX_ISSUES, statusMessages, validate, validateErrorResponse } from '../../src/index.js';
import { MAX_ERROR_BODY_BYTES } from '../../src/core/errors.js';

const request = { model: 'anthropic/claude-4.6-sonnet', messages: [{ role: 'user', content: 'Hi' }] };

function issuesOf(value: unknown) {
  const result = validate('messages-request', value);
  if (result.ok) throw new Error('expected a rejection');
  return result.error.error.metadata?.issues;
}

describe('errorBody', () => {
  it.each(Object.entries(statusMessages))('gives %s its message and code', (status, message) => {
    const body = errorBody(Number(status) as keyof typeof statusMessages);
    expect(body).toEqual({ error: { code: Number(status), message } });
    expect(validateErrorResponse(body)).toBe(true);
  });

  it('carries issues on 400 only, at most 20', () => {
    const issues = Array.from({ length: 30 }, (_, i) => ({ path: `/messages/${i}`, message: 'is required' }));
    expect(errorBody(400, issues).error.metadata?.issues).toHaveLength(MAX_ISSUES);
    expect(errorBody(404, issues).error).not.toHaveProperty('metadata');
  });
});

describe('issue sentences (contract: error-body)', () => {
  it('names the limit of an array', () => {
    const fallbacks = Array.from({ length: 4 }, () => ({ model: 'openai/gpt-5' }));
    expect(issuesOf({ ...request, fallbacks })).toEqual([
      { path: '/fallbacks', message: 'must have at most 3 items' },
    ]);
  });

  it('names a limit of 1 with a singular noun', () => {
    const fusion = { id: 'fusion', analysis_models: [] };
    expect(issuesOf({ ...request, plugins: [fusion] })).toEqual([
      { path: '/plugins/0/analysis_models', message: 'must have at least 1 item' },
    ]);
    const environment = { type: 'container_reference', container_id: '' };
    const shell = { type: 'service:shell', parameters: { environment } };
    // An empty id breaks two rules, its length and its pattern: every issue is reported (contract: every-issue).
    expect(issuesOf({ ...request, tools: [shell] })).toEqual([
      { path: '/tools/0/parameters/environment/container_id', message: 'must have at least 1 character' },
      {
        path: '/tools/0/parameters/environment/container_id',
        message: 'must be a container id of letters, digits, `_` and `-`',
      },
    ]);
  });

  it('lists the allowed values of a closed list', () => {
    expect(issuesOf({ ...request, thinking: { type: 'sometimes' } })).toEqual([
      { path: '/thinking/type', message: 'must be one of: enabled, disabled, adaptive' },
    ]);
  });

  it('names the rule of a closed list too long to list: a country code, not 249 codes (contract: formats)', () => {
    const provider = {
      name: 'P',
      slug: 'p',
      headquarters: 'ZZ',
      datacenters: ['US', 'QQ'],
      privacy_policy_url: null,
      terms_of_service_url: null,
      status_page_url: null,
    };
    const issuesFor = (value: unknown) => {
      const result = validate('providers-response', { data: [value] });
      return result.ok ? [] : result.error.error.metadata?.issues;
    };
    expect(issuesFor(provider)).toEqual([
      {
        path: '/data/0/headquarters',
        message: "must be an ISO 3166-1 alpha-2 country code of the public API's list (upper case), or null",
      },
      {
        path: '/data/0/datacenters/1',
        message: "must be an ISO 3166-1 alpha-2 country code of the public API's list (upper case)",
      },
    ]);
    expect(issuesFor({ ...provider, headquarters: 'US' })).toEqual([
      {
        path: '/data/0/datacenters/1',
        message: "must be an ISO 3166-1 alpha-2 country code of the public API's list (upper case)",
      },
    ]);
  });

  it('points at a missing property', () => {
    expect(issuesOf({ model: 'm' })).toEqual([{ path: '/messages', message: 'is required' }]);
  });

  it('points at the fallback entry holding a key it does not allow, naming the rule (contract: issue-paths)', () => {
    expect(issuesOf({ ...request, fallbacks: [{ model: 'm', temperature: 1 }] })).toEqual([
      { path: '/fallbacks/0', message: 'must have only the property model' },
    ]);
  });

  it('never echoes an unknown key, however long or hostile (contract: issue-paths)', () => {
    const keys = [
      'x'.repeat(10_000),
      'CANARY-</script><script>alert(1)</script>',
      'a/b~c\u0000\u202e\ud800',
      '__proto__',
      '',
    ];
    for (const key of keys) {
      const result = validate('messages-request', { ...request, fallbacks: [{ model: 'm', [key]: 1 }] });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.error.metadata?.issues).toEqual([
        { path: '/fallbacks/0', message: 'must have only the property model' },
      ]);
      if (key.length > 0)
        expect(JSON.stringify(result.error)).not.toContain(JSON.stringify(key).slice(1, -1));
    }
  });

  it('says that models and fallbacks are never combined', () => {
    expect(issuesOf({ ...request, models: ['a'], fallbacks: [{ model: 'b' }] })).toEqual([
      { path: '/fallbacks', message: 'must not be combined with models' },
    ]);
  });

  it('merges the alternatives of an untagged union into one sentence', () => {
    expect(issuesOf({ ...request, system: 5 })).toEqual([
      { path: '/system', message: 'must be a string or an array' },
    ]);
  });

  it('follows the alternative that got deepest into the value', () => {
    expect(issuesOf({ ...request, system: [{ type: 'text' }] })).toEqual([
      { path: '/system/0/text', message: 'is required' },
    ]);
  });

  it('never echoes the input', () => {
    const secret = 'sk-secret-value-that-must-not-leak';
    const body = JSON.stringify(
      validate('messages-request', {
        ...request,
        max_tokens: secret,
        speed: secret,
        session_id: secret.repeat(20),
      }),
    );
    expect(body).not.toContain(secret);
  });
});

describe('the size of an error body (contract: issue-paths)', () => {
  const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;

  it('keeps every issue of a body that fits', () => {
    const issues = Array.from({ length: 20 }, (_, i) => ({
      path: `/messages/${i}/content`,
      message: 'must be a string',
    }));
    expect(errorBody(400, issues).error.metadata?.issues).toEqual(issues);
  });

  it(`keeps the first issues that fit in ${MAX_ERROR_BODY_BYTES} bytes, in order`, () => {
    const long = '/messages' + '/0/content'.repeat(60);
    const issues = Array.from({ length: 20 }, (_, i) => ({
      path: `${long}/${i}`,
      message: 'must be a string',
    }));
    const body = errorBody(400, issues);
    const kept = body.error.metadata?.issues ?? [];
    expect(bytes(body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20);
    expect(kept).toEqual(issues.slice(0, kept.length));
  });

  it('cuts back the path of a lone issue too long to fit, a segment at a time', () => {
    const body = errorBody(400, [
      { path: `/tools/0/${'\u2028'.repeat(600_000)}/x`, message: 'must be a string' },
    ]);
    expect(bytes(body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(body.error.metadata?.issues).toEqual([{ path: '/tools/0', message: 'must be a string' }]);
  });
});

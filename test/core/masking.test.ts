import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MASKED_SECRET_PATTERN,
  maskDestination,
  maskSecret,
  SECRET_CONFIG_FIELDS,
  validate,
  validateObservabilityDestinationResponse,
  validateObservabilityDestinationResponseStrict,
} from '../../src/index.js';
import { deepFreeze } from '../support/hostile-arbitraries.js';

const maskedSecret = new RegExp(MASKED_SECRET_PATTERN, 'u');

/** Whether a string holds a surrogate that is not half of a pair. */
function hasLoneSurrogate(text: string): boolean {
  return /\p{Surrogate}/u.test(text);
}

/** Secrets rich in what could break a mask: dots, ellipses, stars, emoji and halves of surrogate pairs. */
const secret = fc.string({
  unit: fc.oneof(
    fc.constantFrom('.', '…', '*', '😀', 'a', '\ud800', '\udc00'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('maskSecret (contract: secret-masking)', () => {
  it('shows the first and last 4 code points of a secret of 32 or more', () => {
    expect(maskSecret('0123456789abcdef0123456789abcdef')).toBe('0123...cdef');
    expect(maskSecret('sk-or-v1-0123456789abcdef0123456789abcdef')).toBe('sk-o...cdef');
    expect(maskSecret(`😀😀😀😀${'a'.repeat(24)}😀😀😀😀`)).toBe('😀😀😀😀...😀😀😀😀');
  });

  it('shows only the last 4 code points of a secret of 12 to 31, so a 16-character key shows a quarter', () => {
    expect(maskSecret('0123456789abcdef')).toBe('********...cdef');
    expect(maskSecret('0123456789ab')).toBe('********...89ab');
    expect(maskSecret('0123456789abcdef0123456789abcde')).toBe('********...bcde');
    expect(maskSecret('😀'.repeat(12))).toBe('********...😀😀😀😀');
  });

  it('masks a secret under 12 code points fully, counting emoji as one', () => {
    expect(maskSecret('0123456789a')).toBe('********');
    expect(maskSecret('😀'.repeat(11))).toBe('********');
    expect(maskSecret('')).toBe('********');
  });

  it('falls back to a full mask when the kept ends would read as another mask', () => {
    expect(maskSecret(`abc.${'0'.repeat(24)}defg`)).toBe('********');
    expect(maskSecret('0123456789abcdef.xyz')).toBe('********');
    expect(maskSecret(`ab…c${'0'.repeat(28)}`)).toBe('********');
  });

  it('shows nothing under 12 code points, at most the last 4 under 32 and 8 from 32 on, never splits a pair, always passes the masked-secret rule', () => {
    fc.assert(
      fc.property(secret, (value) => {
        const masked = maskSecret(value);
        const length = Array.from(value).length;
        expect(maskedSecret.test(masked)).toBe(true);
        if (!hasLoneSurrogate(value)) expect(hasLoneSurrogate(masked)).toBe(false);
        if (masked === '********') return;
        expect(length).toBeGreaterThanOrEqual(12);
        const [head = '', tail = ''] = masked.split('...');
        expect(Array.from(tail).length).toBeLessThanOrEqual(4);
        expect(value.endsWith(tail)).toBe(true);
        if (length < 32) expect(head).toBe('********');
        else {
          expect(Array.from(head)).toHaveLength(4);
          expect(value.startsWith(head)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

/** A valid webhook destination whose config the tests replace. */
const webhookDestination = {
  id: '550e8400-e29b-41d4-a716-446655440000',
  workspace_id: '550e8400-e29b-41d4-a716-446655440001',
  name: null,
  type: 'webhook',
  enabled: true,
  privacy_mode: false,
  sampling_rate: 1,
  broadcast_generation_cost: false,
  broadcast_generation_identity: false,
  broadcast_generation_request_context: false,
  api_key_hashes: null,
  filter_rules: { groups: [] },
  config: { url: 'https://example.com/hook' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('maskDestination (contract: secret-masking)', () => {
  const destination = {
    id: '550e8400-e29b-41d4-a716-446655440000',
    type: 's3',
    config: {
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE-LONG',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      sessionToken: 'short',
      bucketName: 'traces',
      region: null,
      password: 1234567890123456,
    },
  };

  it('masks every secret field of the config and leaves the rest alone', () => {
    const masked = maskDestination(deepFreeze(structuredClone(destination)));
    expect(masked.config).toEqual({
      accessKeyId: '********...LONG',
      secretAccessKey: 'wJal...EKEY',
      sessionToken: '********',
      bucketName: 'traces',
      region: null,
      password: '********',
    });
    expect(masked.id).toBe(destination.id);
  });

  it('returns a copy that shares no object with its input', () => {
    const input = structuredClone(destination);
    const masked = maskDestination(input);
    expect(masked).not.toBe(input);
    expect(masked.config).not.toBe(input.config);
    expect(input.config.secretAccessKey).toBe(destination.config.secretAccessKey);
  });

  it('masks every secret field name, whatever the destination type', () => {
    const config = Object.fromEntries(
      SECRET_CONFIG_FIELDS.map((field) => [field, `${field}-0123456789abcdef`]),
    );
    const masked = maskDestination({ config });
    for (const field of SECRET_CONFIG_FIELDS)
      expect(maskedSecret.test(masked.config[field] as string)).toBe(true);
  });

  it('masks secret names in any case at any depth of the config, and every value of a header map', () => {
    const full = 'sk-live-0123456789abcdef';
    const masked = maskDestination({
      type: 'webhook',
      config: {
        url: 'https://example.com/hook',
        headers: { token: full, 'X-Team': 'traces', Authorization: `Bearer ${full}`, 'X-Empty': null },
        extra: { deeper: { APIKEY: full, note: 'kept' }, list: [{ Password: full }, 'plain'] },
        Headers: 'Bearer 0123456789abcdef',
        nested: [{ headers: { 'x-honeycomb-team': full, retries: 3 } }, { HEADERS: ['X-A: 1'] }],
        sessionToken: null,
      },
    });
    expect(masked.config).toEqual({
      url: 'https://example.com/hook',
      headers: {
        token: '********...cdef',
        'X-Team': '********',
        Authorization: '********...cdef',
        'X-Empty': null,
      },
      extra: {
        deeper: { APIKEY: '********...cdef', note: 'kept' },
        list: [{ Password: '********...cdef' }, 'plain'],
      },
      Headers: '********...cdef',
      nested: [
        { headers: { 'x-honeycomb-team': '********...cdef', retries: '********' } },
        { HEADERS: '********' },
      ],
      sessionToken: null,
    });
  });

  it('masks the password of a URL and the values of its secret query parameters, in any string', () => {
    const masked = maskDestination({
      type: 'webhook',
      config: {
        url: 'https://deliver:hunter2-0123456789@hooks.example.com/in?team=ml&token=tok0123456789abcdef&API_KEY=short#top',
        dsn: 'https://public:0123456789abcdef0123456789abcdef@o0.ingest.sentry.io/0',
        presigned:
          'https://bucket.example.com/put?X-Amz-Credential=AKIA0123456789&X-Amz-Signature=0123456789abcdef0123&x-id=PutObject',
        notes: ['replay with https://ops:pw@replay.example.com/run then retry', 'https://user@example.com/'],
        redirect:
          'https://example.com/cb?next=https://ops:pw-0123456789@replay.example.com/?%74oken=abc&page=2',
        empty: 'https://user:@example.com/?token=&design',
      },
    });
    expect(masked.config).toEqual({
      url: 'https://deliver:********...6789@hooks.example.com/in?team=ml&token=********...cdef&API_KEY=********#top',
      dsn: 'https://public:0123...cdef@o0.ingest.sentry.io/0',
      presigned:
        'https://bucket.example.com/put?X-Amz-Credential=********...6789&X-Amz-Signature=********...0123&x-id=PutObject',
      notes: [
        'replay with https://ops:********@replay.example.com/run then retry',
        'https://user@example.com/',
      ],
      redirect:
        'https://example.com/cb?next=https://ops:********...6789@replay.example.com/?%74oken=********&page=2',
      empty: 'https://user:@example.com/?token=&design',
    });
  });

  it('leaves ids, names, hosts and URLs without secret parts as they are', () => {
    const config = {
      url: 'https://hooks.example.com:8443/in/v1?team=ml&page=2#section',
      host: 'https://clickhouse.example.com:8123',
      dsn: 'https://abc123@o0.ingest.sentry.io/0',
      projectId: 'proj-0123456789abcdef',
      note: 'time: 10:30 // not a URL',
    };
    expect(maskDestination({ type: 'webhook', config }).config).toEqual(config);
  });

  it('masks to values the destination validator accepts, wherever the secrets sit', () => {
    const url = fc
      .tuple(
        fc.constantFrom('https://', 'see https://', 'x://'),
        fc.option(fc.tuple(fc.constantFrom('user', 'u'), fc.option(secret)), { nil: undefined }),
        fc.constantFrom('host.example.com', 'h:8080'),
        fc.constantFrom('', '/path', '/a/https://b'),
        fc.array(fc.tuple(fc.constantFrom('token', 'team', 'Api_Key', 'next', 'sig'), secret), {
          maxLength: 3,
        }),
      )
      .map(([scheme, userinfo, host, path, query]) => {
        const user =
          userinfo === undefined ? '' : `${userinfo[0]}${userinfo[1] === null ? '' : `:${userinfo[1]}`}@`;
        const params = query.map(([name, value]) => `${name}=${value}`).join('&');
        return `${scheme}${user}${host}${path}${params === '' ? '' : `?${params}`}`;
      });
    const names = fc.constantFrom(...SECRET_CONFIG_FIELDS, 'APIKEY', 'Token', 'note', 'headers', 'Headers');
    const nested = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        secret,
        url,
        fc.constant(null),
        fc.integer(),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(names, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...SECRET_CONFIG_FIELDS, 'extra', 'Token'), nested),
        (extra) => {
          const config = { ...extra, url: 'https://example.com/hook' };
          const data = maskDestination({ ...webhookDestination, config });
          expect(validate('observability-destination-response', { data }).ok).toBe(true);
          expect(validate('observability-destination-response', { data }, { profile: 'strict' }).ok).toBe(
            true,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves a destination without a config object as it is', () => {
    expect(maskDestination({ name: 'x' })).toEqual({ name: 'x' });
    expect(maskDestination({ config: null })).toEqual({ config: null });
  });
});

describe('the destination validator on secrets below the config (contract: secret-masking)', () => {
  const full = 'sk-live-0123456789abcdef';
  const issuesOf = (config: object) => {
    const result = validate('observability-destination-response', {
      data: { ...webhookDestination, config },
    });
    return result.ok ? [] : result.error.error.metadata?.issues;
  };

  it('reports a nested full secret at the config, naming neither the secret nor the keys on the way', () => {
    const issues = issuesOf({ url: 'https://example.com/hook', 'CANARY-a': { list: [{ apiKey: full }] } });
    expect(issues).toHaveLength(1);
    expect(issues?.[0]?.path).toBe('/data/config');
    expect(JSON.stringify(issues)).not.toContain(full);
    expect(JSON.stringify(issues)).not.toContain('CANARY');
  });

  it('searches alike in the strict profile, through validate and its guard', () => {
    const data = { ...webhookDestination, config: { url: 'https://u:pw-0123456789abcdef@example.com/hook' } };
    const result = validate('observability-destination-response', { data }, { profile: 'strict' });
    expect(result.ok ? [] : result.error.error.metadata?.issues?.map((issue) => issue.path)).toEqual([
      '/data/config',
    ]);
    expect(validateObservabilityDestinationResponseStrict({ data })).toBe(false);
    expect(validateObservabilityDestinationResponse({ data })).toBe(false);
    expect(validateObservabilityDestinationResponseStrict({ data: maskDestination(data) })).toBe(true);
  });

  it('reads an object shared in many places once, so a value built in code stays linear', () => {
    let shared: object = { note: 'x' };
    for (let level = 0; level < 50; level++) shared = { left: shared, right: shared };
    expect(issuesOf({ url: 'https://example.com/hook', shared })).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MASKED_SECRET_PATTERN,
  maskDestination,
  maskSecret,
  SECRET_CONFIG_FIELDS,
  validate,
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
  it('shows the first and last 4 code points of a secret of 16 or more', () => {
    expect(maskSecret('sk-or-v1-0123456789abcdef')).toBe('sk-o...cdef');
    expect(maskSecret('0123456789abcdef')).toBe('0123...cdef');
    expect(maskSecret('😀😀😀😀abcdefgh😀😀😀😀')).toBe('😀😀😀😀...😀😀😀😀');
  });

  it('masks a secret under 16 code points fully, counting emoji as one', () => {
    expect(maskSecret('0123456789abcde')).toBe('********');
    expect(maskSecret('😀'.repeat(15))).toBe('********');
    expect(maskSecret('')).toBe('********');
  });

  it('falls back to a full mask when the kept ends would read as another mask', () => {
    expect(maskSecret('abc.0123456789abcdef')).toBe('********');
    expect(maskSecret('0123456789abcdef.xyz')).toBe('********');
    expect(maskSecret('ab…c0123456789abcdef')).toBe('********');
  });

  it('never shows more than 8 code points of the secret, never splits a pair, always passes the masked-secret rule', () => {
    fc.assert(
      fc.property(secret, (value) => {
        const masked = maskSecret(value);
        expect(maskedSecret.test(masked)).toBe(true);
        const shown = Array.from(masked === '********' ? '' : masked.replace('...', ''));
        expect(shown.length).toBeLessThanOrEqual(8);
        if (!hasLoneSurrogate(value)) expect(hasLoneSurrogate(masked)).toBe(false);
        if (shown.length > 0) {
          expect(value.startsWith(shown.slice(0, 4).join(''))).toBe(true);
          expect(value.endsWith(shown.slice(4).join(''))).toBe(true);
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
      accessKeyId: 'AKIA...LONG',
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

  it('masks secret names at any depth of the config: nested objects, arrays and header maps', () => {
    const full = 'sk-live-0123456789abcdef';
    const masked = maskDestination({
      type: 'webhook',
      config: {
        url: 'https://example.com/hook',
        headers: { token: full, 'X-Team': 'traces' },
        extra: { deeper: { apiKey: full, note: 'kept' }, list: [{ password: full }, 'plain'] },
        sessionToken: null,
      },
    });
    expect(masked.config).toEqual({
      url: 'https://example.com/hook',
      headers: { token: 'sk-l...cdef', 'X-Team': 'traces' },
      extra: {
        deeper: { apiKey: 'sk-l...cdef', note: 'kept' },
        list: [{ password: 'sk-l...cdef' }, 'plain'],
      },
      sessionToken: null,
    });
  });

  it('masks to values the destination validator accepts, wherever the secrets sit', () => {
    const nested = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        secret,
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...SECRET_CONFIG_FIELDS, 'note', 'headers'), tie('node'), {
          maxKeys: 4,
        }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...SECRET_CONFIG_FIELDS, 'extra'), nested), (extra) => {
        const config = { ...extra, url: 'https://example.com/hook' };
        const data = maskDestination({ ...webhookDestination, config });
        expect(validate('observability-destination-response', { data }).ok).toBe(true);
      }),
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

  it('reads an object shared in many places once, so a value built in code stays linear', () => {
    let shared: object = { note: 'x' };
    for (let level = 0; level < 50; level++) shared = { left: shared, right: shared };
    expect(issuesOf({ url: 'https://example.com/hook', shared })).toEqual([]);
  });
});

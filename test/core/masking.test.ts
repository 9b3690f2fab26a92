import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerMapNamePattern, secretNamePattern } from '../../schemas/masked-secret.js';
import { isHeaderMapName, isSecretName, isSecretParameterName } from '../../src/core/secret-names.js';
import {
  DECLARED_SECRET_NAMES,
  DESCRIBING_NAME_WORDS,
  HEADER_NAME_WORDS,
  MASKED_SECRET_PATTERN,
  maskDestination,
  maskSecret,
  SECRET_NAME_WORDS,
  validate,
  validateObservabilityDestinationResponse,
  validateObservabilityDestinationResponseStrict,
} from '../../src/index.js';
import { leaks, nonSecretNames, nonSecrets, secretLeaks } from '../fixtures/secret-leaks.js';
import { deepFreeze } from '../support/hostile-arbitraries.js';
import { isValidResponse, webhookDestination, webhookWith } from '../fixtures/webhook-destination.js';

/** The secret config fields the public API names (contract: secret-masking). */
const PUBLIC_SECRET_FIELDS = [
  'apiKey',
  'spaceKey',
  'secretKey',
  'publicKey',
  'licenseKey',
  'password',
  'token',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
] as const;

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

/**
 * Whether `mask` shows no more of `secret` than the rule allows: nothing under 12 code points, at most the last 4
 * under 32, at most the first 4 and the last 4 from 32 on, and always a masked form (an empty part may stay empty).
 */
function expectShowsAtMost(mask: string, secret: string): void {
  // An empty part of a string stays empty; an empty field becomes `********`.
  if (secret === '' && mask === '') return;
  expect(maskedSecret.test(mask), mask).toBe(true);
  const points = Array.from(secret);
  if (/^\*+$/.test(mask)) return;
  const [head = '', tail = ''] = mask.split('...');
  expect(points.length).toBeGreaterThanOrEqual(12);
  expect(Array.from(tail).length).toBeLessThanOrEqual(4);
  expect(secret.endsWith(tail)).toBe(true);
  if (points.length < 32) expect(head).toMatch(/^\*+$/);
  else {
    expect(Array.from(head)).toHaveLength(4);
    expect(secret.startsWith(head)).toBe(true);
  }
}

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
        if (!hasLoneSurrogate(value)) expect(hasLoneSurrogate(masked)).toBe(false);
        expectShowsAtMost(masked, value);
      }),
      { numRuns: 1000 },
    );
  });
});

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
      password: 1234567890123456,
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
      PUBLIC_SECRET_FIELDS.map((field) => [field, `${field}-0123456789abcdef`]),
    );
    const masked = maskDestination({ config });
    for (const field of PUBLIC_SECRET_FIELDS)
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
      nested: [{ headers: { 'x-honeycomb-team': '********...cdef', retries: 3 } }, { HEADERS: '********' }],
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
      modelId: 'openrouter-prod',
      connection: 'DefaultEndpointsProtocol=https;AccountName=traces;EndpointSuffix=core.windows.net',
      contact: 'ops@example.com',
      query: 'https://example.com/search?design=flat&signal=1&passenger=2',
    };
    expect(maskDestination({ type: 'webhook', config }).config).toEqual(config);
    expect(
      validate('observability-destination-response', { data: { ...webhookDestination, config } }).ok,
    ).toBe(true);
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
    const names = fc.constantFrom(
      ...PUBLIC_SECRET_FIELDS,
      'APIKEY',
      'api_key',
      'note',
      'headers',
      'httpHeaders',
    );
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
        fc.dictionary(fc.constantFrom(...PUBLIC_SECRET_FIELDS, 'extra', 'Token', 'client_secret'), nested),
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

describe('the rule of secret names (contract: secret-masking)', () => {
  const closure = JSON.parse(
    readFileSync(new URL('../fixtures/public-api-closure.json', import.meta.url), 'utf8'),
  ) as { components: { schemas: Record<string, { properties?: { config?: { properties?: object } } }> } };

  it('matches every secret config name of the public API, and none of its other config names', () => {
    const configNames = Object.entries(closure.components.schemas)
      .filter(([name]) => /^Observability.+Destination$/.test(name))
      .flatMap(([, schema]) => Object.keys(schema.properties?.config?.properties ?? {}));
    expect(configNames.length).toBeGreaterThan(PUBLIC_SECRET_FIELDS.length);
    for (const name of new Set(configNames)) {
      expect(isSecretName(name), name).toBe((PUBLIC_SECRET_FIELDS as readonly string[]).includes(name));
    }
  });

  it('reads whole words in any case, split at separators, digits and case changes; a describing last word exempts', () => {
    for (const name of [
      'api_key',
      'X-API-KEY',
      'APIKey',
      'APIKEY',
      'clientSecret',
      'accessToken',
      'private_key',
      'passphrase',
      'authToken',
      'auth',
      'PASS',
      'credentials',
      'x-amz-signature',
      'pass_word',
      'sig',
      'db.password',
      'token2',
      'bearer token',
      'accessKeyId',
      'ACCESS_KEY_ID',
      '\u017Fecret',
      'api\u212Aey',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of [
      ...nonSecretNames,
      'authSource',
      'passenger',
      'bypass',
      'design',
      'signal',
      'modelId',
      'url',
      'headers',
      'p_a-s_s',
      'toKen',
      'KEYs',
      'api_key_id',
      'secretName',
      'token_count',
    ])
      expect(isSecretName(name), name).toBe(false);
    for (const name of ['headers', 'httpHeaders', 'extra_headers', 'header', 'HEADERS', 'Header2'])
      expect(isHeaderMapName(name), name).toBe(true);
    for (const name of ['authHeaders', 'header_name', 'headerType', 'HEAD-ERS', 'subheaders'])
      expect(isHeaderMapName(name), name).toBe(false);
    // A parameter's name is read percent-decoded again and again; one still encoded after that counts as secret.
    expect(isSecretParameterName('%2574oken')).toBe(true);
    expect(isSecretParameterName('%E2%84%AAey')).toBe(true);
    expect(isSecretParameterName(`%${'25'.repeat(12)}74eam`)).toBe(true);
    expect(isSecretParameterName('%74eam')).toBe(false);
    expect(isSecretParameterName('%ZZteam%')).toBe(false);
  });

  it('is worded in the contract from its own lists', () => {
    const contract = readFileSync(new URL('../../docs/contract.md', import.meta.url), 'utf8');
    const start = contract.indexOf('<a id="secret-masking"></a>');
    const section = contract.slice(start, contract.indexOf('<a id=', start + 1)).replace(/\s+/g, ' ');
    const listed = (words: readonly string[]) =>
      `${words
        .slice(0, -1)
        .map((word) => `\`${word}\``)
        .join(', ')} or \`${words[words.length - 1]}\``;
    for (const words of [SECRET_NAME_WORDS, DESCRIBING_NAME_WORDS, HEADER_NAME_WORDS])
      expect(section).toContain(listed(words));
    for (const name of DECLARED_SECRET_NAMES)
      expect(section.toLowerCase()).toContain(`\`${name}\`, which the public api declares a secret`);
  });

  it("is what the schema files' name patterns say, for any name", () => {
    const secretPattern = new RegExp(secretNamePattern(), 'u');
    const headerPattern = new RegExp(headerMapNamePattern(), 'u');
    const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzKEYSPID_-. \t7%\u212A\u017F\u0130\u0131é😀');
    const spelt = (word: string) =>
      fc
        .tuple(
          ...Array.from(word, () => fc.tuple(fc.boolean(), fc.constantFrom('', '', '', '_', '-', ' ', '9'))),
        )
        .map((letters) =>
          letters
            .map(([upper, gap], index) => {
              const char = word[index]!;
              return (upper ? char.toUpperCase() : char) + gap;
            })
            .join(''),
        );
    const word = fc
      .constantFrom(
        ...SECRET_NAME_WORDS,
        ...DESCRIBING_NAME_WORDS,
        ...HEADER_NAME_WORDS,
        ...DECLARED_SECRET_NAMES,
        'pas',
        'kez',
      )
      .chain(spelt);
    const name = fc
      .tuple(
        fc.string({ unit: letter, maxLength: 3 }),
        word,
        fc.string({ unit: letter, maxLength: 3 }),
        fc.option(word, { nil: '' }),
        fc.string({ unit: letter, maxLength: 2 }),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(name, fc.string({ unit: letter, maxLength: 12 })), (value) => {
        expect(secretPattern.test(value)).toBe(isSecretName(value));
        expect(headerPattern.test(value)).toBe(isHeaderMapName(value));
      }),
      { numRuns: 2000 },
    );
  });
});

/** Words that are none of the rule's, some holding one of its words as a part (`monkey`, `tokens`). */
const OTHER_WORDS = [
  'api',
  'client',
  'max',
  'access',
  'db',
  'author',
  'monkey',
  'keyword',
  'tokens',
  'value',
];

/** What the rule makes of a name made of `words` (folded): the rule as the contract words it. */
function expectedKind(words: readonly string[]): 'secret' | 'header map' | undefined {
  const among = (list: readonly string[], word: string) => list.includes(word);
  if (among(DECLARED_SECRET_NAMES, words.join(''))) return 'secret';
  if (among(DESCRIBING_NAME_WORDS, words[words.length - 1]!)) return undefined;
  if (words.some((word) => among(SECRET_NAME_WORDS, word))) return 'secret';
  return words.some((word) => among(HEADER_NAME_WORDS, word)) ? 'header map' : undefined;
}

/**
 * A name built of known words (the rule's secret, describing and header words, others, random ones), joined by
 * separators or case changes in one case style, so that its words are known without splitting it.
 */
const generatedName = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.constantFrom(...SECRET_NAME_WORDS),
        fc.constantFrom(...DESCRIBING_NAME_WORDS),
        fc.constantFrom(...HEADER_NAME_WORDS),
        fc.constantFrom(...OTHER_WORDS),
        fc.stringMatching(/^[a-z]{2,6}$/),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    fc.constantFrom('lower', 'upper', 'camel', 'pascal'),
    fc.array(fc.constantFrom('', '_', '-', '.', ' ', '2', '__'), { minLength: 3, maxLength: 3 }),
    fc.constantFrom('', '_', '-1'),
  )
  .map(([words, style, separators, edge]) => {
    const spelt = words.map((word, index) => {
      if (style === 'upper') return word.toUpperCase();
      if (style === 'lower' || (style === 'camel' && index === 0)) return word;
      return word[0]!.toUpperCase() + word.slice(1);
    });
    // Words of one case need a separator between them; a case change separates the others.
    const join = (index: number) => {
      const separator = separators[index - 1]!;
      return separator === '' && (style === 'lower' || style === 'upper') ? '_' : separator;
    };
    const name = spelt.reduce((joined, word, index) => `${joined}${join(index)}${word}`) + edge;
    return { words, name };
  });

describe('every named leak (contract: secret-masking)', () => {
  it.each(secretLeaks.map((leak) => [leak.name, leak] as const))(
    'masks %s, valid once masked, refused in full at its place',
    (_name, leak) => {
      const data = webhookWith(leak.config);
      const masked = maskDestination(data);
      expect(leaks(JSON.stringify(masked), [leak.secret])).toEqual([]);
      expect(isValidResponse(masked)).toBe(true);
      for (const profile of ['default', 'strict'] as const) {
        const result = validate('observability-destination-response', { data }, { profile });
        expect(result.ok, profile).toBe(false);
        if (!result.ok) {
          expect(result.error.error.metadata?.issues?.[0]?.path).toBe(leak.path);
          expect(leaks(JSON.stringify(result.error), [leak.secret])).toEqual([]);
        }
      }
    },
  );
});

describe('no mask shows more than the rule allows (contract: secret-masking)', () => {
  /** A generated name the rule matches: a word or a whole name, spelt in any case, with `_` and `-` anywhere. */
  const secretName = generatedName
    .filter(({ words, name }) => expectedKind(words) === 'secret' && !name.includes(' '))
    .map(({ name }) => name);
  /** The same name as a URL may carry it: as written, or with its first letter percent-encoded once or twice. */
  const parameterName = fc.tuple(secretName, fc.constantFrom('', '%', '%25')).map(([name, escape]) => {
    if (escape === '') return name;
    const at = name.search(/[a-z]/i);
    const code = name.charCodeAt(at).toString(16);
    return `${name.slice(0, at)}${escape}${code}${name.slice(at + 1)}`;
  });
  /** A secret made of `chars`, rich in what could break a mask. */
  const secretOf = (chars: string) =>
    fc.string({
      unit: fc.oneof(fc.constantFrom(...Array.from(chars)), fc.constantFrom('😀', 'é', '…', '.', '*')),
      maxLength: 40,
    });
  const plain = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~+!$';
  /** Forms of a secret in a string: where it stands between a prefix and a suffix the mask keeps. */
  const forms: ReadonlyArray<fc.Arbitrary<{ before: string; secret: string; after: string }>> = [
    // A URL's password, holding a raw `/`, `?`, `#`, `:` or `%` (an `@` too when it holds none of `/?#`).
    secretOf(`${plain}/?#:%=`).map((secret) => ({
      before: 'https://ops:',
      secret,
      after: '@db.example.com/app',
    })),
    secretOf(`${plain}@:%=`).map((secret) => ({
      before: 'postgres://ops:',
      secret,
      after: '@db:5432/app?x=1',
    })),
    secretOf(`${plain}:`).map((secret) => ({ before: '//ops:', secret, after: '@db.example.com' })),
    secretOf(`${plain}:=`).map((secret) => ({ before: 'ops:', secret, after: '@db.example.com:5432/app' })),
    // A user name with an encoded colon: the whole userinfo is the secret.
    secretOf(`${plain}:`).map((rest) => ({
      before: 'https://',
      secret: `ops%3A${rest}`,
      after: '@db.example.com/',
    })),
    // Query, fragment and connection-string parameters.
    fc.tuple(parameterName, secretOf(`${plain}?=/:@%`)).map(([name, secret]) => ({
      before: `https://hooks.example.com/in?team=ml&${name}=`,
      secret,
      after: '&page=2',
    })),
    fc.tuple(parameterName, secretOf(`${plain}?=/:@%`)).map(([name, secret]) => ({
      before: `https://hooks.example.com/in?a=1;${name}=`,
      secret,
      after: '#top',
    })),
    fc.tuple(parameterName, secretOf(`${plain}=/:@%`)).map(([name, secret]) => ({
      before: `https://app.example.com/cb#${name}=`,
      secret,
      after: '&expires_in=3600',
    })),
    // Blanks around a connection-string value are no part of it.
    fc.tuple(secretName, secretOf(`${plain}=/:@&?# `)).map(([name, secret]) => ({
      before: `Endpoint=sb://traces.example.net/;${name}=`,
      secret: secret.replace(/^ +| +$/g, ''),
      after: ';EntityPath=traces',
    })),
  ];

  it('under any matching name, at any depth: a string masked, an object or array whole, a scalar as it is', () => {
    fc.assert(
      fc.property(
        secretName,
        fc.oneof(
          secretOf(`${plain}:/@ ;=&`),
          fc.integer(),
          fc.boolean(),
          fc.constant({ nested: 'x' }),
          fc.constant(['x']),
        ),
        fc.array(fc.constantFrom('delivery', 'retry', 0), { maxLength: 4 }),
        (name, secret, path) => {
          let config: unknown = { [name]: secret };
          for (const step of path) config = step === 0 ? [config] : { [step]: config };
          const masked = maskDestination(webhookWith({ extra: config }));
          let value: unknown = masked.config.extra;
          for (const step of [...path].reverse()) value = (value as Record<string | number, unknown>)[step];
          const shown = (value as Record<string, unknown>)[name];
          if (typeof secret === 'string') expectShowsAtMost(shown as string, secret);
          else if (typeof secret === 'object') expect(shown).toBe('********');
          else expect(shown).toBe(secret);
          expect(isValidResponse(masked)).toBe(true);
          const full = webhookWith({ extra: config });
          const hidden =
            typeof secret === 'object' || (typeof secret === 'string' && !maskedSecret.test(secret));
          expect(isValidResponse(full)).toBe(!hidden);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads a masked string as the same parts: a parameter before a colon, a host after a bare user name, a masked credential', () => {
    const cases = {
      'Endpoint=sb://traces.example.net/;key=:@;EntityPath=traces':
        'Endpoint=sb://traces.example.net/;key=********;EntityPath=traces',
      '%3A@token=://': '********@token=://',
      'ops@example.com?token=abcdefabcdef0123': 'ops@example.com?token=********...0123',
      'https://h.example.com/?sv=1&sig=abcdefabcdef0123': 'https://h.example.com/?sv=1&sig=********...0123',
      // Seed 2018606065: a masked credential is read as a credential, so what follows it reads as before.
      '://Bearer dXNlcjpwdw==,Key=://': '://Bearer ********,Key=://',
      '://Bearer dXNlcjpwdw==,Key=x': '://Bearer ********,Key=x',
    };
    for (const [text, expected] of Object.entries(cases)) {
      const masked = maskDestination(webhookWith({ note: text }));
      expect(masked.config.note).toBe(expected);
      expect(isValidResponse(masked)).toBe(true);
    }
  });

  it('masks any string to one the validator accepts, however its parts are mixed', () => {
    const piece = fc.constantFrom(
      ...['://', '//', ':', '@', '/', '?', '#', '&', ';', '=', ' ', '\n', '"', "'", '[', ']', '.', '…', '*'],
      ...['%3A', '%25', '%74', '%', '\\', ',', '(', '\r', 'sig', 'token', 'Pass', 'api_key', 'user', 'host'],
      ...['x', '0123456789abcdef', '😀', 'Bearer ', 'basic ', 'dXNlcjpwdw==', '{', '}', '\t', ' = ', 'Key'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const masked = maskDestination(webhookWith({ note: pieces.join('') }));
        expect(isValidResponse(masked)).toBe(true);
        expect(isValidResponse(masked, 'strict')).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('in any form of a string: a password, a userinfo, a parameter', () => {
    fc.assert(
      fc.property(fc.oneof(...forms), ({ before, secret, after }) => {
        // A raw `://` in a password (or `//` right after its colon) reads as another URL's start, as documented.
        fc.pre(!`:${secret}`.includes('://'));
        const text = `${before}${secret}${after}`;
        const masked = maskDestination(webhookWith({ note: text }));
        const shown = masked.config.note as string;
        expect(shown.startsWith(before), shown).toBe(true);
        expect(shown.endsWith(after), shown).toBe(true);
        expectShowsAtMost(shown.slice(before.length, shown.length - after.length), secret);
        expect(isValidResponse(masked)).toBe(true);
        expect(isValidResponse(masked, 'strict')).toBe(true);
        if (secret !== '' && !maskedSecret.test(secret))
          expect(isValidResponse(webhookWith({ note: text }))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the rule both ways (contract: secret-masking)', () => {
  it.each(nonSecrets.map((entry) => [entry.name, entry] as const))(
    'returns %s byte for byte, valid as it is',
    (_name, { config }) => {
      const data = webhookWith(config);
      expect(JSON.stringify(maskDestination(data))).toBe(JSON.stringify(data));
      expect(isValidResponse(data)).toBe(true);
      expect(isValidResponse(data, 'strict')).toBe(true);
    },
  );

  it('splits a generated name into the words it was built of, and reads it as the schema files do', () => {
    const secretPattern = new RegExp(secretNamePattern(), 'u');
    const headerPattern = new RegExp(headerMapNamePattern(), 'u');
    fc.assert(
      fc.property(generatedName, ({ words, name }) => {
        const kind = expectedKind(words);
        expect(isSecretName(name), name).toBe(kind === 'secret');
        expect(isHeaderMapName(name), name).toBe(kind === 'header map');
        expect(secretPattern.test(name), name).toBe(kind === 'secret');
        expect(headerPattern.test(name), name).toBe(kind === 'header map');
      }),
      { numRuns: 2000 },
    );
  });

  /** Every form a name marks a value in: a field, pairs in a list, URL parameters, connection-string parts. */
  function inEveryForm(name: string, value: string, kind: 'secret' | 'header map' | undefined) {
    const encoded = encodeURIComponent(name);
    // A name written as a string may read as a credential scheme and its token (`api bearer name-1`), which a
    // string's own rule masks whatever the name: such a name, unless secret, is not written as a string.
    const readsAsCredential = /(?:^|[^A-Za-z0-9_.-])(?:bearer|basic)[ \t]/i.test(name);
    const config: Record<string, unknown> = {
      pairs: readsAsCredential && kind !== 'secret' ? [] : [{ name, value }, [name, value]],
      query: `https://hooks.example.com/in?team=ml&${encoded}=${value}&page=2`,
      fragment: `https://app.example.com/cb#${encoded}=${value}`,
      // A number and a boolean are never secrets, whatever their name.
      scalars: { [name]: 4096 },
      flags: [{ [name]: true }],
    };
    // A header map's name marks a string under it a secret as a whole, but not a pair's value.
    if (kind !== 'header map') config.field = { [name]: value };
    // A connection string's part is named by the token before its `=`.
    if (!name.includes(' ')) {
      config.connection = `Server=db.example.com;${name}=${value};Database=app`;
      config.spaced = `Server=db.example.com; ${name} = ${value} ;Database=app`;
    }
    if (kind === 'secret')
      config.named = [
        { key: name, value },
        { header: name, value },
      ];
    return config;
  }

  it('masks every form under a name the rule calls secret, and returns every other byte for byte', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9]{12,28}$/);
    fc.assert(
      fc.property(generatedName, value, ({ words, name }, secret) => {
        const kind = expectedKind(words);
        const data = webhookWith(inEveryForm(name, secret, kind));
        const masked = maskDestination(data);
        const shown = JSON.stringify(masked);
        if (kind === 'secret') {
          expect(leaks(shown, [secret]), name).toEqual([]);
          expect(masked.config.scalars).toEqual({ [name]: 4096 });
          expect(masked.config.flags).toEqual([{ [name]: true }]);
          expect(isValidResponse(data), name).toBe(false);
          expect(isValidResponse(data, 'strict'), name).toBe(false);
        } else {
          expect(shown, name).toBe(JSON.stringify(data));
          expect(isValidResponse(data), name).toBe(true);
        }
        expect(isValidResponse(masked), name).toBe(true);
        expect(isValidResponse(masked, 'strict'), name).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('finds the validator refusing each form alone, unmasked, under a secret name', () => {
    const secret = 'Zq8rT2vX9mK4pL7w';
    fc.assert(
      fc.property(generatedName, ({ words, name }) => {
        fc.pre(expectedKind(words) === 'secret');
        const forms = inEveryForm(name, secret, 'secret');
        for (const [form, content] of Object.entries(forms)) {
          const data = webhookWith({ [form]: content });
          const refused = !isValidResponse(data);
          expect(refused, `${form} under ${name}`).toBe(form !== 'scalars' && form !== 'flags');
          expect(isValidResponse(maskDestination(data)), `${form} under ${name}`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

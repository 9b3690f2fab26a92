import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_FAMILIES } from '../../src/core/credential-families.js';
import { maskDestination } from '../../src/index.js';
import { contexts, families, lookAlikes, type Token } from '../fixtures/credential-families.js';
import { leaks } from '../fixtures/secret-leaks.js';
import { isValidResponse, webhookWith } from '../fixtures/webhook-destination.js';

/** Whether a family of the table marks some part of `text`. */
function marks(entry: (typeof CREDENTIAL_FAMILIES)[number], text: string): boolean {
  entry.pattern.lastIndex = 0;
  for (let match = entry.pattern.exec(text); match !== null; match = entry.pattern.exec(text)) {
    if (entry.accepts === undefined || entry.accepts(match)) return true;
    if (match[0] === '') entry.pattern.lastIndex++;
  }
  return false;
}

describe('credentials by their form (contract: secret-masking)', () => {
  it('has a generator for every family of the table', () => {
    const samples = families.map(({ token }) => fc.sample(token, { numRuns: 5, seed: 1 })).flat();
    const unexercised = CREDENTIAL_FAMILIES.filter(
      (entry) => !samples.some(({ text }) => marks(entry, text)),
    );
    expect(unexercised.map((entry) => entry.name)).toEqual([]);
  });

  /** Every family in every context that makes sense for it: a command line or a PEM key stands in no URL. */
  const cases = families.flatMap((family) =>
    contexts
      .filter((context) => family.inUrl || !context.urls)
      .map((context) => [family.name, context.name, family.token, context.wrap] as const),
  );

  it.each(cases)(
    'masks a %s in %s wherever it stands, and the validator refuses it unmasked',
    (_family, _context, token, wrap) => {
      fc.assert(
        fc.property(token, ({ text, secrets }: Token) => {
          const data = webhookWith({ note: wrap(text) });
          const masked = maskDestination(data);
          const shown = masked.config.note as string;
          expect(leaks(shown, secrets), shown).toEqual([]);
          expect(isValidResponse(masked), shown).toBe(true);
          expect(isValidResponse(masked, 'strict'), shown).toBe(true);
          expect(isValidResponse(data)).toBe(false);
          expect(isValidResponse(data, 'strict')).toBe(false);
        }),
        { numRuns: 150 },
      );
    },
  );

  it('masks a key whose document a cut left open: no END line, no closing quote', () => {
    const line = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj';
    for (const note of [
      `-----BEGIN RSA PRIVATE KEY-----\n${line}\n${line.slice(0, 40)}`,
      `{"client_secret": "${line}`,
    ]) {
      const data = webhookWith({ note });
      const masked = maskDestination(data);
      expect(leaks(masked.config.note as string, [line]), note).toEqual([]);
      expect(isValidResponse(masked)).toBe(true);
      expect(isValidResponse(data)).toBe(false);
    }
  });

  it.each(lookAlikes)('keeps the look-alike %j byte for byte, valid as it is', (text) => {
    const data = webhookWith({ note: text, nested: [{ description: `see ${text} here` }] });
    expect(JSON.stringify(maskDestination(data))).toBe(JSON.stringify(data));
    expect(isValidResponse(data)).toBe(true);
    expect(isValidResponse(data, 'strict')).toBe(true);
  });
});

describe('the masker and the validator read one rule (contract: secret-masking)', () => {
  /** The rules' own fragments: URLs, credential schemes, `key=value;` parts, queries and the families' shapes. */
  const piece = fc.constantFrom(
    ...[
      '://',
      '//',
      ':',
      '@',
      '/',
      '?',
      '#',
      '&',
      ';',
      '=',
      ' ',
      '\n',
      '"',
      "'",
      '.',
      '…',
      '*',
      '%3A',
      '%74',
    ],
    ...['\\', ',', '{', '}', '\t', ' = ', 'Key', 'token', 'Pass', 'api_key', 'user', 'host.example.com'],
    ...['Bearer ', 'basic ', 'dXNlcjpwdw==', '0123456789abcdef', 'x', 'https://', '😀'],
    ...['-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'],
    ...[
      'AKIA',
      'ASIA',
      'AIza',
      'sk_live_',
      'ghp_',
      'github_pat_',
      'glpat-',
      'xoxb-1234567890-',
      'sk-',
      'sk-ant-',
    ],
    ...[
      'sk-proj-',
      'npm_',
      'hooks.slack.com/services/',
      'sshpass -p ',
      '-H "',
      'X-Api-Key: ',
      '"private_key":',
    ],
    ...['ABCDEFGHIJKLMNOP', 'abcdefghijklmnopqrstuvwxyz0123456789', '_-_-'],
  );
  const text = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));
  // Names the webhook schema does not declare, so that a value of any type may stand under each.
  const name = fc.constantFrom(
    'note',
    'apiKey',
    'extra_headers',
    'endpoint',
    'command',
    'private_key',
    'token_count',
  );
  const config = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      text,
      fc.integer(),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.dictionary(name, tie('node'), { maxKeys: 3 }),
    ),
  })).node;

  it("masks a pair's value when the pair's name, once masked, reads as a secret name", () => {
    // A GitLab token whose mask keeps `pass` at its end: `********...pass -p ` names a secret.
    const data = webhookWith({ note: [['glpat-xoxb-1234567890-sshpass -p ', '']] });
    const masked = maskDestination(data);
    expect(masked.config.note).toEqual([['********...pass -p ', '********']]);
    expect(isValidResponse(masked)).toBe(true);
    expect(isValidResponse(data)).toBe(false);
  });

  it("masks a pair's value as a whole and reads no part of it again", () => {
    // Found by the property run below: the mask `Pass...dw==` reads as `name=value`, and a second pass over it
    // used to mask its `=` too, leaving a value that is no mask. A pair's value is now masked as a string's part
    // is, since a masked `header` name (`********...tion`) leaves the pair no secret name.
    const secret = 'Passsk-proj-://://://dXNlcjpwdw==';
    for (const pair of [
      ['-----END PRIVATE KEY-----', secret],
      { name: 'api_key', value: secret },
      { header: 'Authorization', value: secret },
    ]) {
      const data = webhookWith({ note: [pair] });
      const masked = maskDestination(data);
      const [maskedPair] = masked.config.note as unknown[];
      expect(Object.values(maskedPair as object)).toContain('********');
      expect(isValidResponse(masked)).toBe(true);
      expect(isValidResponse(masked, 'strict')).toBe(true);
      expect(isValidResponse(data)).toBe(false);
    }
  });

  it(
    'masks any config built of those fragments to a valid response, 20,000 configs',
    { timeout: 300_000 },
    () => {
      // A list of longer strings beside the generated config, so most configs hold strings with secret parts.
      const strings = fc.array(
        fc.array(piece, { minLength: 6, maxLength: 24 }).map((pieces) => pieces.join('')),
        { minLength: 1, maxLength: 3 },
      );
      fc.assert(
        fc.property(strings, fc.dictionary(name, config, { maxKeys: 4 }), (notes, extra) => {
          const masked = maskDestination(webhookWith({ ...extra, notes }));
          expect(isValidResponse(masked)).toBe(true);
          expect(isValidResponse(masked, 'strict')).toBe(true);
        }),
        { numRuns: 20_000 },
      );
    },
  );
});

/**
 * The names of the secret fields of a destination `config` (docs/contract.md#secret-masking). URLs, ids and
 * names are not secret.
 * A destination response is valid only if every one of these that is present is masked.
 */
export const SECRET_CONFIG_FIELDS = [
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

/**
 * A masked secret is made only of `*`, or holds exactly one ellipsis (`...` or `…`) with at most
 * 8 code points other than `*` before it and at most 4 code points after it. A dot may stand beside
 * other characters (`sk.a...mnop`) but never next to another dot or the ellipsis, so a string can never
 * hold a second `...`. Linear: every repetition starts on a character the one before it cannot take.
 */
export const MASKED_SECRET_PATTERN =
  '^(?:\\*+|\\**(?:(?:[^*.…]|\\.(?![.…]))\\**){0,8}(?:\\.\\.\\.|…)(?![.…])(?:[^.…]|\\.(?![.…])){0,4})$';

/** A secret as a response carries it: partly masked, never in full, never empty. */
export const maskedSecret = {
  type: 'string',
  pattern: MASKED_SECRET_PATTERN,
  description:
    'a masked secret (only `*`, or at most 8 characters besides `*`, then `...`, then at most 4 characters)',
} as const;

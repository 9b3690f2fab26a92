/*
 * The one rule of what a destination `config` holds as a secret (docs/contract.md#secret-masking), read alike by
 * the masker, the library's destination validator and these schemas. A name is compared without case and with
 * `_` and `-` removed, so `api_key`, `X-Api-Key` and `APIKEY` are one name.
 */

/** A name that contains one of these words, so compared, marks a secret: `apiKey`, `clientSecret`, `auth`. */
export const SECRET_NAME_WORDS = [
  'key',
  'secret',
  'token',
  'password',
  'passwd',
  'pwd',
  'auth',
  'credential',
  'private',
  'signature',
  'cookie',
] as const;

/**
 * A name equal to one of these, so compared, marks a secret too: `pass`, and `sig`, the signature of an Azure
 * shared-access URL (`?sv=...&sig=...`), too short a word to look for inside other names (`design`, `signal`).
 */
export const SECRET_NAMES = ['pass', 'sig'] as const;

/**
 * A config name that contains this word, so compared (`headers`, `httpHeaders`, `extra_headers`), names a header
 * map: headers carry credentials (`Authorization`, `x-api-key`, `x-honeycomb-team`), so every value of one is a
 * secret, and a value under such a name that is no object is a secret as a whole.
 */
export const HEADER_NAME_WORD = 'header';

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

/**
 * The letters a name's letter stands for, compared without case: both ASCII cases, and the two other characters
 * whose case folds to an ASCII letter (the Kelvin sign to `k`, the long s to `s`).
 */
const foldedTo: Readonly<Record<string, string>> = { k: 'K\u212A', s: 'S\u017F' };

/** `word` as a regular expression matching it without case, with any `_` or `-` between its letters. */
function looseWord(word: string): string {
  return Array.from(word, (letter) => `[${letter}${foldedTo[letter] ?? letter.toUpperCase()}]`).join('[-_]*');
}

/** Names that contain a secret word, or equal a secret name, under the comparison above (from the start). */
const SECRET_NAME_BODY = `(?:[\\s\\S]*?(?:${SECRET_NAME_WORDS.map(looseWord).join('|')})|[-_]*(?:${SECRET_NAMES.map(looseWord).join('|')})[-_]*$)`;

/** The names of `except` as written, which an object declares itself (so no name gets two issues for one value). */
function notOneOf(except: readonly string[]): string {
  return except.length === 0 ? '' : `(?!(?:${except.join('|')})$)`;
}

/** The key pattern of a `patternProperties` entry for every secret name, except the spellings in `except`. */
export function secretNamePattern(except: readonly string[] = []): string {
  return `^${notOneOf(except)}${SECRET_NAME_BODY}`;
}

/** The key pattern for every header map's name that is no secret name, except the spellings in `except`. */
export function headerMapNamePattern(except: readonly string[] = []): string {
  return `^${notOneOf(except)}(?!${SECRET_NAME_BODY})[\\s\\S]*?${looseWord(HEADER_NAME_WORD)}`;
}

/**
 * A secret under a name its object does not declare: masked, or null, which the masker leaves as it is. Spelt
 * `if`/`else` rather than with a type list, so that every error names a literal type.
 */
export const maskedSecretOrNull = {
  if: { type: 'null' },
  else: maskedSecret,
} as const;

/**
 * A header map under a name its config does not declare (`Headers`, `httpHeaders`): every value masked or null;
 * a value under that name that is no object is a secret itself.
 */
export const undeclaredHeaderMap = {
  if: { type: 'object' },
  then: { type: 'object', additionalProperties: maskedSecretOrNull },
  else: maskedSecretOrNull,
} as const;

/** A destination config schema: an object that lists its properties. */
type ConfigSchema = { readonly type: 'object'; readonly properties: Readonly<Record<string, unknown>> };

type SecretPatterns = Record<string, typeof maskedSecretOrNull | typeof undeclaredHeaderMap>;

/**
 * A destination config that also refuses a full secret under a secret name it does not declare itself (a
 * webhook config's `token`, an `api_key`, a `clientSecret`), and under a header map's name it does not declare
 * (`Headers`, `httpHeaders`); its declared `headers` map checks its own values. Deeper values (nested objects,
 * arrays) and the secret parts of a string (a URL's password, a secret parameter's value) are searched by the
 * library's destination validator (src/core/secret-fields.ts): JSON Schema says "at any depth" only through a
 * `$ref`, which the self-contained schema files do not use, and has no keyword that reads a part of a string
 * by its meaning.
 */
export function withSecretsMasked<const T extends ConfigSchema>(
  config: T,
): T & { readonly patternProperties: SecretPatterns } {
  const declared = Object.keys(config.properties);
  const secretName = new RegExp(secretNamePattern(), 'u');
  const headerName = new RegExp(headerMapNamePattern(), 'u');
  return {
    ...config,
    patternProperties: {
      [secretNamePattern(declared.filter((name) => secretName.test(name)))]: maskedSecretOrNull,
      [headerMapNamePattern(declared.filter((name) => headerName.test(name)))]: undeclaredHeaderMap,
    },
  };
}

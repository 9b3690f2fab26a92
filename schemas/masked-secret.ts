/**
 * The names of the secret fields of a destination `config` (docs/contract.md#secret-masking), the one list the
 * masker and the destination validators both read, compared without case (ASCII letters) in any destination
 * type and at any depth. URLs, ids and names are not secret, but some of their parts are: see below.
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
 * The name of a header map, compared without case at any depth of a config: headers carry credentials
 * (`Authorization`, `x-api-key`, `x-honeycomb-team`), so every value of one is a secret. A value under this name
 * that is not an object is a secret as a whole.
 */
export const HEADER_MAP_NAME = 'headers';

/**
 * A URL query parameter whose name, without case, contains one of these carries a secret value
 * (`?api_key=`, `?token=`, `?X-Amz-Signature=`). So does the password part of a URL's userinfo.
 */
export const SECRET_QUERY_NAME_PARTS = [
  'key',
  'token',
  'secret',
  'password',
  'sig',
  'auth',
  'credential',
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

/** Each ASCII letter of `name` as a class of its two cases: `apiKey` becomes `[Aa][Pp][Ii][Kk][Ee][Yy]`. */
function caseless(name: string): string {
  return name.replace(/[A-Za-z]/g, (letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`);
}

/**
 * The key pattern of a `patternProperties` entry: the names of `names` in any case of their letters, except
 * the spellings in `except`, which the object declares itself (so no name gets two issues for one value).
 */
export function caselessNamesPattern(names: readonly string[], except: readonly string[] = []): string {
  const declared = except.length === 0 ? '' : `(?!(?:${except.join('|')})$)`;
  return `^${declared}(?:${names.map(caseless).join('|')})$`;
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
 * A header map under a spelling its config does not declare (`Headers`): every value masked or null; a value
 * under that name that is no object is a secret itself.
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
 * A destination config that also refuses a full secret under a secret name it does not declare itself, in any
 * case (a webhook config's `token`, an `APIKEY`), and under another spelling of its header map (`Headers`); its
 * declared `headers` map checks its own values. Deeper values (nested objects, arrays) and the secret parts of
 * a URL inside a string are searched by the library's destination validator (src/core/secret-fields.ts): JSON
 * Schema says "at any depth" only through a `$ref`, which the self-contained schema files do not use, and has
 * no keyword that reads a part of a string by its meaning.
 */
export function withSecretsMasked<const T extends ConfigSchema>(
  config: T,
): T & { readonly patternProperties: SecretPatterns } {
  const declared = Object.keys(config.properties);
  const declaredSecrets = SECRET_CONFIG_FIELDS.filter((name) => declared.includes(name));
  const declaredHeaders = declared.includes(HEADER_MAP_NAME) ? [HEADER_MAP_NAME] : [];
  return {
    ...config,
    patternProperties: {
      [caselessNamesPattern(SECRET_CONFIG_FIELDS, declaredSecrets)]: maskedSecretOrNull,
      [caselessNamesPattern([HEADER_MAP_NAME], declaredHeaders)]: undeclaredHeaderMap,
    },
  };
}

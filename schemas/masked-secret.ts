/**
 * The names of the secret fields of a destination `config` (docs/contract.md#secret-masking), the one list the
 * masker and the destination schemas both read. URLs, ids and names are not secret.
 * A destination response is valid only if every one of these that is present, in any type's config, at any
 * depth, header maps included, is masked.
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

/** Matches exactly the names of `names`: the key pattern of a `patternProperties` entry. */
export function namesPattern(names: readonly string[]): string {
  return `^(?:${names.join('|')})$`;
}

/**
 * A secret under a name its object does not declare: masked, or null, which the masker leaves as it is. Spelt
 * `if`/`else` rather than with a type list, so that every error names a literal type.
 */
export const maskedSecretOrNull = {
  if: { type: 'null' },
  else: maskedSecret,
} as const;

/** A destination config schema: an object that lists its properties. */
type ConfigSchema = { readonly type: 'object'; readonly properties: Readonly<Record<string, unknown>> };

/**
 * A destination config that also refuses a full secret under a secret name it does not declare itself (a
 * webhook config's `token`, a Sentry config's `password`); its `headers` map checks its own. Deeper values
 * (nested objects, arrays) are searched by the library's destination validator (src/core/secret-fields.ts):
 * JSON Schema says "at any depth" only through a `$ref`, which the self-contained schema files do not use.
 */
export function withSecretsMasked<const T extends ConfigSchema>(
  config: T,
): T & { readonly patternProperties: Record<string, typeof maskedSecretOrNull> } {
  const undeclared = SECRET_CONFIG_FIELDS.filter((name) => !Object.hasOwn(config.properties, name));
  return { ...config, patternProperties: { [namesPattern(undeclared)]: maskedSecretOrNull } };
}

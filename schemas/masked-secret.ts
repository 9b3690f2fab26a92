/*
 * The one rule of what a destination `config` holds as a secret (docs/contract.md#secret-masking), read alike by
 * the masker, the library's destination validator, these schemas and a test of the contract's text. A name is
 * read as words: split at `_`, `-`, `.`, ASCII spaces, digits and case changes (`apiKey`, `API_KEY`, `APIKey`
 * are `api` and `key`), compared without case. It is secret when one of its words is a secret word, unless its
 * last word describes the secret rather than holds it (`keyPrefix`, `cookie_domain`, `authSource`).
 */

/** Words that mark a secret when a name holds one of them whole: `apiKey`, `clientSecret`, `passphrase`. */
export const SECRET_NAME_WORDS = [
  'key',
  'secret',
  'token',
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'auth',
  'authorization',
  'bearer',
  'credential',
  'credentials',
  'private',
  'signature',
  'sig',
  'jwt',
  'hmac',
  'otp',
  'cookie',
  // Secret names written as one word, in one case (`APIKEY`, `?apikey=`), which no case change splits.
  'apikey',
  'apitoken',
  'accesskey',
  'accesstoken',
  'authtoken',
  'secretkey',
  'privatekey',
  'sessiontoken',
  'refreshtoken',
  'clientsecret',
] as const;

/**
 * A name's last word that describes its secret rather than holds it, so the name is not secret: `keyPrefix`,
 * `token_count`, `cookie_domain`, `header_name`.
 */
export const DESCRIBING_NAME_WORDS = [
  'name',
  'id',
  'prefix',
  'domain',
  'column',
  'source',
  'type',
  'length',
  'count',
  'hint',
  'url',
  'path',
] as const;

/**
 * Names secret whatever their last word, compared without case and separators: the public API declares an S3
 * destination's `accessKeyId` a secret, though its last word is `id`.
 */
export const DECLARED_SECRET_NAMES = ['accesskeyid'] as const;

/**
 * Words that make a name a header map's when it holds one whole (`headers`, `httpHeaders`, `extra_headers`) and
 * is no secret name: headers carry credentials (`Authorization`, `x-api-key`, `x-honeycomb-team`), so every
 * string of one is a secret, and a value under such a name that is no object is a secret as a whole.
 */
export const HEADER_NAME_WORDS = ['header', 'headers'] as const;

/*
 * The characters that split a name into words, `_`, `-`, `.`, ASCII spaces and digits, and the letters whose case
 * a split reads: ASCII, the Kelvin sign (a capital `k`) and the long s (a small `s`). The functions below read
 * them in code, the classes further down in the schema files' patterns.
 */
function isSeparator(code: number): boolean {
  return (
    code === 0x2d ||
    code === 0x5f ||
    code === 0x2e ||
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    (code >= 0x30 && code <= 0x39)
  );
}
function isUpper(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || code === 0x212a;
}
function isLower(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || code === 0x17f;
}

/** A name's code point, folded: ASCII capitals and the Kelvin sign to small letters, the long s to `s`. */
function folded(code: number, char: string): string {
  if (code === 0x212a) return 'k';
  if (code === 0x17f) return 's';
  return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : char;
}

/**
 * The words of a name, folded: a word ends at a separator, before a capital that follows a small letter
 * (`api|Key`), and before the last capital of a run followed by a small letter (`API|Key`).
 */
export function nameWords(name: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (isSeparator(code)) {
      if (word !== '') words.push(word);
      word = '';
      continue;
    }
    if (word !== '' && isUpper(code)) {
      const before = name.charCodeAt(i - 1);
      if (isLower(before) || (isUpper(before) && isLower(name.charCodeAt(i + 1)))) {
        words.push(word);
        word = '';
      }
    }
    word += folded(code, name[i]!);
  }
  if (word !== '') words.push(word);
  return words;
}

interface WordSets {
  secret: ReadonlySet<string>;
  describing: ReadonlySet<string>;
  header: ReadonlySet<string>;
  declared: ReadonlySet<string>;
}
// Built on first use, so importing the rule costs nothing.
let wordSets: WordSets | undefined;
function sets(): WordSets {
  wordSets ??= {
    secret: new Set(SECRET_NAME_WORDS),
    describing: new Set(DESCRIBING_NAME_WORDS),
    header: new Set(HEADER_NAME_WORDS),
    declared: new Set(DECLARED_SECRET_NAMES),
  };
  return wordSets;
}

/** What a config name marks its value as: a secret, a header map, or neither (undefined). */
export function secretNameKind(name: string): 'secret' | 'header map' | undefined {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === undefined) return undefined;
  const { secret, describing, header, declared } = sets();
  if (declared.has(words.join(''))) return 'secret';
  if (describing.has(last)) return undefined;
  if (words.some((word) => secret.has(word))) return 'secret';
  return words.some((word) => header.has(word)) ? 'header map' : undefined;
}

/** Whether a config name marks its value a secret (`apiKey`, `api_key`, `passphrase`; not `keyPrefix`). */
export function isSecretName(name: string): boolean {
  return secretNameKind(name) === 'secret';
}

/** Whether a config name, being no secret name, names a header map (`headers`, `httpHeaders`, `extra_headers`). */
export function isHeaderMapName(name: string): boolean {
  return secretNameKind(name) === 'header map';
}

/*
 * The same rule as regular expressions, for the schema files' `patternProperties` (which read no code). Each
 * word is spelt the three ways the split reads as one word (`key`, `Key`, `KEY`), each where a word may start
 * (`Key` after any letter, `KEY` after a small one, `key` only after a separator) and end. No lookbehind, and
 * each alternative starts on a character the one before it cannot take, so a name is read in linear time.
 */
// The same characters as classes' contents (see isSeparator, isUpper and isLower).
const SEPARATORS = '-_.\\t\\n\\v\\f\\r 0-9';
const CAPITALS = 'A-Z\\u212A';
const SMALL = 'a-z\\u017F';

function letterPattern(letter: string, capital: boolean): string {
  if (capital) return letter === 'k' ? '[K\\u212A]' : letter.toUpperCase();
  return letter === 's' ? '[s\\u017F]' : letter;
}

function spelt(words: readonly string[], first: boolean, rest: boolean): string {
  const each = words.map((word) =>
    Array.from(word, (letter, index) => letterPattern(letter, index === 0 ? first : rest)).join(''),
  );
  return `(?:${each.join('|')})`;
}

/** Any of `words`, whole, after what `lead` skips; followed by `end` (or, when undefined, by a word's end). */
function wholeWord(words: readonly string[], lead: string, end?: string): string {
  const small = spelt(words, false, false);
  const capitalized = spelt(words, true, false);
  const capitals = spelt(words, true, true);
  const endOfSmall = end ?? `(?=[${SEPARATORS}${CAPITALS}]|$)`;
  const endOfCapitals = end ?? `(?=[${SEPARATORS}]|[${CAPITALS}][${SMALL}]|$)`;
  return (
    `(?:(?:${lead}[${SEPARATORS}])?${small}${endOfSmall}` +
    `|(?:${lead}[${SEPARATORS}${CAPITALS}${SMALL}])?${capitalized}${endOfSmall}` +
    `|(?:${lead}[${SEPARATORS}${SMALL}])?${capitals}${endOfCapitals})`
  );
}

/** A name, from its start, that is one of the declared secret names, compared without case and separators. */
function declaredName(): string {
  const anyCase = (letter: string) =>
    `[${letter}${letter.toUpperCase()}${letter === 'k' ? '\\u212A' : letter === 's' ? '\\u017F' : ''}]`;
  const names = DECLARED_SECRET_NAMES.map((name) => Array.from(name, anyCase).join(`[${SEPARATORS}]*`));
  return `[${SEPARATORS}]*(?:${names.join('|')})[${SEPARATORS}]*$`;
}

/** From a name's start: the rule's secret names. */
function secretNameBody(): string {
  const describedLast = wholeWord(DESCRIBING_NAME_WORDS, '[\\s\\S]*', `[${SEPARATORS}]*$`);
  return `(?:${declaredName()}|(?!${describedLast})${wholeWord(SECRET_NAME_WORDS, '[\\s\\S]*?')})`;
}

/** The names of `except` as written, which an object declares itself (so no name gets two issues for one value). */
function notOneOf(except: readonly string[]): string {
  return except.length === 0 ? '' : `(?!(?:${except.join('|')})$)`;
}

/** The key pattern of a `patternProperties` entry for every secret name, except the spellings in `except`. */
export function secretNamePattern(except: readonly string[] = []): string {
  return `^${notOneOf(except)}${secretNameBody()}`;
}

/** The key pattern for every header map's name that is no secret name, except the spellings in `except`. */
export function headerMapNamePattern(except: readonly string[] = []): string {
  const describedLast = wholeWord(DESCRIBING_NAME_WORDS, '[\\s\\S]*', `[${SEPARATORS}]*$`);
  return `^${notOneOf(except)}(?!${secretNameBody()})(?!${describedLast})${wholeWord(HEADER_NAME_WORDS, '[\\s\\S]*?')}`;
}

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
 * A value under a secret name its object does not declare: a string masked; null, a number or a boolean, which
 * is never a secret, as it is; an object or array, which the masker turns into `********`, refused. The type
 * list sits in `if`, whose failures are never reported, so every error names a literal type.
 */
export const maskedSecretOrScalar = {
  if: { type: ['null', 'boolean', 'number'] },
  else: maskedSecret,
} as const;

/**
 * A header map under a name its config does not declare (`Headers`, `httpHeaders`): every string of it masked; a
 * value under that name that is no object is a secret itself.
 */
export const undeclaredHeaderMap = {
  if: { type: 'object' },
  then: { type: 'object', additionalProperties: maskedSecretOrScalar },
  else: maskedSecretOrScalar,
} as const;

/** A destination config schema: an object that lists its properties. */
type ConfigSchema = { readonly type: 'object'; readonly properties: Readonly<Record<string, unknown>> };

type SecretPatterns = Record<string, typeof maskedSecretOrScalar | typeof undeclaredHeaderMap>;

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
  return {
    ...config,
    patternProperties: {
      [secretNamePattern(declared.filter(isSecretName))]: maskedSecretOrScalar,
      [headerMapNamePattern(declared.filter(isHeaderMapName))]: undeclaredHeaderMap,
    },
  };
}

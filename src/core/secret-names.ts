import { HEADER_NAME_WORD, SECRET_NAME_WORDS, SECRET_NAMES } from '../../schemas/masked-secret.js';

/*
 * The names that mark a secret (schemas/masked-secret.ts, contract: secret-masking), compared without case and
 * with `_` and `-` removed. A letter's case is folded as the schema files' name patterns fold it (both ASCII
 * cases, the Kelvin sign as `k`, the long s as `s`), so the library and the files read every name alike.
 */

/** The characters a comparison drops or folds: `_`, `-`, ASCII capitals, the Kelvin sign and the long s. */
const FOLDED = /[-_A-Z\u212A\u017F]/;
const FOLDED_ALL = /[-_A-Z\u212A\u017F]/g;

function foldChar(char: string): string {
  if (char === '-' || char === '_') return '';
  if (char === '\u212A') return 'k';
  if (char === '\u017F') return 's';
  return char.toLowerCase();
}

/** `name` as the rule compares it: `X-Api_Key` becomes `xapikey`. */
export function foldName(name: string): string {
  return FOLDED.test(name) ? name.replace(FOLDED_ALL, foldChar) : name;
}

const exactNames: ReadonlySet<string> = new Set(SECRET_NAMES);
// One search for every word, rather than one per word.
const secretWord = new RegExp(SECRET_NAME_WORDS.join('|'));

function foldedIsSecret(folded: string): boolean {
  return exactNames.has(folded) || secretWord.test(folded);
}

/** Whether a config name marks its value a secret (`apiKey`, `api_key`, `clientSecret`, `auth`, `pass`). */
export function isSecretName(name: string): boolean {
  return foldedIsSecret(foldName(name));
}

/** Whether a config name, being no secret name, names a header map (`headers`, `httpHeaders`, `extra_headers`). */
export function isHeaderMapName(name: string): boolean {
  const folded = foldName(name);
  return folded.includes(HEADER_NAME_WORD) && !foldedIsSecret(folded);
}

/** How many rounds of percent-decoding a name gets before it counts as hiding a secret word. */
const DECODING_ROUNDS = 8;
const ENCODED_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    // Not UTF-8: each byte below 0x80 is still the character it encodes, the rest stays as written.
    return run.replace(/%[0-7][0-9A-Fa-f]/g, (byte) => String.fromCharCode(parseInt(byte.slice(1), 16)));
  }
}

/**
 * `text` percent-decoded until nothing is left to decode (`%2574oken` is `%74oken`, then `token`), or undefined
 * when it still holds an escape after a few rounds: such a text is read as hiding whatever is looked for.
 */
export function percentDecoded(text: string): string | undefined {
  let decoded = text;
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    if (!decoded.includes('%')) return decoded;
    const next = decoded.replace(ENCODED_RUN, decodeRun);
    if (next === decoded) return decoded;
    decoded = next;
  }
  return /%[0-9A-Fa-f]{2}/.test(decoded) ? undefined : decoded;
}

/**
 * Whether a query, fragment or connection-string parameter's name marks its value secret: the same rule as a
 * config name's, read percent-decoded (`%74oken`, `%2574oken`).
 */
export function isSecretParameterName(name: string): boolean {
  const decoded = percentDecoded(name);
  return decoded === undefined || isSecretName(decoded);
}

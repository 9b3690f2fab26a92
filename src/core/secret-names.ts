import { isSecretName } from '../../schemas/masked-secret.js';

/*
 * The names that mark a secret (contract: secret-masking) are one rule, kept with its word lists in
 * schemas/masked-secret.ts, which the schema files' name patterns are written from too; this adds how a URL's
 * parameter name is read before that rule: percent-decoded.
 */

export { isHeaderMapName, isSecretName, nameWords, secretNameKind } from '../../schemas/masked-secret.js';

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

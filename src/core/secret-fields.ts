import { MASKED_SECRET_PATTERN, SECRET_CONFIG_FIELDS } from '../../schemas/masked-secret.js';
import { tooDeepMessage } from './errors.js';

/** The one list of secret names (schemas/masked-secret.ts), as a set: one lookup per key. */
export const secretNames: ReadonlySet<string> = new Set(SECRET_CONFIG_FIELDS);

// The `u` flag matches what the schema's validator compiles, so both agree on every code point.
const maskedPattern = new RegExp(MASKED_SECRET_PATTERN, 'u');

/** No value sits deeper than this many levels in a body (contract: body-limits). */
const MAX_LEVELS = 64;

/**
 * The sentence of a config that holds a full secret in a nested object or array. The issue points at the config,
 * not at the secret: the names on the way to it are no property the schema knows, and an issue path never
 * holds such a name (contract: issue-paths). It never repeats the secret either.
 */
export const nestedSecretMessage = `must hold no unmasked secret in a nested object or array (under ${SECRET_CONFIG_FIELDS.join(', ')})`;

function isMaskedOrNull(value: unknown): boolean {
  return value === null || (typeof value === 'string' && maskedPattern.test(value));
}

/**
 * Why `node` (at `level` of its body, the root object being level 1) breaks the secret rule (contract:
 * secret-masking), or undefined when it does not: a value under a secret name, in it or in any object or array
 * below it, that is neither masked nor null; or a value nested past the depth limit, where a secret could hide.
 * Each object is read once, so a value built in code that shares one object in many places stays linear.
 */
export function unmaskedSecretMessage(
  node: unknown,
  level: number,
  seen: Set<object> = new Set(),
): string | undefined {
  if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
  if (level > MAX_LEVELS) return tooDeepMessage(MAX_LEVELS);
  seen.add(node);
  const values = Array.isArray(node) ? node : Object.values(node);
  if (!Array.isArray(node)) {
    for (const [name, value] of Object.entries(node)) {
      if (secretNames.has(name) && !isMaskedOrNull(value)) return nestedSecretMessage;
    }
  }
  for (const value of values) {
    const found = unmaskedSecretMessage(value, level + 1, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

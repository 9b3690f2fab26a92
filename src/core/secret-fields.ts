import { MASKED_SECRET_PATTERN, maskedSecret, SECRET_CONFIG_FIELDS } from '../../schemas/masked-secret.js';
import { pointerSegment } from './issue-sentences.js';
import { tooDeepMessage } from './errors.js';

/** The one list of secret names (schemas/masked-secret.ts), as a set: one lookup per key. */
export const secretNames: ReadonlySet<string> = new Set(SECRET_CONFIG_FIELDS);

// The `u` flag matches what the schema's validator compiles, so both agree on every code point.
const maskedPattern = new RegExp(MASKED_SECRET_PATTERN, 'u');

/** No value sits deeper than this many levels in a body (contract: body-limits). */
const MAX_LEVELS = 64;

/** A full secret found in a destination config: where it is and the rule, never the value. */
export interface SecretIssue {
  path: string;
  keyword: 'pattern' | 'maxDepth';
  message: string;
}

const maskedSentence = `must be ${maskedSecret.description}`;

/**
 * The first value under a secret name, in `node` or any object or array below it, that is neither masked nor
 * null (contract: secret-masking), or the first value nested past the depth limit, where a secret could hide
 * unread. `level` is the level of `node` in its body (the root object is level 1). The issue names the rule
 * and the place, never the secret.
 */
export function unmaskedSecret(node: unknown, path: string, level: number): SecretIssue | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  if (level > MAX_LEVELS) return { path, keyword: 'maxDepth', message: tooDeepMessage(MAX_LEVELS) };
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      const found = unmaskedSecret(node[index], `${path}/${index}`, level + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [name, value] of Object.entries(node)) {
    const at = `${path}/${pointerSegment(name)}`;
    if (secretNames.has(name)) {
      if (value !== null && (typeof value !== 'string' || !maskedPattern.test(value))) {
        return { path: at, keyword: 'pattern', message: maskedSentence };
      }
      continue;
    }
    const found = unmaskedSecret(value, at, level + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

import { MASKED_SECRET_PATTERN } from '../../schemas/masked-secret.js';
import { isJsonObject } from './json-object.js';
import { copyJson } from './json-value.js';
import { secretNames } from './secret-fields.js';

/** What a secret too short to show any of is masked as. */
const FULLY_MASKED = '********';

/** A secret shows its head and tail only from this many code points on. */
const MIN_PARTLY_SHOWN = 16;
const SHOWN_AT_EACH_END = 4;

// The `u` flag matches what the schema's validator compiles, so both agree on every code point.
const maskedSecretPattern = new RegExp(MASKED_SECRET_PATTERN, 'u');

/**
 * A secret as a response may carry it (docs/contract.md#secret-masking): its first 4 code points, `...`, and
 * its last 4 when it has at least 16, else `********`. It splits strings by code point, so a surrogate pair is
 * never cut in half. When the kept ends would read as a different mask (a dot beside the ellipsis, a second
 * ellipsis), it falls back to `********`, so every value it returns passes the destination schema's
 * masked-secret rule.
 */
export function maskSecret(secret: string): string {
  const points = Array.from(secret);
  if (points.length < MIN_PARTLY_SHOWN) return FULLY_MASKED;
  const head = points.slice(0, SHOWN_AT_EACH_END).join('');
  const tail = points.slice(-SHOWN_AT_EACH_END).join('');
  const masked = `${head}...${tail}`;
  return maskedSecretPattern.test(masked) ? masked : FULLY_MASKED;
}

/**
 * Masks, in place, every secret name's value in `node` and below it, in objects and arrays alike: a string is
 * masked, null stays null, anything else becomes `********`. The copy it works on is at most 64 levels deep.
 */
function maskSecretsIn(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) maskSecretsIn(item);
    return;
  }
  const fields = node as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    const value = fields[name];
    if (!secretNames.has(name)) maskSecretsIn(value);
    else if (value !== null && value !== undefined) {
      fields[name] = typeof value === 'string' ? maskSecret(value) : FULLY_MASKED;
    }
  }
}

/**
 * A copy of an observability destination, fit for a response: every field of its `config` named in the one
 * list of secret names is masked, whatever the destination's type, at any depth (nested objects, arrays and
 * `headers` included), and a secret field holding anything but a string or null (which a response could not
 * carry anyway) becomes `********` rather than pass through. The input is not changed; the copy shares no object
 * with it and keeps every key, `__proto__` included, as an own property. A destination that holds itself, an
 * array hole, or nesting past 64 levels (contract: body-limits) throws a TypeError.
 */
export function maskDestination<T extends object>(destination: T): T {
  const copy = copyJson(destination);
  const config: unknown = (copy as { config?: unknown }).config;
  if (!isJsonObject(config)) return copy;
  maskSecretsIn(config);
  return copy;
}

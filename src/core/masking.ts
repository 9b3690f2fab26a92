import { MASKED_SECRET_PATTERN, SECRET_CONFIG_FIELDS } from '../../schemas/masked-secret.js';
import { copyJson } from '../body/json-value.js';

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
 * A copy of an observability destination, fit for a response: every secret field of its `config` is
 * masked, and a secret field holding anything but a string or null (which a response could not carry anyway)
 * becomes `********` rather than pass through. The input is not changed; the copy shares no object with it and
 * keeps every key, `__proto__` included, as an own property. A destination that holds itself, an array hole,
 * or nesting past 64 levels (contract: body-limits) throws a TypeError.
 */
export function maskDestination<T extends object>(destination: T): T {
  const copy = copyJson(destination);
  const config: unknown = (copy as { config?: unknown }).config;
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return copy;
  const fields = config as Record<string, unknown>;
  for (const name of SECRET_CONFIG_FIELDS) {
    if (!Object.hasOwn(fields, name) || fields[name] === null || fields[name] === undefined) continue;
    const secret = fields[name];
    fields[name] = typeof secret === 'string' ? maskSecret(secret) : FULLY_MASKED;
  }
  return copy;
}

import { MASKED_SECRET_PATTERN } from '../../schemas/masked-secret.js';
import { isJsonObject } from './json-object.js';
import { copyJson } from './json-value.js';
import { unmaskedRanges, visitSecrets, type Holder } from './secret-fields.js';
import { stringSecretRanges } from './string-secrets.js';

/** What a secret too short to show any of is masked as. */
const FULLY_MASKED = '********';

/** A secret shows its last 4 code points from 12 on, and its first 4 as well from 32 on. */
const MIN_TAIL_SHOWN = 12;
const MIN_HEAD_SHOWN = 32;
const SHOWN_AT_EACH_END = 4;

// Compiled on first need; the `u` flag matches what the schema's validator compiles, so both agree on every code point.
let maskedSecretPattern: RegExp | undefined;

/**
 * A secret as a response may carry it (docs/contract.md#secret-masking): of at least 32 code points, its first
 * 4, `...`, and its last 4; of 12 to 31, `********...` and its last 4; shorter, `********`. So a short key never
 * shows more than a quarter of itself. It splits strings by code point, so a surrogate pair is never cut in
 * half. When the kept ends would read as a different mask (a dot beside the ellipsis, a second ellipsis), it
 * falls back to `********`, so every value it returns passes the destination schema's masked-secret rule.
 */
export function maskSecret(secret: string): string {
  const points = Array.from(secret);
  if (points.length < MIN_TAIL_SHOWN) return FULLY_MASKED;
  const head = points.length < MIN_HEAD_SHOWN ? FULLY_MASKED : points.slice(0, SHOWN_AT_EACH_END).join('');
  const masked = `${head}...${points.slice(-SHOWN_AT_EACH_END).join('')}`;
  maskedSecretPattern ??= new RegExp(MASKED_SECRET_PATTERN, 'u');
  return maskedSecretPattern.test(masked) ? masked : FULLY_MASKED;
}

/** Characters a string's mask may keep: none of them ends or starts a part of a URL or a parameter. */
const INERT = /^[\p{L}\p{N}\p{M}._~+!$*-]*$/u;

/**
 * A secret part of a string, masked; when the kept ends hold a character that could start or end another part
 * (`:`, `@`, `/`, `=`, `;`, a space...), `********`, so the masked string reads as the same parts again.
 */
function maskStringPart(part: string): string {
  const masked = maskSecret(part);
  return INERT.test(masked.replace('…', '')) ? masked : FULLY_MASKED;
}

/** `text` with each of its secret parts (`[start, end)` pairs) masked; an empty part stays empty. */
function maskRanges(text: string, ranges: readonly number[]): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    const start = ranges[i]!;
    const end = ranges[i + 1]!;
    out += text.slice(from, start) + (start === end ? '' : maskStringPart(text.slice(start, end)));
    from = end;
  }
  return out + text.slice(from);
}

/** How many times a masked string is read again for parts its masking made: a guard, not a count seen in use. */
const MAX_REREADS = 4;

/**
 * `text` with its secret parts masked, read again as the validator reads it: should the masking have made a new
 * secret part (a form that reads differently once its credential is masked), that part is masked too, and a
 * string still not clean after a few rounds becomes `********`, which holds no part. So whatever a config holds,
 * its masked copy is a valid response (contract: secret-masking).
 */
function maskedString(text: string, ranges: readonly number[]): string {
  let masked = maskRanges(text, ranges);
  for (let round = 0; round < MAX_REREADS; round++) {
    const left = unmaskedRanges(masked, stringSecretRanges(masked));
    if (left.length === 0) return masked;
    masked = maskRanges(masked, left);
  }
  return unmaskedRanges(masked, stringSecretRanges(masked)).length === 0 ? masked : FULLY_MASKED;
}

/**
 * `text` with its secret parts masked as a destination's string would be (contract: secret-masking): for text a
 * client chose that the gateway prints, such as a path or a field's name.
 */
export function maskSecretParts(text: string): string {
  const ranges = stringSecretRanges(text);
  return ranges.length === 0 ? text : maskedString(text, ranges);
}

/** Sets a value of an object or array of the masker's own copy, `__proto__` an own key like any other. */
function replace(holder: Holder, key: string | number, value: string): void {
  (holder as Record<string | number, unknown>)[key] = value;
}

/**
 * A copy of an observability destination, fit for a response: every secret of its `config` is masked, whatever
 * the destination's type, at any depth (nested objects and arrays included): the string under a secret name (by
 * whole words, schemas/masked-secret.ts); every string of a header map; the value of a secret name-and-value pair
 * in a list; and the secret parts of every other string: a URL's password (or its whole userinfo when the user
 * name holds an encoded colon), a `Bearer` or `Basic` credential, the value of a secret query, fragment or
 * connection-string parameter, and a token of a credential family (credential-families.ts) wherever it stands
 * (contract: secret-masking). A number, a boolean or null is never a secret and
 * stays as it is; an object or array where a secret stands becomes `********`. The input is not changed; the
 * copy shares no object with it and keeps every key, `__proto__` included, as an own property. A destination
 * that holds itself, an array hole, or nesting past 64 levels (contract: body-limits) throws a TypeError.
 */
export function maskDestination<T extends object>(destination: T): T {
  const copy = copyJson(destination);
  const config: unknown = (copy as { config?: unknown }).config;
  if (!isJsonObject(config)) return copy;
  // The config is level 2 of the destination, whose copy copyJson has already held to the depth limit.
  visitSecrets(config, 2, {
    secret(holder, key, kind) {
      const value: unknown = (holder as Record<string | number, unknown>)[key];
      // Masking a pair's name may leave it no secret name, so its value must also read as a string with no part.
      if (typeof value === 'string')
        replace(holder, key, kind === 'pair' ? maskStringPart(value) : maskSecret(value));
      else if (value !== null && typeof value === 'object') replace(holder, key, FULLY_MASKED);
      return false;
    },
    url(holder, key, text, ranges) {
      replace(holder, key, maskedString(text, ranges));
      return false;
    },
  });
  return copy;
}

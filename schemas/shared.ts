/**
 * Reused leaves of the interface. Every schema file composes these by import (never `$ref`), so each
 * root is one self-contained object that json-schema-to-ts can read and Ajv can compile in one pass.
 */

/** The largest integer a JSON number can carry exactly: 2^53 - 1. */
export const MAX_SAFE_INTEGER = 9007199254740991;

/** A JSON integer inside the safe range (docs/contract.md#numbers); `1.0` counts, `2^53` does not. */
export const safeInteger = {
  type: 'integer',
  minimum: -MAX_SAFE_INTEGER,
  maximum: MAX_SAFE_INTEGER,
} as const;

/** A safe integer of at least 1 (`max_tokens`, `budget_tokens`). */
export const positiveInteger = { type: 'integer', minimum: 1, maximum: MAX_SAFE_INTEGER } as const;

/** A safe integer of at least 0. */
export const nonNegativeInteger = { type: 'integer', minimum: 0, maximum: MAX_SAFE_INTEGER } as const;

/** Ajv's strict numbers reject NaN and Infinity, so a plain `number` is already finite. */
export const finiteNumber = { type: 'number' } as const;

export const stringArray = { type: 'array', items: { type: 'string' } } as const;

export const nullableStringArray = { type: ['array', 'null'], items: { type: 'string' } } as const;

/** An object whose contents the interface leaves free-form: it stays open in every profile. */
export const freeFormObject = { type: 'object' } as const;

/** A `cache_control` directive; the ttl values are the public API's. */
export const cacheControl = {
  type: 'object',
  description:
    'Prompt caching directive. At the top level it enables automatic prompt caching; on a content block it marks an explicit cache breakpoint.',
  required: ['type'],
  properties: {
    type: { enum: ['ephemeral'] },
    ttl: { enum: ['5m', '1h'] },
  },
} as const;

/** A canonical UUID, 8-4-4-4-12 hex digits in either case. */
export const UUID_PATTERN = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';

export const uuid = {
  type: 'string',
  pattern: UUID_PATTERN,
  description: 'a canonical UUID (8-4-4-4-12 hex digits)',
} as const;

/**
 * ISO 8601 timestamps in UTC, as the public API's examples write them, and real ones (contract: formats): a
 * calendar date (February 29 only in a leap year: divisible by 4, and by 400 at a century), hours 00 to 23,
 * minutes and seconds 00 to 59, optional fractions, and `Z` or a zero offset. \`ajv-formats\` is not a
 * dependency, so the rule is this pattern, linear for the engine: every alternative starts differently.
 */
export const timestamp = {
  type: 'string',
  pattern:
    '^(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-]00:00)$',
  description:
    'an ISO 8601 UTC date-time such as `2026-04-20T10:00:00Z`: a real calendar date, hours 00 to 23, minutes and seconds 00 to 59, optional fractions of a second, and `Z` or the offset `+00:00`',
} as const;

/**
 * An absolute http or https URL (contract: formats): the scheme in any case, `://`, a non-empty authority, then
 * an optional path, query or fragment, with no spaces or control characters anywhere. The authority's characters
 * exclude `/`, `?` and `#`, which must start what follows, so the pattern never backtracks.
 */
export const httpUrl = {
  type: 'string',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\x00-\\x20\\x7f/?#]+(?:[/?#][^\\x00-\\x20\\x7f]*)?$',
  description:
    'an absolute http or https URL: `http://` or `https://` (in any case), a host, then an optional path, query or fragment, with no spaces or control characters',
} as const;

export const nullableTimestamp = { ...timestamp, type: ['string', 'null'] } as const;

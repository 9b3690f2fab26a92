import { UUID_PATTERN } from './shared.js';

/*
 * The path parameters of each operation (contract: path-parameters), as the decoded strings a router hands
 * over. A bad parameter gets 400 where the operation lists 400 and 404 where it does not (`badParamStatus`).
 * The length keywords sit beside each pattern so an over-long value is reported as such (all ASCII: code points
 * equal characters).
 */

/** The preset `slug`: 1 to 128 of `A-Z a-z 0-9 - . _ ~`, never the dot segments `.` or `..`. */
export const presetSlug = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  // The lookahead refuses the dot segments in the same rule, so the issue names the whole rule once.
  pattern: '^(?!\\.\\.?$)[A-Za-z0-9._~-]+$',
  description: 'made of letters, digits and `-`, `.`, `_`, `~` (1 to 128 characters, not `.` or `..`)',
} as const;

/**
 * The `version` of GET /presets/{slug}/versions/{version}: a canonical positive integer of at most 9 digits.
 */
export const presetVersionNumber = {
  type: 'string',
  pattern: '^[1-9][0-9]{0,8}$',
  description: 'a positive integer without sign, leading zero, exponent or spaces (1 to 999999999)',
} as const;

/** `author` and `slug` of the model endpoints path: 1 to 128 of the preset slug's characters plus `:`. */
const modelPathSegment = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._~:-]+$',
  description: 'made of letters, digits and `-`, `.`, `_`, `~`, `:` (1 to 128 characters)',
} as const;

export const modelAuthor = modelPathSegment;

/** The model slug, which may carry a variant suffix (`gpt-4o:free`). */
export const modelSlug = modelPathSegment;

/** The destination `id`: a canonical UUID in either case, without braces or `urn:uuid:`. */
export const destinationId = {
  type: 'string',
  pattern: UUID_PATTERN,
  description: 'a canonical UUID (8-4-4-4-12 hex digits)',
} as const;

/** The path parameters of POST /presets/{slug}/messages. */
export const createPresetParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: presetSlug },
} as const;

/** The path parameters of GET /presets/{slug}/versions/{version}. */
export const getPresetVersionParams = {
  type: 'object',
  required: ['slug', 'version'],
  properties: { slug: presetSlug, version: presetVersionNumber },
} as const;

/** The path parameters of GET /models/{author}/{slug}/endpoints. */
export const listEndpointsParams = {
  type: 'object',
  required: ['author', 'slug'],
  properties: { author: modelAuthor, slug: modelSlug },
} as const;

/** The path parameters of GET /observability/destinations/{id}. */
export const getObservabilityDestinationParams = {
  type: 'object',
  required: ['id'],
  properties: { id: destinationId },
} as const;

/** The path parameters of each operation that has any, by its id in the operations table. */
export const paramsSchemas = {
  createPresetsMessages: createPresetParams,
  getPresetVersion: getPresetVersionParams,
  listEndpoints: listEndpointsParams,
  getObservabilityDestination: getObservabilityDestinationParams,
} as const;

import { safeInteger } from './shared.js';

/** At most 20 issues in one error body; the rest are not reported. */
export const MAX_ISSUES = 20;

/** One rule an input broke, located by a JSON Pointer. Never echoes the input's values. */
export const issue = {
  type: 'object',
  required: ['path', 'message'],
  properties: {
    path: { type: 'string', description: 'JSON Pointer of the failing value (`""` for the whole body).' },
    message: { type: 'string', description: 'A sentence naming the rule and its limit.' },
  },
} as const;

/** `error.metadata`; `issues` appears on 400 only. */
export const errorMetadata = {
  type: ['object', 'null'],
  properties: {
    issues: { type: 'array', maxItems: MAX_ISSUES, items: issue },
  },
} as const;

/**
 * The body of every error status (docs/contract.md#error-body). Extra fields are accepted at each level.
 */
export const errorResponse = {
  type: 'object',
  description: 'The body of every error response.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          ...safeInteger,
          minimum: 400,
          maximum: 599,
          description: 'Equals the HTTP status, an error status from 400 to 599.',
        },
        message: { type: 'string', description: 'The fixed message of the status.' },
        metadata: errorMetadata,
      },
    },
    // The public API's name for the extra key (contract: public-names).
    service_metadata: { type: ['object', 'null'] },
    user_id: { type: ['string', 'null'] },
  },
} as const;

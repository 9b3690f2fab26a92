import { safeInteger } from './shared.js';

/** D8: at most 20 issues in one error body. */
export const MAX_ISSUES = 20;

/** D8: one rule an input broke, located by a JSON Pointer. Never echoes the input's values. */
export const issue = {
  type: 'object',
  required: ['path', 'message'],
  properties: {
    path: { type: 'string', description: 'JSON Pointer of the failing value (`""` for the whole body).' },
    message: { type: 'string', description: 'A sentence naming the rule and its limit.' },
  },
} as const;

/** §2.6, D8: `error.metadata`; `issues` appears on 400 only. */
export const errorMetadata = {
  type: ['object', 'null'],
  properties: {
    issues: { type: 'array', maxItems: MAX_ISSUES, items: issue },
  },
} as const;

/** §2.6, §7: the body of every error status. Open (D2): extra fields are accepted at each level. */
export const errorResponse = {
  type: 'object',
  description: 'The body of every error response.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { ...safeInteger, minimum: 100, maximum: 599, description: 'Equals the HTTP status (§7).' },
        message: { type: 'string', description: 'The message of the status (§7).' },
        metadata: errorMetadata,
      },
    },
    // D4: `service_metadata`, as §2.6 names it.
    service_metadata: { type: ['object', 'null'] },
    user_id: { type: ['string', 'null'] },
  },
} as const;

import { presetConfig } from './preset-config.js';
import { nullableTimestamp, positiveInteger, timestamp, uuid } from './shared.js';

/** One version of a preset. Open: a newer server may add fields. */
export const presetVersion = {
  type: 'object',
  description: 'A version of a preset: the saved config and system prompt.',
  required: [
    'id',
    'preset_id',
    'version',
    'config',
    'system_prompt',
    'creator_id',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    preset_id: uuid,
    version: { ...positiveInteger, description: 'Version number; 1 for a new preset.' },
    config: presetConfig,
    // A string, or null when there was no `system`, as the public API sends (contract: system-prompt).
    system_prompt: {
      type: ['string', 'null'],
      description: 'The request `system` text; `null` when the request had none.',
    },
    creator_id: { type: 'string', description: 'Id of the creating user (opaque).' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

/** The statuses of the public API; any other value is rejected. */
export const presetStatus = { enum: ['active', 'disabled', 'archived'] } as const;

/** A preset with the version designated for use (docs/contract.md#preset). */
export const preset = {
  type: 'object',
  description: 'A preset with its designated version.',
  required: [
    'id',
    'slug',
    'name',
    'description',
    'status',
    'status_updated_at',
    'created_at',
    'updated_at',
    'creator_user_id',
    'workspace_id',
    'designated_version_id',
    'designated_version',
  ],
  properties: {
    id: uuid,
    slug: { type: 'string', minLength: 1, description: 'URL-safe slug naming the preset.' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    status: presetStatus,
    status_updated_at: nullableTimestamp,
    created_at: timestamp,
    updated_at: timestamp,
    // Plain types that the public API marks nullable, the next four (contract: nullable-response-fields).
    creator_user_id: { type: ['string', 'null'], description: 'Id of the creating user (opaque).' },
    workspace_id: { ...uuid, type: ['string', 'null'] },
    designated_version_id: { ...uuid, type: ['string', 'null'] },
    designated_version: {
      ...presetVersion,
      type: ['object', 'null'],
      description: 'The version designated for use.',
    },
  },
} as const;

/** The 200 body of POST /presets/{slug}/messages. */
export const presetResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: preset },
} as const;

/**
 * The 200 body of GET /presets/{slug}/versions/{version}. `data` is never null here: the operation returns
 * the version it names (the public API's nullable version record only applies to `designated_version`).
 */
export const presetVersionResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: presetVersion },
} as const;

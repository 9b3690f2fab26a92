import { presetConfig } from './preset-config.js';
import { nullableTimestamp, positiveInteger, timestamp, uuid } from './shared.js';

/** §2.2: one version of a preset. Open (D2): a newer server may add fields. */
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
    version: { ...positiveInteger, description: 'Version number; 1 for a new preset (§3, D14).' },
    config: presetConfig,
    // §2.2 gives a string; the public API sends null when there was no `system` (D1, D7).
    system_prompt: {
      type: ['string', 'null'],
      description: 'The request `system` text; `null` when the request had none (D7).',
    },
    creator_id: { type: 'string', description: 'Id of the creating user (opaque).' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

/** §2.1, D4: the three statuses of the public API; any other value is rejected. */
export const presetStatus = { enum: ['active', 'disabled', 'archived'] } as const;

/** §2.1: a preset with the version designated for use. */
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
    // §2.1 gives plain types for the next four; the public API marks them nullable (D1).
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

/** §4.1: the 200 body of POST /presets/{slug}/messages. */
export const presetResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: preset },
} as const;

/**
 * §4.2: the 200 body of GET /presets/{slug}/versions/{version}. `data` is never null here: §4.2 returns
 * the version it names (the public API's nullable version record only applies to `designated_version`).
 */
export const presetVersionResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: presetVersion },
} as const;

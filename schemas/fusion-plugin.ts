import { pluginEnabled } from './plugin-enabled.js';
import { freeFormObject, safeInteger } from './shared.js';

/** One server tool of a Fusion run, in the `{ type, parameters }` shorthand. */
export const fusionTool = {
  type: 'object',
  required: ['type'],
  properties: {
    type: {
      type: 'string',
      description: 'Server tool type, such as `service:web_search` or `service:web_fetch`.',
    },
    parameters: { ...freeFormObject, description: "Configuration forwarded as the tool's `parameters`." },
  },
} as const;

/**
 * The fusion plugin: applies to a Fusion run started by the `service/fusion` model slug or the `service:fusion`
 * server tool.
 */
export const fusionPlugin = {
  type: 'object',
  description:
    'Settings of a Fusion run: a parallel panel of analysis models, then an analyst and synthesis model.',
  required: ['id'],
  properties: {
    id: { enum: ['fusion'] },
    enabled: pluginEnabled,
    analysis_models: {
      type: 'array',
      minItems: 1,
      maxItems: 8,
      items: { type: 'string' },
      description: 'Slugs of the models run in parallel as the expert panel.',
    },
    model: {
      type: 'string',
      description: 'Slug of the model that performs the analyst step and the final synthesis.',
    },
    // A closed list (contract: closed-lists).
    preset: {
      enum: ['general-high', 'general-budget', 'general-fast'],
      description: 'A curated panel and analyst; explicit `analysis_models` and `model` take precedence.',
    },
    max_tool_calls: {
      ...safeInteger,
      minimum: 1,
      maximum: 16,
      default: 4,
      description: 'Maximum tool-calling steps each panelist and the analyst may take; default 4.',
    },
    tools: {
      type: 'array',
      maxItems: 8,
      items: fusionTool,
      description:
        'Server tools of the inner calls. Omitted: `service:web_search` and `service:web_fetch`; an empty array disables tools.',
    },
  },
} as const;

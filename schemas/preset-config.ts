import { contextManagement } from './context-management.js';
import { outputConfig } from './output-config.js';
import { plugin } from './plugin.js';
import { providerPreferences } from './provider-preferences.js';
import { route } from './route.js';
import { cacheControl, finiteNumber, positiveInteger, safeInteger, stringArray } from './shared.js';
import { stopServerToolsWhen } from './stop-server-tools-when.js';
import { thinking } from './thinking.js';
import { toolChoice } from './tool-choice.js';
import { tool } from './tool.js';

/**
 * `fallbacks`: at most 3 entries, each holding `model` alone, the one object that rejects unknown properties
 * (docs/contract.md#fallbacks).
 */
export const fallbacks = {
  type: ['array', 'null'],
  description:
    'Models to try in order if the primary model fails or refuses. Each entry accepts only `model`. Cannot be combined with `models`.',
  maxItems: 3,
  items: {
    type: 'object',
    required: ['model'],
    properties: { model: { type: 'string' } },
    additionalProperties: false,
  },
} as const;

/**
 * The request fields a preset persists, in the contract's order (docs/contract.md#preset-config). This object
 * is the one list of config keys: the normalizer and the request schema both derive from it.
 */
export const presetConfigProperties = {
  model: { type: 'string', description: 'Model id, `<author>/<slug>`.' },
  models: { ...stringArray, description: 'Models to route between. Cannot be combined with `fallbacks`.' },
  fallbacks,
  provider: providerPreferences,
  route,
  max_tokens: { ...positiveInteger, description: 'Maximum number of tokens to generate.' },
  temperature: finiteNumber,
  top_p: finiteNumber,
  top_k: safeInteger,
  stop_sequences: stringArray,
  thinking,
  tool_choice: toolChoice,
  tools: { type: 'array', items: tool },
  plugins: {
    type: 'array',
    description: 'Plugins to enable for this request, with their settings.',
    items: plugin,
  },
  output_config: outputConfig,
  context_management: contextManagement,
  cache_control: cacheControl,
  service_tier: { type: 'string' },
  speed: {
    enum: ['fast', 'standard'],
    description:
      '`fast` uses a higher-speed configuration at premium pricing; `standard` when omitted. No default is stored.',
  },
  stop_server_tools_when: stopServerToolsWhen,
} as const;

/**
 * `models` and `fallbacks` are never sent together. Said as a dependency so the error
 * points at `/fallbacks` and its schema path names `models`, the property it may not be combined with.
 */
export const modelsExcludeFallbacks = {
  dependencies: { models: { properties: { fallbacks: false } } },
} as const;

/** The `config` of a preset version. Every key is optional except `model`, which every request carries. */
export const presetConfig = {
  type: 'object',
  description: 'Saved parameters of a preset version: the request fields a preset persists, copied as sent.',
  required: ['model'],
  properties: presetConfigProperties,
  ...modelsExcludeFallbacks,
} as const;

/** What the normalizer makes of a request, before a store gives it ids and a version number. */
export const presetDraft = {
  type: 'object',
  required: ['config', 'system_prompt'],
  properties: {
    config: presetConfig,
    system_prompt: {
      type: ['string', 'null'],
      description: 'The request `system`: a string as sent, text blocks joined with a blank line, or null.',
    },
  },
  additionalProperties: false,
} as const;

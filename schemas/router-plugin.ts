import { pluginEnabled } from './plugin-enabled.js';
import { safeInteger } from './shared.js';

/**
 * A list of model patterns for the routers (docs/contract.md#router-patterns), bounded in its count, each
 * pattern's length and the list's total length, all counted in Unicode code points (contract: limits). JSON
 * Schema has no keyword for a sum over items, so the total is the custom keyword `maxTotalLength`.
 */
export const routerModelPatterns = {
  type: 'array',
  maxItems: 1024,
  items: { type: 'string', maxLength: 1024 },
  maxTotalLength: 65536,
} as const;

const PATTERN_LIMITS =
  'Patterns use `*` for any run of characters (`anthropic/*`). The custom keyword `maxTotalLength` caps the ' +
  'characters of the whole list (code points, summed over all items).';

export const allowedModels = {
  ...routerModelPatterns,
  description: `Model patterns the router may choose from. ${PATTERN_LIMITS}`,
} as const;

export const excludedModels = {
  ...routerModelPatterns,
  description: `Model patterns the router must not choose; applied after \`allowed_models\` and wins over it. ${PATTERN_LIMITS}`,
} as const;

/** A closed list: any other value is rejected. */
export const costTier = {
  enum: ['low', 'medium', 'high', 'xhigh', 'max'],
  description:
    'Cost-percentile band to route within: low [0,20), medium [20,40), high [40,60), xhigh [60,80), max [80,100]. Wins over `cost_quality_tradeoff`.',
} as const;

/** A bounded integer; deprecated in favour of `cost_tier`. */
export const costQualityTradeoff = {
  ...safeInteger,
  minimum: 0,
  maximum: 10,
  default: 9,
  deprecated: true,
  description:
    'Deprecated: use `cost_tier`. Cost/quality balance; higher favours cheaper models. Defaults to 9; `cost_tier` wins when both are given.',
} as const;

/** The auto-router plugin. */
export const autoRouterPlugin = {
  type: 'object',
  description: 'Routes the request to a model chosen for the classified task.',
  required: ['id'],
  properties: {
    id: { enum: ['auto-router'] },
    enabled: pluginEnabled,
    allowed_models: allowedModels,
    excluded_models: excludedModels,
    cost_tier: costTier,
    cost_quality_tradeoff: costQualityTradeoff,
    pin_model: {
      type: 'boolean',
      default: false,
      description:
        "When true, reuses the model of the latest assistant message's `model` attribute. Defaults to false.",
    },
  },
} as const;

/** The auto-beta-router plugin: the auto-router's fields without `pin_model`. */
export const autoBetaRouterPlugin = {
  type: 'object',
  description: 'The beta auto-router: routes the request to a model chosen for the classified task.',
  required: ['id'],
  properties: {
    id: { enum: ['auto-beta-router'] },
    enabled: pluginEnabled,
    allowed_models: allowedModels,
    excluded_models: excludedModels,
    cost_tier: costTier,
    cost_quality_tradeoff: costQualityTradeoff,
  },
} as const;

/** The pareto-router plugin; the create operation answers 404 when no candidate satisfies `max_price`. */
export const paretoRouterPlugin = {
  type: 'object',
  description: 'Routes to a model on the price/coding-quality Pareto frontier.',
  required: ['id'],
  properties: {
    id: { enum: ['pareto-router'] },
    enabled: pluginEnabled,
    max_price: {
      type: 'number',
      minimum: 0,
      description:
        'Maximum input price in USD per million tokens. When set, quality-tier selection is bypassed; 404 when no candidate satisfies it.',
    },
    min_coding_score: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description:
        'Minimum coding score: at least 0.66 high, at least 0.33 medium, below 0.33 low. Omitted means the highest tier; unused when `max_price` is set.',
    },
    // A closed list (contract: closed-lists).
    price_source: {
      enum: ['prompt', 'weighted_avg'],
      default: 'prompt',
      description:
        'Price used for the frontier and for `max_price`: `prompt` (catalog list price, the default) or `weighted_avg` (traffic-weighted input price).',
    },
  },
} as const;

/**
 * A provider slug. The public API lists about a hundred names (ProviderName) but also accepts any string, and
 * the list grows monthly; an enum that size on the request path would cost time and reject nothing, so the
 * slug is a plain string.
 */
export const providerSlug = { type: 'string' } as const;

const providerSlugList = { type: ['array', 'null'], items: providerSlug } as const;

/** The public API's ProviderSort: a closed list. */
export const providerSortKinds = ['price', 'throughput', 'latency', 'exacto'] as const;

/** The public API's ProviderSortConfig. */
export const providerSortConfig = {
  type: 'object',
  properties: {
    by: { enum: [...providerSortKinds, null], description: 'The sorting strategy.' },
    partition: {
      enum: ['model', 'none', null],
      description:
        '`model` (default) groups endpoints by model before sorting, so fallback models stay fallbacks; `none` sorts all endpoints together.',
    },
  },
} as const;

/** The public API's Quantization: a closed list. */
export const quantization = {
  enum: ['int4', 'int8', 'fp4', 'mxfp4', 'nvfp4', 'fp6', 'fp8', 'mxfp8', 'fp16', 'bf16', 'fp32', 'unknown'],
} as const;

/** The public API's PercentileLatencyCutoffs / PercentileThroughputCutoffs: one optional number per percentile. */
function percentileCutoffs<const D extends string>(description: D) {
  const cutoff = { type: ['number', 'null'] } as const;
  return {
    type: 'object',
    description,
    properties: { p50: cutoff, p75: cutoff, p90: cutoff, p99: cutoff },
  } as const;
}

export const percentileLatencyCutoffs = percentileCutoffs(
  'Maximum latency in seconds per percentile; all given cutoffs must be met for an endpoint to be preferred.',
);

export const percentileThroughputCutoffs = percentileCutoffs(
  'Minimum throughput in tokens per second per percentile; all given cutoffs must be met for an endpoint to be preferred.',
);

/** The public API's PreferredMaxLatency: a number (the p50 cutoff), per-percentile cutoffs, or null. */
export const preferredMaxLatency = {
  description:
    'Preferred maximum latency in seconds: a number (p50) or per-percentile cutoffs. Slower endpoints are deprioritized, not excluded.',
  anyOf: [{ type: ['number', 'null'] }, percentileLatencyCutoffs],
} as const;

/** The public API's PreferredMinThroughput: a number (the p50 cutoff), per-percentile cutoffs, or null. */
export const preferredMinThroughput = {
  description:
    'Preferred minimum throughput in tokens per second: a number (p50) or per-percentile cutoffs. Slower endpoints are deprioritized, not excluded.',
  anyOf: [{ type: ['number', 'null'] }, percentileThroughputCutoffs],
} as const;

const price = (description: string) => ({ type: 'string', description }) as const;

/**
 * `provider` (the public API's ProviderPreferences); accepts unknown keys although the public API closes it.
 */
export const providerPreferences = {
  type: ['object', 'null'],
  description: 'Routing preferences among the providers that serve the model.',
  properties: {
    allow_fallbacks: {
      type: ['boolean', 'null'],
      description:
        'Whether backup providers may serve the request when the preferred ones are unavailable (default true).',
    },
    require_parameters: {
      type: ['boolean', 'null'],
      description: 'Only use providers that support every parameter of the request.',
    },
    data_collection: {
      enum: ['deny', 'allow', null],
      description: '`allow` (default) permits providers that store or train on data; `deny` excludes them.',
    },
    zdr: { type: ['boolean', 'null'], description: 'Only use Zero Data Retention endpoints.' },
    enforce_distillable_text: {
      type: ['boolean', 'null'],
      description: 'Only use models whose authors allow text distillation.',
    },
    order: { ...providerSlugList, description: 'Provider slugs to try in order.' },
    only: {
      ...providerSlugList,
      description: 'Provider slugs to allow; merged with the account-wide setting.',
    },
    ignore: {
      ...providerSlugList,
      description: 'Provider slugs to skip; merged with the account-wide setting.',
    },
    quantizations: {
      type: ['array', 'null'],
      items: quantization,
      description: 'Quantization levels to filter providers by.',
    },
    sort: {
      description: 'Sorting strategy when `order` is not given; disables load balancing.',
      anyOf: [{ enum: [...providerSortKinds, null] }, providerSortConfig],
    },
    max_price: {
      type: 'object',
      description: 'Maximum prices in USD, as decimal strings.',
      properties: {
        prompt: price('Per million prompt tokens.'),
        completion: price('Per million completion tokens.'),
        image: price('Per image.'),
        audio: price('Per audio unit.'),
        request: price('Per request.'),
      },
    },
    preferred_max_latency: preferredMaxLatency,
    preferred_min_throughput: preferredMinThroughput,
  },
} as const;

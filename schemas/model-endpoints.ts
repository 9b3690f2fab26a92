import { finiteNumber, nonNegativeInteger, safeInteger, stringArray } from './shared.js';

/*
 * The allowed values of instruct_type, tokenizer, quantization, status and the modalities are not specified
 * (contract: model-endpoints), and the public API's lists of them grow with every model release, so they stay
 * open strings (and an integer for `status`): a client must survive a value it has not seen.
 */

/** `latency_last_30m` / `throughput_last_30m`; null when there is no data, as the public API sends it. */
export const percentileStats = {
  type: ['object', 'null'],
  required: ['p50', 'p75', 'p90', 'p99'],
  properties: { p50: finiteNumber, p75: finiteNumber, p90: finiteNumber, p99: finiteNumber },
} as const;

/** Uptime as a percentage; null when there is too little data (contract: nullable-response-fields). */
const uptime = { type: ['number', 'null'], minimum: 0, maximum: 100 } as const;

/** Decimal numbers carried as strings. */
const price = { type: 'string', description: 'A decimal number as a string.' } as const;

/** One provider endpoint serving a model (docs/contract.md#model-endpoints). */
export const modelEndpoint = {
  type: 'object',
  required: [
    'name',
    'model_id',
    'model_name',
    'provider_name',
    'tag',
    'context_length',
    'max_completion_tokens',
    'max_prompt_tokens',
    'pricing',
    'quantization',
    'status',
    'supported_parameters',
    'supports_implicit_caching',
    'latency_last_30m',
    'throughput_last_30m',
    'uptime_last_5m',
    'uptime_last_30m',
    'uptime_last_1d',
  ],
  properties: {
    name: { type: 'string' },
    model_id: { type: 'string' },
    model_name: { type: 'string' },
    provider_name: { type: 'string', description: 'Display name of the provider.' },
    tag: { type: 'string' },
    context_length: nonNegativeInteger,
    // Integers, and null when there is no limit, as the public API sends (contract: nullable-response-fields).
    max_completion_tokens: { ...nonNegativeInteger, type: ['integer', 'null'] },
    max_prompt_tokens: { ...nonNegativeInteger, type: ['integer', 'null'] },
    pricing: {
      type: 'object',
      description: 'Prices as decimal strings; `prompt` and `completion` are always present.',
      required: ['prompt', 'completion'],
      properties: { prompt: price, completion: price, request: price, image: price },
    },
    quantization: { type: ['string', 'null'] },
    status: {
      ...safeInteger,
      description: 'Endpoint status code (the public API sends 0 and negative codes).',
    },
    supported_parameters: { ...stringArray, description: 'Names of the request parameters it honours.' },
    supports_implicit_caching: { type: 'boolean' },
    latency_last_30m: percentileStats,
    throughput_last_30m: percentileStats,
    uptime_last_5m: uptime,
    uptime_last_30m: uptime,
    uptime_last_1d: uptime,
  },
} as const;

/** A model's `architecture`; nullable members follow the public API. */
export const modelArchitecture = {
  type: 'object',
  required: ['input_modalities', 'output_modalities', 'modality', 'instruct_type', 'tokenizer'],
  properties: {
    input_modalities: stringArray,
    output_modalities: stringArray,
    modality: { type: ['string', 'null'], description: 'Primary modality, shaped like `<in>-><out>`.' },
    instruct_type: { type: ['string', 'null'] },
    tokenizer: { type: ['string', 'null'] },
  },
} as const;

/** A model with the endpoints that serve it. */
export const modelWithEndpoints = {
  type: 'object',
  required: ['id', 'name', 'created', 'description', 'architecture', 'endpoints'],
  properties: {
    id: { type: 'string', description: 'Model id, `<author>/<slug>`.' },
    name: { type: 'string' },
    created: { ...safeInteger, description: 'Unix time (seconds) the model was added.' },
    description: { type: 'string' },
    architecture: modelArchitecture,
    endpoints: { type: 'array', items: modelEndpoint, description: 'May be empty.' },
  },
} as const;

/** The 200 body of GET /models/{author}/{slug}/endpoints. */
export const modelEndpointsResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: modelWithEndpoints },
} as const;

import {
  arizeConfig,
  braintrustConfig,
  clickhouseConfig,
  datadogConfig,
  grafanaConfig,
  langfuseConfig,
  langsmithConfig,
  newrelicConfig,
  opikConfig,
  otelCollectorConfig,
  posthogConfig,
  rampConfig,
  s3Config,
  sentryConfig,
  snowflakeConfig,
  weaveConfig,
  webhookConfig,
} from './observability-destination-configs.js';
import { filterRules } from './observability-filter-rules.js';
import { nullableStringArray, timestamp, uuid } from './shared.js';

/** The fields every destination carries, whatever its `type`. */
export const destinationProperties = {
  id: uuid,
  workspace_id: uuid,
  // A string that the public API marks nullable (contract: nullable-response-fields).
  name: { type: ['string', 'null'], description: 'Human-readable name of the destination.' },
  enabled: { type: 'boolean' },
  privacy_mode: {
    type: 'boolean',
    description: 'When true, request and response bodies are not forwarded, only metadata.',
  },
  sampling_rate: {
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 1,
    description: 'Share of events sent to the destination; 1 sends all.',
  },
  broadcast_generation_cost: { type: 'boolean' },
  broadcast_generation_identity: { type: 'boolean' },
  broadcast_generation_request_context: { type: 'boolean' },
  api_key_hashes: {
    ...nullableStringArray,
    description: 'Hashes of the API keys whose traffic is forwarded; `null` forwards every key.',
  },
  filter_rules: filterRules,
  created_at: timestamp,
  updated_at: timestamp,
} as const;

/** Every field of a destination is present in every variant. */
export const DESTINATION_REQUIRED = [
  'id',
  'workspace_id',
  'name',
  'type',
  'enabled',
  'privacy_mode',
  'sampling_rate',
  'broadcast_generation_cost',
  'broadcast_generation_identity',
  'broadcast_generation_request_context',
  'api_key_hashes',
  'filter_rules',
  'config',
  'created_at',
  'updated_at',
] as const;

/*
 * One variant per destination type of the public document, tagged by `type` (contract: public-names). A
 * variant holds only what differs, its `config`; the shared fields are checked once, beside the tag
 * (observability-destination.ts).
 */

export const arizeDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['arize'] }, config: arizeConfig },
} as const;

export const braintrustDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['braintrust'] }, config: braintrustConfig },
} as const;

export const clickhouseDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['clickhouse'] }, config: clickhouseConfig },
} as const;

export const datadogDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['datadog'] }, config: datadogConfig },
} as const;

export const grafanaDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['grafana'] }, config: grafanaConfig },
} as const;

export const langfuseDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['langfuse'] }, config: langfuseConfig },
} as const;

export const langsmithDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['langsmith'] }, config: langsmithConfig },
} as const;

export const newrelicDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['newrelic'] }, config: newrelicConfig },
} as const;

export const opikDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['opik'] }, config: opikConfig },
} as const;

export const otelCollectorDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['otel-collector'] }, config: otelCollectorConfig },
} as const;

export const posthogDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['posthog'] }, config: posthogConfig },
} as const;

export const rampDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['ramp'] }, config: rampConfig },
} as const;

export const s3Destination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['s3'] }, config: s3Config },
} as const;

export const sentryDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['sentry'] }, config: sentryConfig },
} as const;

export const snowflakeDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['snowflake'] }, config: snowflakeConfig },
} as const;

export const weaveDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['weave'] }, config: weaveConfig },
} as const;

export const webhookDestination = {
  type: 'object',
  required: ['type', 'config'],
  properties: { type: { enum: ['webhook'] }, config: webhookConfig },
} as const;

/** The destination variants, in the public API's order and with its type names. */
export const destinationVariants = [
  arizeDestination,
  braintrustDestination,
  clickhouseDestination,
  datadogDestination,
  grafanaDestination,
  langfuseDestination,
  langsmithDestination,
  newrelicDestination,
  opikDestination,
  otelCollectorDestination,
  posthogDestination,
  rampDestination,
  s3Destination,
  sentryDestination,
  snowflakeDestination,
  weaveDestination,
  webhookDestination,
] as const;

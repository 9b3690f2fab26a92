import type { Infer } from './infer.js';
import {
  DESTINATION_REQUIRED,
  destinationProperties,
  destinationVariants,
} from './observability-destination-variants.js';
import { taggedUnion } from './tagged-union.js';

export * from './observability-destination-variants.js';

/**
 * An observability destination, one of 17 variants selected by `type` (the public API's identifiers;
 * contract: observability-destination). An unknown `type` is rejected, and so is a full secret in any variant's
 * config (contract: secret-masking).
 */
const byType = taggedUnion(
  'type',
  destinationVariants,
  'A configured outbound target for generation telemetry.',
);

/**
 * The shared fields sit beside the tag, so they are checked once rather than once per variant: the same
 * rules, and a seventeenth of the generated code.
 */
export const observabilityDestination = {
  ...byType,
  required: DESTINATION_REQUIRED,
  properties: { ...destinationProperties, ...byType.properties },
} as const;

/** The 200 body of GET /observability/destinations/{id}. */
export const observabilityDestinationResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: observabilityDestination },
} as const;

export type ObservabilityDestination = Infer<typeof observabilityDestination>;
export type ObservabilityDestinationType = ObservabilityDestination['type'];
export type ObservabilityDestinationResponse = Infer<typeof observabilityDestinationResponse>;

type Variant<T extends ObservabilityDestinationType> = Extract<ObservabilityDestination, { type: T }>;
export type ArizeDestination = Variant<'arize'>;
export type BraintrustDestination = Variant<'braintrust'>;
export type ClickhouseDestination = Variant<'clickhouse'>;
export type DatadogDestination = Variant<'datadog'>;
export type GrafanaDestination = Variant<'grafana'>;
export type LangfuseDestination = Variant<'langfuse'>;
export type LangsmithDestination = Variant<'langsmith'>;
export type NewrelicDestination = Variant<'newrelic'>;
export type OpikDestination = Variant<'opik'>;
export type OtelCollectorDestination = Variant<'otel-collector'>;
export type PosthogDestination = Variant<'posthog'>;
export type RampDestination = Variant<'ramp'>;
export type S3Destination = Variant<'s3'>;
export type SentryDestination = Variant<'sentry'>;
export type SnowflakeDestination = Variant<'snowflake'>;
export type WeaveDestination = Variant<'weave'>;
export type WebhookDestination = Variant<'webhook'>;

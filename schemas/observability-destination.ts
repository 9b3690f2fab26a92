import type { Infer } from './infer.js';
import { destinationVariants } from './observability-destination-variants.js';
import { taggedUnion } from './tagged-union.js';

export * from './observability-destination-variants.js';

/**
 * §2.4: an observability destination, one of 17 variants selected by `type` (D4: the public API's
 * identifiers). An unknown `type` is rejected, and so is a full secret in any variant's config (D12).
 */
export const observabilityDestination = taggedUnion(
  'type',
  destinationVariants,
  'A configured outbound target for generation telemetry.',
);

/** §4.4: the 200 body of GET /observability/destinations/{id}. */
export const observabilityDestinationResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: observabilityDestination },
} as const;

export type ObservabilityDestination = Infer<typeof observabilityDestination>;
export type ObservabilityDestinationType = ObservabilityDestination['type'];
export type ObservabilityDestinationResponse = Infer<typeof observabilityDestinationResponse>;

import {
  DESTINATION_REQUIRED,
  destinationProperties,
  destinationVariants,
} from './observability-destination-variants.js';
import { taggedUnion } from './tagged-union.js';

export * from './observability-destination-variants.js';

/**
 * An observability destination, one of the variants selected by `type` (the public API's identifiers;
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
 * rules, and their code generated once rather than once per variant.
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

import { ListEndpointsResponse$inboundSchema } from '@openrouter/sdk/models';
import { ListProvidersResponse$inboundSchema } from '@openrouter/sdk/models/operations';
import type { PayloadKind } from '../../test/fixtures/payloads.js';
import type { Competitor } from './competitor.js';

/**
 * The public API's own SDK (@openrouter/sdk): the zod parsers it runs on each response body it receives
 * (open enums, keys remapped to camelCase). Its ListEndpointsResponse parses the `data` of the body.
 */
export const sdk: Competitor = {
  id: 'sdk',
  name: 'public SDK (its zod parsers)',
  build(kind: PayloadKind) {
    switch (kind) {
      case 'model-endpoints-response':
        return {
          check: (value) =>
            value !== null &&
            typeof value === 'object' &&
            ListEndpointsResponse$inboundSchema.safeParse((value as { data?: unknown }).data).success,
          notes: ["the SDK's own `ListEndpointsResponse$inboundSchema`, on the body's `data`"],
        };
      case 'providers-response':
        return {
          check: (value) => ListProvidersResponse$inboundSchema.safeParse(value).success,
          notes: ["the SDK's own `ListProvidersResponse$inboundSchema`"],
        };
      default:
        return undefined;
    }
  },
};

import { describe, expectTypeOf, it } from 'vitest';
import { operationSchemas, rootSchemas } from '../../schemas/index.js';
import {
  createPresetParams,
  getObservabilityDestinationParams,
  getPresetVersionParams,
  listEndpointsParams,
} from '../../schemas/params.js';

describe('operationSchemas', () => {
  it("types each operation's parameter, body and success schema as the objects themselves", () => {
    expectTypeOf(operationSchemas).toEqualTypeOf<{
      readonly createPresetsMessages: {
        readonly params: typeof createPresetParams;
        readonly body: (typeof rootSchemas)['messages-request'];
        readonly success: (typeof rootSchemas)['preset-response'];
      };
      readonly getPresetVersion: {
        readonly params: typeof getPresetVersionParams;
        readonly body: null;
        readonly success: (typeof rootSchemas)['preset-version-response'];
      };
      readonly listEndpoints: {
        readonly params: typeof listEndpointsParams;
        readonly body: null;
        readonly success: (typeof rootSchemas)['model-endpoints-response'];
      };
      readonly getObservabilityDestination: {
        readonly params: typeof getObservabilityDestinationParams;
        readonly body: null;
        readonly success: (typeof rootSchemas)['observability-destination-response'];
      };
      readonly listProviders: {
        readonly params: null;
        readonly body: null;
        readonly success: (typeof rootSchemas)['providers-response'];
      };
    }>();
  });
});

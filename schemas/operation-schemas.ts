import type { OperationId } from '../src/core/operations.js';
import { messagesRequest } from './messages-request.js';
import { modelEndpointsResponse } from './model-endpoints.js';
import { observabilityDestinationResponse } from './observability-destination.js';
import {
  createPresetParams,
  getObservabilityDestinationParams,
  getPresetVersionParams,
  listEndpointsParams,
} from './params.js';
import { presetResponse, presetVersionResponse } from './preset.js';
import { providersResponse } from './provider.js';

export interface OperationSchemas {
  /** The path parameters as the decoded strings a router hands over; null where the path has none. */
  readonly params: { readonly properties: object; readonly required: readonly string[] } | null;
  readonly body: object | null;
  readonly success: object;
}

/** The schema objects of each operation of the table in `src/core/operations.ts`, for documents and compilers. */
export const operationSchemas = {
  createPresetsMessages: { params: createPresetParams, body: messagesRequest, success: presetResponse },
  getPresetVersion: { params: getPresetVersionParams, body: null, success: presetVersionResponse },
  listEndpoints: { params: listEndpointsParams, body: null, success: modelEndpointsResponse },
  getObservabilityDestination: {
    params: getObservabilityDestinationParams,
    body: null,
    success: observabilityDestinationResponse,
  },
  listProviders: { params: null, body: null, success: providersResponse },
} as const satisfies Record<OperationId, OperationSchemas>;

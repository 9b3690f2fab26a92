import { errorResponse } from './error-response.js';
import { messagesRequest } from './messages-request.js';
import { modelEndpointsResponse } from './model-endpoints.js';
import { observabilityDestinationResponse } from './observability-destination.js';
import { presetConfig } from './preset-config.js';
import { presetResponse, presetVersionResponse } from './preset.js';
import { providersResponse } from './provider.js';

/**
 * The bodies `validate(name, value)` accepts names for: each operation's request and 200 bodies, and the error.
 */
export const rootSchemas = {
  'messages-request': messagesRequest,
  'preset-response': presetResponse,
  'preset-version-response': presetVersionResponse,
  'model-endpoints-response': modelEndpointsResponse,
  'observability-destination-response': observabilityDestinationResponse,
  'providers-response': providersResponse,
  'error-response': errorResponse,
} as const;

/** Shapes that are not bodies of their own but are checked on their own (the normalizer's output). */
export const innerSchemas = { 'preset-config': presetConfig } as const;

/** The names of the interface's bodies and the types they validate to: types only, shared by every module. */
import type {
  ErrorResponse,
  MessagesRequest,
  ModelEndpointsResponse,
  ObservabilityDestinationResponse,
  PresetResponse,
  PresetVersionResponse,
  ProvidersResponse,
} from '../generated/types.js';
import type { ErrorBody } from './errors.js';

/** The body each root name validates, as a type. */
export interface RootTypes {
  'messages-request': MessagesRequest;
  'preset-response': PresetResponse;
  'preset-version-response': PresetVersionResponse;
  'model-endpoints-response': ModelEndpointsResponse;
  'observability-destination-response': ObservabilityDestinationResponse;
  'providers-response': ProvidersResponse;
  'error-response': ErrorResponse;
}

export type RootName = keyof RootTypes;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; error: ErrorBody };

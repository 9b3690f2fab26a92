/**
 * `gateway-contract/http`: the framework-free handler, the body check for routes of your own, the preset store,
 * and the types adapters share.
 */
export { createHandler } from './handler.js';
export { ContractViolation } from './contract-violation.js';
export { presetOperations } from './store/preset-operations.js';
export { createNodeListener } from './node/node-listener.js';
export { applyConnectionLimits, createNodeServer } from './node/node-server.js';
export { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './node/connection-limits.js';
export {
  createBodyValidator,
  readBody,
  type BodyOptions,
  type BodyOptionsFor,
  type BodyValidator,
  type BodyValue,
  type NormalizedRequest,
} from './body-validation.js';
export { errorBody, type ErrorBody, type ErrorStatus } from '../core/errors.js';
export {
  savePresetVersion,
  type PresetStore,
  type StoredPreset,
  type PresetAuthor,
  type PresetClock,
  type PresetKey,
  type SaveOutcome,
  type IdempotentCreate,
} from './store/preset-store.js';
export { MemoryPresetStore, type MemoryPresetStoreOptions } from './store/memory-preset-store.js';
export { PresetStoreFull } from './store/preset-store-full.js';
export { PresetStoreUnavailable } from './store/preset-store-unavailable.js';
export type {
  BodyInput,
  BodyReader,
  BodySource,
  CorsOptions,
  ErrorContext,
  GatewayOperations,
  Handler,
  HandlerOptions,
  HandlerRequest,
  HandlerResponse,
  HeaderSource,
  KeyKind,
  NodeBodyStream,
  OperationData,
  OperationInput,
  OperationResult,
  ParsedBody,
  Principal,
  RequestBody,
  ResolveKey,
} from './types.js';

/** `gateway-contract/http`: the framework-free handler, the preset store, and the types adapters share. */
export { createHandler } from './handler.js';
export { ContractViolation } from './contract-violation.js';
export { presetOperations } from './preset-operations.js';
export { createNodeListener } from './node.js';
export { errorBody, type ErrorBody, type ErrorStatus } from '../core/errors.js';
export {
  savePresetVersion,
  type PresetStore,
  type StoredPreset,
  type PresetAuthor,
  type PresetClock,
  type SaveOutcome,
} from './store/preset-store.js';
export { MemoryPresetStore, type MemoryPresetStoreOptions } from './store/memory-preset-store.js';
export type {
  BodyReader,
  ErrorContext,
  GatewayOperations,
  Handler,
  HandlerOptions,
  HandlerRequest,
  HandlerResponse,
  HeaderSource,
  KeyKind,
  OperationResult,
  ParsedBody,
  Principal,
  RequestBody,
  ResolveKey,
} from './types.js';

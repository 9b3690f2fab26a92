export {
  validate,
  validateParams,
  validateMessagesRequest,
  validatePresetResponse,
  validatePresetVersionResponse,
  validateModelEndpointsResponse,
  validateObservabilityDestinationResponse,
  validateProvidersResponse,
  validateErrorResponse,
  validatePresetConfig,
  validateMessagesRequestStrict,
  validatePresetResponseStrict,
  validatePresetVersionResponseStrict,
  validateModelEndpointsResponseStrict,
  validateObservabilityDestinationResponseStrict,
  validateProvidersResponseStrict,
  validateErrorResponseStrict,
  rootNames,
  type Profile,
  type ValidateOptions,
  type RootName,
  type RootTypes,
  type ValidationResult,
} from './core/validators.js';
export type { StandardSchemaV1 } from './core/standard-schema.js';
export { loadProfile } from './core/profiles.js';
export {
  errorBody,
  issuesFromAjv,
  issuesOf,
  statusMessages,
  MAX_ISSUES,
  type ErrorBody,
  type ErrorStatus,
  type Issue,
} from './core/errors.js';
export { normalizePresetRequest, presetConfigKeys, type NormalizedPreset } from './core/normalize.js';
export {
  operations,
  operationIds,
  badParamStatus,
  type Operation,
  type OperationId,
  type AuthRequirement,
} from './core/operations.js';
export { parseJsonBody } from './body/json-body-loader.js';
export type { MessagesRequest } from './generated/types.js';
export type { PresetConfig, PresetDraft } from './generated/types.js';
export type * from './core/types.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_DEPTH, type BodyLimits } from './body/body-limits.js';
export { DEFAULT_MAX_OBJECT_SHAPES } from './body/body-cost.js';
export { checkJsonDepth } from './body/json-depth.js';
export { bodyIssueMessages } from './core/errors.js';
export { readBearerToken } from './http/bearer-token.js';
export { createModelFilter, type ModelFilterLists } from './core/router-patterns.js';
export { maskSecret, maskDestination } from './core/secret-scan-loader.js';
export {
  SECRET_NAME_WORDS,
  DESCRIBING_NAME_WORDS,
  DECLARED_SECRET_NAMES,
  HEADER_NAME_WORDS,
  MASKED_SECRET_PATTERN,
} from '../schemas/masked-secret.js';

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
  rootNames,
  type RootName,
  type RootTypes,
  type ValidationResult,
} from './validators.js';
export type { StandardSchemaV1 } from './standard-schema.js';
export {
  errorBody,
  issuesFromAjv,
  statusMessages,
  MAX_ISSUES,
  type ErrorBody,
  type ErrorStatus,
  type Issue,
} from './errors.js';
export { normalizePresetRequest, presetConfigKeys } from './normalize.js';
export {
  operations,
  operationIds,
  badParamStatus,
  type Operation,
  type OperationId,
  type AuthRequirement,
} from './operations.js';
export { parseJsonBody } from './json-body.js';
export type { MessagesRequest } from '../schemas/messages-request.js';
export type { PresetConfig, PresetDraft } from '../schemas/preset-config.js';
export type * from './types.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_DEPTH, type BodyLimits } from './body-limits.js';
export { checkJsonDepth } from './json-depth.js';
export { bodyIssueMessages } from './errors.js';
export { readBearerToken } from './bearer-token.js';
export { createModelFilter, type ModelFilterLists } from './router-patterns.js';
export { maskSecret, maskDestination } from './masking.js';
export { SECRET_CONFIG_FIELDS, MASKED_SECRET_PATTERN } from '../schemas/masked-secret.js';

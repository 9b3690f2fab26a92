import type { PresetConfig } from '../generated/types.js';
import {
  errorResponse,
  messagesRequest,
  modelEndpointsResponse,
  observabilityDestinationResponse,
  presetConfig,
  presetResponse,
  presetVersionResponse,
  providersResponse,
} from '../generated/validators.js';
import {
  errorResponse as errorResponseStrict,
  messagesRequest as messagesRequestStrict,
  modelEndpointsResponse as modelEndpointsResponseStrict,
  observabilityDestinationResponse as observabilityDestinationResponseStrict,
  presetResponse as presetResponseStrict,
  presetVersionResponse as presetVersionResponseStrict,
  providersResponse as providersResponseStrict,
} from '../generated/validators-strict.js';
import type { OperationId } from './operations.js';
import { useImportedDefaultProfile } from './imported-profile.js';
import type { RootName, RootTypes, ValidationResult } from './roots.js';
import { unmaskedSecretMessage } from './secret-scan.js';
import {
  importedGuard,
  validate as validateLoaded,
  validateParams as validateParamsLoaded,
  type Guard,
  type ValidateOptions,
} from './validators.js';

/**
 * The guards and `validate` of the main entry for a runtime that cannot load on first use (workerd, a browser;
 * index-preloaded.ts): each guard over its root's verdict imported by name, which the bundle sends to that root's
 * file alone (build/bundle.ts), and each pure, so a bundler keeps the roots a program uses and drops the rest
 * (contract: every-entry-alone).
 */

const scan = { unmaskedSecretMessage };

export const validateMessagesRequest = /* @__PURE__ */ importedGuard('messages-request', messagesRequest);
export const validatePresetResponse = /* @__PURE__ */ importedGuard('preset-response', presetResponse);
export const validatePresetVersionResponse = /* @__PURE__ */ importedGuard(
  'preset-version-response',
  presetVersionResponse,
);
export const validateModelEndpointsResponse = /* @__PURE__ */ importedGuard(
  'model-endpoints-response',
  modelEndpointsResponse,
);
export const validateObservabilityDestinationResponse = /* @__PURE__ */ importedGuard(
  'observability-destination-response',
  observabilityDestinationResponse,
  'default',
  scan,
);
export const validateProvidersResponse = /* @__PURE__ */ importedGuard(
  'providers-response',
  providersResponse,
);
export const validateErrorResponse = /* @__PURE__ */ importedGuard('error-response', errorResponse);
export const validateMessagesRequestStrict = /* @__PURE__ */ importedGuard(
  'messages-request',
  messagesRequestStrict,
  'strict',
);
export const validatePresetResponseStrict = /* @__PURE__ */ importedGuard(
  'preset-response',
  presetResponseStrict,
  'strict',
);
export const validatePresetVersionResponseStrict = /* @__PURE__ */ importedGuard(
  'preset-version-response',
  presetVersionResponseStrict,
  'strict',
);
export const validateModelEndpointsResponseStrict = /* @__PURE__ */ importedGuard(
  'model-endpoints-response',
  modelEndpointsResponseStrict,
  'strict',
);
export const validateObservabilityDestinationResponseStrict = /* @__PURE__ */ importedGuard(
  'observability-destination-response',
  observabilityDestinationResponseStrict,
  'strict',
  scan,
);
export const validateProvidersResponseStrict = /* @__PURE__ */ importedGuard(
  'providers-response',
  providersResponseStrict,
  'strict',
);
export const validateErrorResponseStrict = /* @__PURE__ */ importedGuard(
  'error-response',
  errorResponseStrict,
  'strict',
);
/** Checks a saved preset config, e.g. one read back from a store. */
export const validatePresetConfig = presetConfig as Guard<PresetConfig>;

/** `validate` of any root by name: the default profile imported whole, on the first call. */
export function validate<N extends RootName>(
  name: N,
  value: unknown,
  options?: ValidateOptions,
): ValidationResult<RootTypes[N]> {
  useImportedDefaultProfile();
  return validateLoaded(name, value, options);
}

/** `validateParams` of any operation: the default profile imported whole, on the first call. */
export function validateParams(
  operationId: OperationId,
  params: unknown,
): ValidationResult<Record<string, string>> {
  useImportedDefaultProfile();
  return validateParamsLoaded(operationId, params);
}

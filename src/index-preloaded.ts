/**
 * The main entry for a runtime that cannot load a module synchronously (Cloudflare's workerd, a browser; the
 * package's `default` condition): the same exports as index.ts, but each guard over its root's verdict imported
 * by name and `validate` over the default profile imported whole (core/imported-validators.ts), and the body
 * guards and the secret scan imported rather than loaded on first use. Nothing runs at import, so a bundler keeps
 * what a program uses: `parseJsonBody` and `validateMessagesRequest` carry that root's verdict alone. The strict
 * profile is imported by `loadProfile('strict')`, in a program that calls it.
 */
export * from './index.js';
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
} from './core/imported-validators.js';
export { loadImportedProfile as loadProfile } from './core/imported-profile.js';
export { parseJsonBody } from './body/json-body.js';
export { maskDestination, maskSecret } from './core/secret-scan.js';

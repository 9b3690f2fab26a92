/**
 * The code of the secret rule that reads values (contract: secret-masking): the search of a destination's config
 * for unmasked secrets and the masking of one, with the scan of strings for a URL's secret parts they share. The
 * main entry loads it on first use (secret-scan-loader.ts).
 */
export { unmaskedSecretMessage } from './secret-fields.js';
export { maskDestination, maskSecret } from './masking.js';

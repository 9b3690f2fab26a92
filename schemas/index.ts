/*
 * The schema objects, on their own entry point (`gateway-contract/schemas`) so that validating, which needs
 * only the precompiled code, never loads them.
 */
export { rootSchemas, innerSchemas } from './roots.js';
export { operationSchemas, type OperationSchemas } from './operation-schemas.js';
export { messagesRequest } from './messages-request.js';
export { presetConfig, presetDraft } from './preset-config.js';
export type { MessagesRequest, PresetConfig, PresetDraft } from './types.js';

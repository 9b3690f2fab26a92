import {
  bashServerToolConfig,
  datetimeServerToolConfig,
  imageGenerationServerToolConfig,
  searchModelsServerToolConfig,
  shellServerToolConfig,
  toolSearchServerToolConfig,
  webFetchServerToolConfig,
  webSearchServerToolConfig,
} from './server-tool-config.js';

/**
 * `tools`: the server tools the service itself runs, `{ type: 'service:<name>', parameters? }`. The `service:`
 * prefix is the one the interface gives for `service:web_search` and `service:web_fetch`; the other names and
 * every shape come from the public API.
 */

export const bashServerTool = {
  type: 'object',
  description: 'Runs shell commands in a sandboxed container (bash).',
  required: ['type'],
  properties: { type: { enum: ['service:bash'] }, parameters: bashServerToolConfig },
} as const;

export const datetimeServerTool = {
  type: 'object',
  description: 'Returns the current date and time.',
  required: ['type'],
  properties: { type: { enum: ['service:datetime'] }, parameters: datetimeServerToolConfig },
} as const;

export const imageGenerationServerTool = {
  type: 'object',
  description: 'Generates images from text prompts with an image generation model.',
  required: ['type'],
  properties: { type: { enum: ['service:image_generation'] }, parameters: imageGenerationServerToolConfig },
} as const;

export const searchModelsServerTool = {
  type: 'object',
  description: 'Searches and filters the models the service offers (experimental).',
  required: ['type'],
  properties: {
    type: { enum: ['service:experimental__search_models'] },
    parameters: searchModelsServerToolConfig,
  },
} as const;

export const webFetchServerTool = {
  type: 'object',
  description: 'Fetches the full content of a URL (web page or PDF).',
  required: ['type'],
  properties: { type: { enum: ['service:web_fetch'] }, parameters: webFetchServerToolConfig },
} as const;

export const webSearchServerTool = {
  type: 'object',
  description: 'Searches the web for current information.',
  required: ['type'],
  properties: { type: { enum: ['service:web_search'] }, parameters: webSearchServerToolConfig },
} as const;

export const shellServerTool = {
  type: 'object',
  description: 'Runs shell commands in a sandboxed container (hosted-shell style).',
  required: ['type'],
  properties: { type: { enum: ['service:shell'] }, parameters: shellServerToolConfig },
} as const;

export const toolSearchServerTool = {
  type: 'object',
  description: 'Finds the tools marked `defer_loading` and makes them callable.',
  required: ['type'],
  properties: { type: { enum: ['service:tool_search'] }, parameters: toolSearchServerToolConfig },
} as const;

/** The service-provided server tools, one arm each. */
export const serverTools = [
  bashServerTool,
  datetimeServerTool,
  imageGenerationServerTool,
  searchModelsServerTool,
  webFetchServerTool,
  webSearchServerTool,
  shellServerTool,
  toolSearchServerTool,
] as const;

import { fusionPlugin } from './fusion-plugin.js';
import { pluginEnabled } from './plugin-enabled.js';
import { autoBetaRouterPlugin, autoRouterPlugin, paretoRouterPlugin } from './router-plugin.js';
import { taggedUnion } from './tagged-union.js';
import { webFetchPlugin, webSearchPlugin } from './web-plugin.js';

/** The public API's ContextCompressionEngine (the interface leaves the values to it). */
export const contextCompressionPlugin = {
  type: 'object',
  description: 'Compresses the prompt when it exceeds the context window.',
  required: ['id'],
  properties: {
    id: { enum: ['context-compression'] },
    enabled: pluginEnabled,
    engine: { enum: ['middle-out'], description: 'The compression engine; `middle-out` when omitted.' },
  },
} as const;

/** The public API's PDFParserOptions; its two engine lists are merged into one enum. */
export const pdfParserOptions = {
  type: 'object',
  description: 'Options for parsing PDF files.',
  properties: {
    engine: {
      enum: ['mistral-ocr', 'native', 'cloudflare-ai', 'pdf-text'],
      description:
        'The engine that parses PDF files. `pdf-text` is deprecated and redirected to `cloudflare-ai`.',
    },
  },
} as const;

export const fileParserPlugin = {
  type: 'object',
  description: 'Parses files (PDFs) attached to the request.',
  required: ['id'],
  properties: {
    id: { enum: ['file-parser'] },
    enabled: pluginEnabled,
    pdf: pdfParserOptions,
  },
} as const;

/** No further fields; `enabled` applies to every plugin even though the public API omits it here. */
export const moderationPlugin = {
  type: 'object',
  description: 'Moderates the request.',
  required: ['id'],
  properties: {
    id: { enum: ['moderation'] },
    enabled: pluginEnabled,
  },
} as const;

export const responseHealingPlugin = {
  type: 'object',
  description: 'Repairs malformed JSON in the response.',
  required: ['id'],
  properties: {
    id: { enum: ['response-healing'] },
    enabled: pluginEnabled,
  },
} as const;

const pluginBranches = [
  autoRouterPlugin,
  autoBetaRouterPlugin,
  contextCompressionPlugin,
  fileParserPlugin,
  fusionPlugin,
  moderationPlugin,
  paretoRouterPlugin,
  responseHealingPlugin,
  webSearchPlugin,
  webFetchPlugin,
] as const;

/**
 * One item of `plugins` (docs/contract.md#plugins), discriminated on `id`; an unknown id fails with the
 * allowed ids named.
 */
export const plugin = taggedUnion(
  'id',
  pluginBranches,
  'A plugin to run for the request, selected by `id`, with its settings.',
);

/** The plugin ids, a closed list, in the order of the union. */
export const pluginIds = plugin.properties.id.enum;

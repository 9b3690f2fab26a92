import { cacheControl, nonNegativeInteger, nullableStringArray } from './shared.js';
import { webSearchUserLocation } from './user-location.js';

/**
 * `tools`: the tool kinds whose `type` carries a date (docs/contract.md#versioning), each with the one `name`
 * it must use. Shapes the interface leaves out (user_location, allowed_callers, the tool-search kinds) come
 * from the public API.
 */

/** The callers allowed to invoke a tool: direct model calls or a code-execution tool version. */
export const allowedCallers = {
  type: 'array',
  description: 'Who may call this tool: `direct` (the model) or a code-execution tool version.',
  items: { enum: ['direct', 'code_execution_20250825', 'code_execution_20260120'] },
} as const;

export const bashTool = {
  type: 'object',
  description: 'The client-run bash tool.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['bash_20250124'] },
    name: { enum: ['bash'] },
    cache_control: cacheControl,
  },
} as const;

export const textEditorTool = {
  type: 'object',
  description: 'The client-run text editor tool.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['text_editor_20250124'] },
    name: { enum: ['str_replace_editor'] },
    cache_control: cacheControl,
  },
} as const;

const webSearchProperties = {
  name: { enum: ['web_search'] },
  allowed_domains: { ...nullableStringArray, description: 'Only include results from these domains.' },
  blocked_domains: { ...nullableStringArray, description: 'Never include results from these domains.' },
  max_uses: {
    ...nonNegativeInteger,
    type: ['integer', 'null'],
    description: 'Maximum number of searches in one request.',
  },
  user_location: webSearchUserLocation,
  cache_control: cacheControl,
} as const;

export const webSearchTool20250305 = {
  type: 'object',
  description: 'Web search run by the model provider, version 2025-03-05.',
  required: ['type', 'name'],
  properties: { type: { enum: ['web_search_20250305'] }, ...webSearchProperties },
} as const;

export const webSearchTool20260209 = {
  type: 'object',
  description: 'Web search run by the model provider, version 2026-02-09.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['web_search_20260209'] },
    ...webSearchProperties,
    allowed_callers: allowedCallers,
  },
} as const;

export const advisorTool = {
  type: 'object',
  description: 'Lets the model consult a second, advisor model.',
  required: ['type', 'name', 'model'],
  properties: {
    type: { enum: ['advisor_20260301'] },
    name: { enum: ['advisor'] },
    model: { type: 'string', description: 'Model id of the advisor.' },
    allowed_callers: allowedCallers,
    cache_control: cacheControl,
    caching: {
      ...cacheControl,
      type: ['object', 'null'],
      description: 'Prompt caching directive for the advisor calls, or null.',
    },
    defer_loading: { type: 'boolean', description: 'Load the tool only when a tool search finds it.' },
    max_uses: { ...nonNegativeInteger, description: 'Maximum number of advisor calls in one request.' },
  },
} as const;

const toolSearchProperties = {
  allowed_callers: allowedCallers,
  cache_control: cacheControl,
  defer_loading: { type: 'boolean' },
  strict: { type: 'boolean' },
} as const;

/** Tool search over the tools marked `defer_loading`, by BM25 ranking. Both spellings of `type` are accepted. */
export const toolSearchToolBm25 = {
  type: 'object',
  description: 'Finds deferred tools by BM25 ranking of a natural-language query.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['tool_search_tool_bm25_20251119', 'tool_search_tool_bm25'] },
    name: { enum: ['tool_search_tool_bm25'] },
    ...toolSearchProperties,
  },
} as const;

/** Tool search over the tools marked `defer_loading`, by regular expression. */
export const toolSearchToolRegex = {
  type: 'object',
  description: 'Finds deferred tools by matching a regular expression against their names and descriptions.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['tool_search_tool_regex_20251119', 'tool_search_tool_regex'] },
    name: { enum: ['tool_search_tool_regex'] },
    ...toolSearchProperties,
  },
} as const;

import { cacheControl, freeFormObject } from './shared.js';
import { toolInput } from './tool-use-block.js';

/*
 * The `server_tool_use` block and the result blocks of server-run tools, replayed from an earlier assistant
 * turn: `web_search_tool_result` and the advisor, shell and bash results (contract: public-names).
 */

/**
 * The `server_tool_use` block: a call of a server tool (such as web search). The interface requires `id` and
 * `name`; `input` and `cache_control` come from the public API.
 */
export const serverToolUseBlock = {
  type: 'object',
  description: 'A call of a server-run tool from an earlier assistant turn.',
  required: ['type', 'id', 'name'],
  properties: {
    type: { enum: ['server_tool_use'] },
    id: {
      type: 'string',
      description: 'Id of the call; the matching result block carries it as `tool_use_id`.',
    },
    name: { type: 'string', description: 'Name of the server tool called.' },
    input: toolInput,
    cache_control: cacheControl,
  },
} as const;

const toolUseId = {
  type: 'string',
  description: 'Id of the server_tool_use block this result answers.',
} as const;

/** One result of a server-side web search; inner shape from the public API. */
export const webSearchResult = {
  type: 'object',
  description: 'One page found by a web search, as returned by the search tool.',
  required: ['type', 'encrypted_content', 'title', 'url'],
  properties: {
    type: { enum: ['web_search_result'] },
    encrypted_content: { type: 'string', description: 'Opaque page content, replayed as returned.' },
    title: { type: 'string' },
    url: { type: 'string' },
    page_age: { type: ['string', 'null'], description: 'How old the page is, as the search reported it.' },
  },
} as const;

/** The error codes of a failed web search, a closed list. */
export const webSearchErrorCode = {
  enum: ['invalid_tool_input', 'unavailable', 'max_uses_exceeded', 'too_many_requests', 'query_too_long'],
} as const;

/** The error object a failed web search returns in place of its results. */
export const webSearchToolResultError = {
  type: 'object',
  required: ['type', 'error_code'],
  properties: {
    type: { enum: ['web_search_tool_result_error'] },
    error_code: webSearchErrorCode,
  },
} as const;

/** The `web_search_tool_result` block: the outcome of a server-side web search. */
export const webSearchToolResultBlock = {
  type: 'object',
  description: 'The results of a server-side web search, or the error it ended with.',
  required: ['type', 'tool_use_id', 'content'],
  properties: {
    type: { enum: ['web_search_tool_result'] },
    tool_use_id: toolUseId,
    // An array of results or the error object: one type list with the array and object keywords beside
    // each other, so a bad result or error code is reported at its own path rather than once per branch.
    content: {
      type: ['array', 'object'],
      description: 'The search results, or an error object (`type` = `web_search_tool_result_error`).',
      items: webSearchResult,
      required: webSearchToolResultError.required,
      properties: webSearchToolResultError.properties,
    },
    cache_control: cacheControl,
  },
} as const;

/*
 * Result blocks of other server-run tools, named as the public API names them (contract: public-names): the
 * advisor's (`advisor_tool_result`), the service shell's (`openrouter_shell_tool_result`) and the service bash
 * sandbox's (`openrouter_bash_tool_result`). Their `content` is free-form in every profile
 * (contract: unknown-properties).
 */

export const advisorToolResultBlock = {
  type: 'object',
  description: 'The result of an `advisor_20260301` tool call from an earlier assistant turn.',
  required: ['type', 'tool_use_id', 'content'],
  properties: {
    type: { enum: ['advisor_tool_result'] },
    tool_use_id: toolUseId,
    content: { ...freeFormObject, description: 'The advisor output as returned (free-form object).' },
  },
} as const;

export const shellToolResultBlock = {
  type: 'object',
  description:
    'The output of a service shell call from an earlier turn; accepted on replay, not sent upstream.',
  required: ['type', 'tool_use_id', 'content'],
  properties: {
    type: { enum: ['openrouter_shell_tool_result'] },
    tool_use_id: toolUseId,
    content: { ...freeFormObject, description: 'The shell output as returned (free-form object).' },
  },
} as const;

export const bashToolResultBlock = {
  type: 'object',
  description:
    'The output of a service bash sandbox call from an earlier turn; accepted on replay, not sent upstream.',
  required: ['type', 'tool_use_id', 'content'],
  properties: {
    type: { enum: ['openrouter_bash_tool_result'] },
    tool_use_id: toolUseId,
    content: { ...freeFormObject, description: 'The command output as returned (free-form object).' },
  },
} as const;

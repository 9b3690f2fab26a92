import { documentBlock } from './document-block.js';
import { mediaBlocks } from './media-blocks.js';
import { searchResultBlock } from './search-result.js';
import { cacheControl } from './shared.js';
import { taggedUnion } from './tagged-union.js';
import { textBlock } from './text-block.js';

/*
 * The `tool_use` and `tool_result` blocks (contract: messages): a call of a client tool and the result the
 * caller sends back.
 */

/** The arguments of a tool call are free-form in every profile: any JSON value. */
export const toolInput = {
  description: 'The arguments the model passed to the tool; any JSON value (free-form).',
} as const;

/** The `tool_use` block: a call of a client tool made by the model in an earlier turn. */
export const toolUseBlock = {
  type: 'object',
  description: 'A call of a client tool from an earlier assistant turn.',
  required: ['type', 'id', 'name'],
  properties: {
    type: { enum: ['tool_use'] },
    id: {
      type: 'string',
      description: 'Id of the call; the matching tool_result carries it as `tool_use_id`.',
    },
    name: { type: 'string', description: 'Name of the tool called.' },
    input: toolInput,
    cache_control: cacheControl,
  },
} as const;

/** The `tool_reference` block: names a tool; allowed only inside a tool_result's content. */
export const toolReferenceBlock = {
  type: 'object',
  description: 'A reference to a tool by name (for example, one found by tool search).',
  required: ['type', 'tool_name'],
  properties: {
    type: { enum: ['tool_reference'] },
    tool_name: { type: 'string' },
  },
} as const;

const toolResultContentBranches = [
  textBlock,
  ...mediaBlocks,
  toolReferenceBlock,
  searchResultBlock,
  documentBlock,
] as const;

/**
 * An inner block of a tool_result's content. The public API lists the kinds as a plain `anyOf`; their `type`
 * values are distinct, so this is a discriminated union, naming the allowed kinds when a tag is unknown.
 */
export const toolResultContentBlock = taggedUnion('type', toolResultContentBranches);

/** The `type` values of the branches, derived from them (so no list is written twice). */
export const toolResultContentTypes = toolResultContentBlock.properties.type.enum;

/** The `tool_result` block: the outcome of a client tool call, sent back by the caller. */
export const toolResultBlock = {
  type: 'object',
  description: 'The result of a tool call: text, or an array of blocks, optionally flagged as an error.',
  required: ['type', 'tool_use_id'],
  properties: {
    type: { enum: ['tool_result'] },
    tool_use_id: { type: 'string', description: 'Id of the tool_use block this result answers.' },
    // String or array: one type list, so a bad inner block is reported at its own path.
    content: { type: ['string', 'array'], items: toolResultContentBlock },
    is_error: { type: 'boolean', description: 'True when the tool call failed and `content` describes why.' },
    cache_control: cacheControl,
  },
} as const;

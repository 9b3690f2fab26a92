import { cacheControl } from './shared.js';
import { taggedUnion } from './tagged-union.js';

/**
 * The `tool_addition` and `tool_removal` blocks, named as the public API names them: load a deferred tool, or
 * drop a tool, mid-conversation without invalidating the prompt cache. The public API marks them valid in
 * `system` messages only; that is left to the upstream provider, not checked here. Inner shapes from the public
 * API (the interface does not show them).
 */

const toolReference = {
  type: 'object',
  description: 'A client tool declared in `tools`, by name.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['tool_reference'] },
    name: { type: 'string' },
  },
} as const;

const mcpToolReference = {
  type: 'object',
  description: 'One tool of an MCP server, by server and tool name.',
  required: ['type', 'name', 'server_name'],
  properties: {
    type: { enum: ['mcp_tool_reference'] },
    name: { type: 'string' },
    server_name: { type: 'string' },
  },
} as const;

const mcpToolsetReference = {
  type: 'object',
  description: 'All tools of an MCP server, by server name.',
  required: ['type', 'server_name'],
  properties: {
    type: { enum: ['mcp_toolset_reference'] },
    server_name: { type: 'string' },
  },
} as const;

const changedToolBranches = [toolReference, mcpToolReference, mcpToolsetReference] as const;

/**
 * The tool a change applies to. The public API lists the kinds as a plain `oneOf`; discriminated here, so an
 * unknown kind fails with the allowed kinds named.
 */
export const changedTool = taggedUnion('type', changedToolBranches);

/** The `type` values of the branches, derived from them (so no list is written twice). */
export const changedToolTypes = changedTool.properties.type.enum;

export const toolAdditionBlock = {
  type: 'object',
  description: 'Loads a tool declared with `defer_loading: true` mid-conversation. Valid in system messages.',
  required: ['type', 'tool'],
  properties: {
    type: { enum: ['tool_addition'] },
    tool: changedTool,
    cache_control: cacheControl,
  },
} as const;

export const toolRemovalBlock = {
  type: 'object',
  description: 'Removes a tool mid-conversation. Valid in system messages.',
  required: ['type', 'tool'],
  properties: {
    type: { enum: ['tool_removal'] },
    tool: changedTool,
    cache_control: cacheControl,
  },
} as const;

import { safeInteger } from './shared.js';
import { taggedUnion } from './tagged-union.js';

export const stepCountIs = {
  type: 'object',
  description: 'Stop after the agent loop has executed this many steps.',
  required: ['type', 'step_count'],
  properties: {
    type: { enum: ['step_count_is'] },
    step_count: safeInteger,
  },
} as const;

export const hasToolCall = {
  type: 'object',
  description: 'Stop after a tool with this name has been called.',
  required: ['type', 'tool_name'],
  properties: {
    type: { enum: ['has_tool_call'] },
    tool_name: { type: 'string', minLength: 1 },
  },
} as const;

export const maxTokensUsed = {
  type: 'object',
  description: 'Stop once the tokens used across the loop exceed this threshold.',
  required: ['type', 'max_tokens'],
  properties: {
    type: { enum: ['max_tokens_used'] },
    max_tokens: safeInteger,
  },
} as const;

export const maxCost = {
  type: 'object',
  description: 'Stop once the cost across the loop exceeds this many US dollars.',
  required: ['type', 'max_cost_in_dollars'],
  properties: {
    type: { enum: ['max_cost'] },
    max_cost_in_dollars: { type: 'number' },
  },
} as const;

export const finishReasonIs = {
  type: 'object',
  description: 'Stop when the upstream model emits this finish reason (for example `length`).',
  required: ['type', 'reason'],
  properties: {
    type: { enum: ['finish_reason_is'] },
    reason: { type: 'string', minLength: 1 },
  },
} as const;

/**
 * The public API's StopServerToolsWhenCondition, discriminated on `type` as the public API does; an unknown
 * kind fails with the allowed kinds named.
 */
export const stopServerToolsWhenCondition = taggedUnion(
  'type',
  [stepCountIs, hasToolCall, maxTokensUsed, maxCost, finishReasonIs],
  'A condition that, when met, halts the server-tool agent loop.',
);

/** The condition kinds, a closed list, in the order of the union. */
export const stopConditionTypes = stopServerToolsWhenCondition.properties.type.enum;

/** `stop_server_tools_when` (the public API's StopServerToolsWhen). */
export const stopServerToolsWhen = {
  type: 'array',
  minItems: 1,
  items: stopServerToolsWhenCondition,
  description:
    'Stop conditions of the server-tool agent loop; any one firing halts it. Overrides `max_tool_calls`. Pending tool calls still run, then one final turn without tools.',
} as const;

import { nonNegativeInteger, nullableStringArray } from './shared.js';
import { taggedUnion } from './tagged-union.js';

/**
 * `context_management` (docs/contract.md#context-management): edits applied to the conversation context
 * before the model sees it, each edit of one kind by `type`, a closed list. Counts are safe integers of
 * at least 0.
 */

export const inputTokensAmount = {
  type: 'object',
  description: 'A number of input tokens.',
  required: ['type', 'value'],
  properties: { type: { enum: ['input_tokens'] }, value: nonNegativeInteger },
} as const;

export const toolUsesAmount = {
  type: 'object',
  description: 'A number of tool uses.',
  required: ['type', 'value'],
  properties: { type: { enum: ['tool_uses'] }, value: nonNegativeInteger },
} as const;

const triggerForms = [inputTokensAmount, toolUsesAmount] as const;

/** When `clear_tool_uses` starts clearing: past an input-token count or a tool-use count. */
export const clearToolUsesTrigger = taggedUnion(
  'type',
  triggerForms,
  'Clearing starts once the context holds more than this many input tokens or tool uses.',
);

export const clearToolUsesEdit = {
  type: 'object',
  description: 'Clears old tool uses and their results from the context.',
  required: ['type'],
  properties: {
    type: { enum: ['clear_tool_uses_20250919'] },
    clear_at_least: {
      ...inputTokensAmount,
      type: ['object', 'null'],
      description: 'Clear at least this many input tokens each time, or null.',
    },
    clear_tool_inputs: {
      type: ['boolean', 'array', 'null'],
      items: { type: 'string' },
      description: 'Also clear tool inputs: all (true), none (false), or those of the named tools.',
    },
    exclude_tools: { ...nullableStringArray, description: 'Names of tools whose uses are never cleared.' },
    keep: { ...toolUsesAmount, description: 'Number of most recent tool uses to keep.' },
    trigger: clearToolUsesTrigger,
  },
} as const;

export const thinkingTurnsAmount = {
  type: 'object',
  description: 'Keep the thinking of this many most recent assistant turns.',
  required: ['type', 'value'],
  properties: { type: { enum: ['thinking_turns'] }, value: nonNegativeInteger },
} as const;

export const keepAllThinking = {
  type: 'object',
  description: 'Keep all thinking.',
  required: ['type'],
  properties: { type: { enum: ['all'] } },
} as const;

const keepThinkingForms = [thinkingTurnsAmount, keepAllThinking] as const;

export const clearThinkingEdit = {
  type: 'object',
  description: 'Clears thinking blocks of earlier turns from the context.',
  required: ['type'],
  properties: {
    type: { enum: ['clear_thinking_20251015'] },
    keep: {
      description: 'Thinking to keep: `{type: thinking_turns, value}`, `{type: all}`, or the string `all`.',
      anyOf: [taggedUnion('type', keepThinkingForms), { enum: ['all'] }],
    },
  },
} as const;

export const compactEdit = {
  type: 'object',
  description: 'Replaces earlier context with a summary once it grows past the trigger.',
  required: ['type'],
  properties: {
    type: { enum: ['compact_20260112'] },
    instructions: { type: ['string', 'null'], description: 'Instructions for writing the summary, or null.' },
    pause_after_compaction: {
      type: 'boolean',
      description: 'Stop after compacting and return the summary before continuing.',
    },
    trigger: {
      ...inputTokensAmount,
      type: ['object', 'null'],
      description:
        'Compact once the context holds more than this many input tokens, or null for the default.',
    },
  },
} as const;

const contextEditKinds = [clearToolUsesEdit, clearThinkingEdit, compactEdit] as const;

/** One context edit, selected by `type`; an unknown kind fails with the allowed kinds named. */
export const contextEdit = taggedUnion('type', contextEditKinds);

export const contextManagement = {
  type: ['object', 'null'],
  description: 'Context edits applied before the model sees the conversation, or null.',
  properties: {
    edits: { type: 'array', description: 'Edits, applied in order.', items: contextEdit },
  },
} as const;

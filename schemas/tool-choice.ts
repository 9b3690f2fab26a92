import { taggedUnion } from './tagged-union.js';

/** `tool_choice` (docs/contract.md#tool-choice): how the model may use the tools, one form by `type`. */

const disableParallelToolUse = {
  type: 'boolean',
  description: 'When true, the model calls at most one tool per turn.',
} as const;

export const autoToolChoice = {
  type: 'object',
  description: 'The model decides whether to call a tool.',
  required: ['type'],
  properties: { type: { enum: ['auto'] }, disable_parallel_tool_use: disableParallelToolUse },
} as const;

export const anyToolChoice = {
  type: 'object',
  description: 'The model must call one of the tools.',
  required: ['type'],
  properties: { type: { enum: ['any'] }, disable_parallel_tool_use: disableParallelToolUse },
} as const;

export const noneToolChoice = {
  type: 'object',
  description: 'The model must not call a tool.',
  required: ['type'],
  properties: { type: { enum: ['none'] } },
} as const;

export const namedToolChoice = {
  type: 'object',
  description: 'The model must call the tool named by `name`.',
  required: ['type', 'name'],
  properties: {
    type: { enum: ['tool'] },
    name: { type: 'string', description: 'Name of the tool to call.' },
    disable_parallel_tool_use: disableParallelToolUse,
  },
} as const;

const toolChoiceForms = [autoToolChoice, anyToolChoice, noneToolChoice, namedToolChoice] as const;

export const toolChoice = taggedUnion(
  'type',
  toolChoiceForms,
  'How the model may use the tools: `auto`, `any`, `none`, or one named `tool`.',
);

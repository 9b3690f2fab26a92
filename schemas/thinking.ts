import { positiveInteger } from './shared.js';
import { taggedUnion } from './tagged-union.js';

/** `thinking` (docs/contract.md#thinking): extended thinking, one form by `type`, a closed list. */

/** How thinking is returned; the public API's values. */
export const thinkingDisplay = {
  enum: ['summarized', 'omitted', null],
  description: 'How thinking is returned: `summarized`, `omitted`, or null for the model default.',
} as const;

export const enabledThinking = {
  type: 'object',
  description: 'Thinking on, with a token budget.',
  required: ['type', 'budget_tokens'],
  properties: {
    type: { enum: ['enabled'] },
    // A safe integer of at least 1 (contract: numbers).
    budget_tokens: {
      ...positiveInteger,
      description: 'Maximum tokens the model may spend thinking.',
    },
    display: thinkingDisplay,
  },
} as const;

export const disabledThinking = {
  type: 'object',
  description: 'Thinking off.',
  required: ['type'],
  properties: { type: { enum: ['disabled'] } },
} as const;

export const adaptiveThinking = {
  type: 'object',
  description: 'The model decides whether and how much to think.',
  required: ['type'],
  properties: { type: { enum: ['adaptive'] }, display: thinkingDisplay },
} as const;

const thinkingForms = [enabledThinking, disabledThinking, adaptiveThinking] as const;

export const thinking = taggedUnion(
  'type',
  thinkingForms,
  'Extended thinking: `enabled` with a budget, `disabled`, or `adaptive`.',
);

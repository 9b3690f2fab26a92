/** The `thinking` block: the model's reasoning from an earlier turn, replayed with its signature. */
export const thinkingBlock = {
  type: 'object',
  description: 'Reasoning from an earlier assistant turn, replayed as returned.',
  required: ['type', 'thinking', 'signature'],
  properties: {
    type: { enum: ['thinking'] },
    thinking: { type: 'string' },
    signature: { type: 'string', description: 'Opaque signature that vouches for the reasoning text.' },
  },
} as const;

/** The `redacted_thinking` block: reasoning returned only in encrypted form. */
export const redactedThinkingBlock = {
  type: 'object',
  description: 'Reasoning from an earlier assistant turn that was returned encrypted, replayed as returned.',
  required: ['type', 'data'],
  properties: {
    type: { enum: ['redacted_thinking'] },
    data: { type: 'string', description: 'The encrypted reasoning.' },
  },
} as const;

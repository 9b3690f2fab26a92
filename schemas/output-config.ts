import { freeFormObject, safeInteger } from './shared.js';

/** `output_config` (docs/contract.md#output-config): effort, structured output format and task budget. */

/** A closed list: any other value is rejected. */
export const effort = {
  enum: ['low', 'medium', 'high', 'xhigh', 'max', null],
  description: 'How much effort the model puts into its response: `low` to `max`, or null for the default.',
} as const;

export const outputFormat = {
  type: ['object', 'null'],
  description: 'Structured output: the response follows this JSON Schema. Null for free text.',
  required: ['type', 'schema'],
  properties: {
    type: { enum: ['json_schema'] },
    // The caller's JSON Schema, free-form in every profile (contract: unknown-properties).
    schema: { ...freeFormObject, description: 'JSON Schema the response must follow.' },
  },
} as const;

export const taskBudget = {
  type: ['object', 'null'],
  description:
    'Token budget for an agentic turn; the model sees the tokens remaining and winds down in time. Advisory, not a hard cap.',
  required: ['type', 'total'],
  properties: {
    type: { enum: ['tokens'] },
    total: { ...safeInteger, minimum: 20000, description: 'Total tokens for the turn.' },
    remaining: {
      ...safeInteger,
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Tokens still available, or null.',
    },
  },
} as const;

export const outputConfig = {
  type: 'object',
  description: 'Output controls: effort, structured output format and task budget.',
  properties: { effort, format: outputFormat, task_budget: taskBudget },
} as const;

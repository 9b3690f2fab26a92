import { message } from './message.js';
import { modelsExcludeFallbacks, presetConfigProperties } from './preset-config.js';
import { textBlock } from './text-block.js';
import { trace } from './trace.js';

/**
 * The body of POST /presets/{slug}/messages, an inference request in the messages format
 * (docs/contract.md#create-preset).
 */
export const messagesRequest = {
  type: 'object',
  description:
    'An inference request in the messages format. Fields that overlap the preset config are saved; the rest are accepted and ignored.',
  required: ['model', 'messages'],
  properties: {
    ...presetConfigProperties,
    messages: { type: 'array', items: message },
    // String or array as one type list, not `anyOf`: no failed branch to build and throw away.
    system: {
      type: ['string', 'array'],
      description:
        'System prompt: a string, or text blocks whose texts are joined with a blank line when saved.',
      items: textBlock,
    },
    stream: { type: 'boolean' },
    metadata: {
      type: 'object',
      properties: { user_id: { type: ['string', 'null'] } },
    },
    session_id: {
      type: 'string',
      maxLength: 256,
      description:
        'Groups related requests and is the sticky-routing key. Wins over the `x-session-id` header.',
    },
    user: {
      type: 'string',
      maxLength: 256,
      description: 'End-user identifier.',
    },
    trace,
  },
  ...modelsExcludeFallbacks,
} as const;

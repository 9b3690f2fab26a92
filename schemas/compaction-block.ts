import { cacheControl } from './shared.js';

/**
 * The `compaction` content block: a summary that stands in for the earlier part of a compacted conversation.
 */
export const compactionBlock = {
  type: 'object',
  description: 'A summary of earlier turns, produced by context compaction and replayed as returned.',
  required: ['type', 'content'],
  properties: {
    type: { enum: ['compaction'] },
    content: { type: ['string', 'null'], description: 'The summary text, or null.' },
    encrypted_content: {
      type: ['string', 'null'],
      description: 'Opaque compacted state, replayed as returned.',
    },
    cache_control: cacheControl,
  },
} as const;

import { cacheControl } from './shared.js';
import { textBlock } from './text-block.js';

/**
 * The `search_result` block: results of a search the caller ran, for the model to read and cite. It is a
 * message content block and an inner block of tool_result. The interface does not show the inner shape; it
 * comes from the public API.
 */
export const searchResultBlock = {
  type: 'object',
  description: 'A search result the model can read and cite, with its source and title.',
  required: ['type', 'source', 'title', 'content'],
  properties: {
    type: { enum: ['search_result'] },
    source: { type: 'string', description: 'Where the result comes from (a URL or other identifier).' },
    title: { type: 'string' },
    content: { type: 'array', items: textBlock },
    citations: {
      type: 'object',
      description: 'Whether the model may cite this result.',
      properties: { enabled: { type: 'boolean' } },
    },
    cache_control: cacheControl,
  },
} as const;

import { compactionBlock } from './compaction-block.js';
import { documentBlock } from './document-block.js';
import { mediaBlocks } from './media-blocks.js';
import { searchResultBlock } from './search-result.js';
import {
  advisorToolResultBlock,
  bashToolResultBlock,
  serverToolUseBlock,
  shellToolResultBlock,
  webSearchToolResultBlock,
} from './server-tool-use-block.js';
import { taggedUnion } from './tagged-union.js';
import { textBlock } from './text-block.js';
import { redactedThinkingBlock, thinkingBlock } from './thinking-block.js';
import { toolAdditionBlock, toolRemovalBlock } from './tool-change-block.js';
import { toolResultBlock, toolUseBlock } from './tool-use-block.js';

const contentBlockBranches = [
  textBlock,
  ...mediaBlocks,
  documentBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
  serverToolUseBlock,
  webSearchToolResultBlock,
  searchResultBlock,
  compactionBlock,
  advisorToolResultBlock,
  toolAdditionBlock,
  toolRemovalBlock,
  shellToolResultBlock,
  bashToolResultBlock,
] as const;

/**
 * One block of a message's content, discriminated on `type`; an unknown kind fails with the allowed
 * kinds named. `tool_reference` is not a kind here: it is allowed only inside a tool_result's content.
 */
export const contentBlock = taggedUnion('type', contentBlockBranches);

/** The content block kinds, a closed list derived from the branches (contract: messages). */
export const contentBlockTypes = contentBlock.properties.type.enum;

/** A message (docs/contract.md#messages): a role and its content, a string or an array of content blocks. */
export const message = {
  type: 'object',
  description: 'One turn of the conversation.',
  required: ['role', 'content'],
  properties: {
    role: { enum: ['user', 'assistant', 'system'] }, // closed (contract: closed-lists)
    // String or array: one type list, so a bad block is reported at its own path (`/messages/0/content/0`).
    content: {
      type: ['string', 'array'],
      description: 'The text of the turn, or an array of content blocks.',
      items: contentBlock,
    },
  },
} as const;

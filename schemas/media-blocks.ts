import { imageBlock } from './image-block.js';

/**
 * The blocks allowed wherever an image is: a message's content (`contentBlock`), a tool result's content
 * (`toolResultContentBlock`) and a content document's (`contentDocumentSource`). Each of the three spreads this
 * one list, so a block added here is allowed in all three at once (contract: messages).
 */
export const mediaBlocks = [imageBlock] as const;

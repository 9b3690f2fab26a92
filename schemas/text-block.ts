import { cacheControl, safeInteger } from './shared.js';
import { taggedUnion } from './tagged-union.js';

/**
 * The `text` block: a message content block, an item of `system`, and an inner block of tool_result,
 * search_result and custom-content documents, with the citations it may carry. The interface leaves the inner
 * shape out; it comes from the public API. Citation indices and page numbers are plain safe integers: the
 * public API sets no bounds on them.
 */

const citedText = { type: 'string', description: 'The quoted source text.' } as const;
const documentIndex = { ...safeInteger, description: 'Index of the cited document in the request.' } as const;
const nullableTitle = { type: ['string', 'null'] } as const;

export const charLocationCitation = {
  type: 'object',
  description: 'A citation of a character range in a plain-text document.',
  required: ['type', 'cited_text', 'document_index', 'document_title', 'start_char_index', 'end_char_index'],
  properties: {
    type: { enum: ['char_location'] },
    cited_text: citedText,
    document_index: documentIndex,
    document_title: nullableTitle,
    start_char_index: safeInteger,
    end_char_index: safeInteger,
  },
} as const;

export const pageLocationCitation = {
  type: 'object',
  description: 'A citation of a page range in a PDF document.',
  required: [
    'type',
    'cited_text',
    'document_index',
    'document_title',
    'start_page_number',
    'end_page_number',
  ],
  properties: {
    type: { enum: ['page_location'] },
    cited_text: citedText,
    document_index: documentIndex,
    document_title: nullableTitle,
    start_page_number: safeInteger,
    end_page_number: safeInteger,
  },
} as const;

export const contentBlockLocationCitation = {
  type: 'object',
  description: 'A citation of a range of blocks in a custom-content document.',
  required: [
    'type',
    'cited_text',
    'document_index',
    'document_title',
    'start_block_index',
    'end_block_index',
  ],
  properties: {
    type: { enum: ['content_block_location'] },
    cited_text: citedText,
    document_index: documentIndex,
    document_title: nullableTitle,
    start_block_index: safeInteger,
    end_block_index: safeInteger,
  },
} as const;

export const webSearchResultLocationCitation = {
  type: 'object',
  description: 'A citation of a web search result.',
  required: ['type', 'cited_text', 'encrypted_index', 'title', 'url'],
  properties: {
    type: { enum: ['web_search_result_location'] },
    cited_text: citedText,
    encrypted_index: { type: 'string', description: 'Opaque reference to the cited passage, as returned.' },
    title: nullableTitle,
    url: { type: 'string' },
  },
} as const;

export const searchResultLocationCitation = {
  type: 'object',
  description: 'A citation of a range of blocks in a search_result block.',
  required: [
    'type',
    'cited_text',
    'search_result_index',
    'source',
    'title',
    'start_block_index',
    'end_block_index',
  ],
  properties: {
    type: { enum: ['search_result_location'] },
    cited_text: citedText,
    search_result_index: { ...safeInteger, description: 'Index of the cited search_result block.' },
    source: { type: 'string' },
    title: nullableTitle,
    start_block_index: safeInteger,
    end_block_index: safeInteger,
  },
} as const;

const citationBranches = [
  charLocationCitation,
  pageLocationCitation,
  contentBlockLocationCitation,
  webSearchResultLocationCitation,
  searchResultLocationCitation,
] as const;

/** One citation, discriminated on `type`; an unknown kind fails with the allowed kinds named. */
export const citation = taggedUnion('type', citationBranches);

/** The `type` values of the branches, derived from them (so no list is written twice). */
export const citationTypes = citation.properties.type.enum;

/** The `text` content block (see the top of this file). */
export const textBlock = {
  type: 'object',
  description: 'A block of text, optionally with citations of the documents or search results it draws on.',
  required: ['type', 'text'],
  properties: {
    type: { enum: ['text'] },
    text: { type: 'string' },
    citations: { type: ['array', 'null'], items: citation },
    cache_control: cacheControl,
  },
} as const;

import { mediaBlocks } from './media-blocks.js';
import { base64Source, urlSource } from './media-source.js';
import { cacheControl } from './shared.js';
import { taggedUnion } from './tagged-union.js';
import { textBlock } from './text-block.js';

/*
 * The `document` block and where its document comes from (contract: messages). The interface leaves the inner
 * shapes out; they come from the public API (contract: authority).
 */

export const base64PdfSource = base64Source(
  { enum: ['application/pdf'] },
  { source: 'A PDF sent inline, base64-encoded.', data: 'The base64-encoded PDF bytes.' },
);

export const plainTextSource = {
  type: 'object',
  description: 'A plain-text document sent inline.',
  required: ['type', 'media_type', 'data'],
  properties: {
    type: { enum: ['text'] },
    media_type: { enum: ['text/plain'] },
    data: { type: 'string' },
  },
} as const;

export const urlPdfSource = urlSource('A PDF fetched from a URL.');

export const fileDocumentSource = {
  type: 'object',
  description: 'A document previously uploaded through the files API, by id.',
  required: ['type', 'file_id'],
  properties: {
    type: { enum: ['file'] },
    file_id: { type: 'string' },
  },
} as const;

/** A custom-content document: a string, or text blocks and the blocks allowed wherever an image is (`mediaBlocks`). */
export const contentDocumentSource = {
  type: 'object',
  description: 'A document made of the given content; citations point at its blocks.',
  required: ['type', 'content'],
  properties: {
    type: { enum: ['content'] },
    // String or array: one type list, so a bad item is reported at its own path.
    content: {
      type: ['string', 'array'],
      items: taggedUnion('type', [textBlock, ...mediaBlocks]),
    },
  },
} as const;

const documentSourceBranches = [
  base64PdfSource,
  plainTextSource,
  contentDocumentSource,
  urlPdfSource,
  fileDocumentSource,
] as const;

/**
 * Where a document comes from. The public API lists its kinds as a plain `oneOf`; their `type`
 * values are distinct, so this is a discriminated union, naming the allowed kinds when a tag is unknown.
 */
export const documentSource = taggedUnion('type', documentSourceBranches);

/** The `type` values of the branches, derived from them (so no list is written twice). */
export const documentSourceTypes = documentSource.properties.type.enum;

/** The `document` content block: a document for the model to read. */
export const documentBlock = {
  type: 'object',
  description:
    'A document (PDF, plain text, custom content, URL or uploaded file) the model can read and cite.',
  required: ['type', 'source'],
  properties: {
    type: { enum: ['document'] },
    source: documentSource,
    title: { type: ['string', 'null'] },
    context: { type: ['string', 'null'], description: 'Context about the document, not itself cited.' },
    citations: {
      type: ['object', 'null'],
      description: 'Whether the model may cite this document.',
      properties: { enabled: { type: 'boolean' } },
    },
    cache_control: cacheControl,
  },
} as const;

import { cacheControl } from './shared.js';
import { taggedUnion } from './tagged-union.js';

/*
 * The `image` block and where its image comes from (contract: messages). The interface leaves the inner shapes
 * out; they come from the public API (contract: authority).
 */

/** The image media types the public API lists; any other is rejected. */
export const imageMediaType = {
  enum: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  description: 'Media type of the image data.',
} as const;

export const base64ImageSource = {
  type: 'object',
  description: 'Image data sent inline, base64-encoded.',
  required: ['type', 'media_type', 'data'],
  properties: {
    type: { enum: ['base64'] },
    media_type: imageMediaType,
    data: { type: 'string', description: 'The base64-encoded image bytes.' },
  },
} as const;

export const urlImageSource = {
  type: 'object',
  description: 'An image fetched from a URL.',
  required: ['type', 'url'],
  properties: {
    type: { enum: ['url'] },
    url: { type: 'string' },
  },
} as const;

const imageSourceBranches = [base64ImageSource, urlImageSource] as const;

/** Where an image comes from, by `type`; an unknown kind fails with the allowed kinds named. */
export const imageSource = taggedUnion('type', imageSourceBranches);

/** The `type` values of the branches, derived from them (so no list is written twice). */
export const imageSourceTypes = imageSource.properties.type.enum;

/** The `image` content block. */
export const imageBlock = {
  type: 'object',
  description: 'An image, sent inline (base64) or by URL.',
  required: ['type', 'source'],
  properties: {
    type: { enum: ['image'] },
    source: imageSource,
    cache_control: cacheControl,
  },
} as const;

import { base64Source, urlSource } from './media-source.js';
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

export const base64ImageSource = base64Source(imageMediaType, {
  source: 'Image data sent inline, base64-encoded.',
  data: 'The base64-encoded image bytes.',
});

export const urlImageSource = urlSource('An image fetched from a URL.');

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

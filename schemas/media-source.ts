/*
 * Where the bytes of a block's media come from, the shapes every media block shares (contract: messages): sent
 * inline base64-encoded, or fetched from a URL. A block names its own media types and words its descriptions.
 */

/** Media sent inline: `type` `base64`, one of the block's `mediaType` values, and the base64-encoded bytes. */
export function base64Source<const MediaType extends object>(
  mediaType: MediaType,
  descriptions: { readonly source: string; readonly data: string },
) {
  return {
    type: 'object',
    description: descriptions.source,
    required: ['type', 'media_type', 'data'],
    properties: {
      type: { enum: ['base64'] },
      media_type: mediaType,
      data: { type: 'string', description: descriptions.data },
    },
  } as const;
}

/** Media fetched from a URL. */
export function urlSource(description: string) {
  return {
    type: 'object',
    description,
    required: ['type', 'url'],
    properties: {
      type: { enum: ['url'] },
      url: { type: 'string' },
    },
  } as const;
}

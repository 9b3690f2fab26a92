/**
 * The public API's WebSearchUserLocation: an approximate location that biases web search results, taken by
 * the web search tools and the `web` plugin. `type` is required once an object is sent.
 */
export const webSearchUserLocation = {
  type: ['object', 'null'],
  description:
    'Approximate user location for location-biased results, passed to native providers that support it.',
  required: ['type'],
  properties: {
    type: { enum: ['approximate'] },
    city: { type: ['string', 'null'] },
    region: { type: ['string', 'null'] },
    country: { type: ['string', 'null'] },
    timezone: { type: ['string', 'null'], description: 'IANA time zone name.' },
  },
} as const;

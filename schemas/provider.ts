/**
 * An ISO 3166-1 alpha-2 country code. The public API spells out all ~250 codes as an enum; the
 * shape says the same without a giant list on the response path.
 */
export const countryCode = {
  type: 'string',
  pattern: '^[A-Z]{2}$',
  description: 'a two-letter country code (ISO 3166-1 alpha-2, upper case)',
} as const;

/** A URL, or null when the provider has none, as the public API sends (contract: nullable-response-fields). */
const nullableUrl = { type: ['string', 'null'] } as const;

/** One upstream provider (docs/contract.md#provider). */
export const provider = {
  type: 'object',
  required: [
    'name',
    'slug',
    'headquarters',
    'datacenters',
    'privacy_policy_url',
    'terms_of_service_url',
    'status_page_url',
  ],
  properties: {
    name: { type: 'string', description: 'Display name of the provider.' },
    slug: { type: 'string', description: 'URL-friendly identifier of the provider.' },
    // A string and an array that the public API marks nullable (contract: nullable-response-fields).
    headquarters: { ...countryCode, type: ['string', 'null'] },
    datacenters: {
      type: ['array', 'null'],
      description: 'Country codes of the datacenter locations.',
      items: countryCode,
    },
    privacy_policy_url: nullableUrl,
    terms_of_service_url: nullableUrl,
    status_page_url: nullableUrl,
  },
} as const;

/** The 200 body of GET /providers. */
export const providersResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: provider } },
} as const;

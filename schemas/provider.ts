/**
 * §2.5: an ISO 3166-1 alpha-2 country code. The public API spells out all ~250 codes as an enum; the
 * shape says the same without a giant list on the response path.
 */
export const countryCode = {
  type: 'string',
  pattern: '^[A-Z]{2}$',
  description: 'a two-letter country code (ISO 3166-1 alpha-2, upper case)',
} as const;

/** §2.5: a URL; §2.5 gives a string, the public API sends null when the provider has none (D1). */
const nullableUrl = { type: ['string', 'null'] } as const;

/** §2.5: one upstream provider. */
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
    // §2.5 gives a string and an array; the public API marks both nullable (D1).
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

/** §4.5: the 200 body of GET /providers. */
export const providersResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: provider } },
} as const;

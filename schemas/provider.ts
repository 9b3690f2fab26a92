import { COUNTRY_CODE_RULE, countryCodes } from './country-codes.js';
import { httpUrl } from './shared.js';

export { countryCodes } from './country-codes.js';

/** An ISO 3166-1 alpha-2 country code of the public API's list (contract: formats). */
export const countryCode = {
  type: 'string',
  enum: countryCodes,
  description: COUNTRY_CODE_RULE,
} as const;

/** A country code, or null when the public API sends none (contract: nullable-response-fields). */
export const nullableCountryCode = {
  type: ['string', 'null'],
  enum: [...countryCodes, null],
  description: `${COUNTRY_CODE_RULE}, or null`,
} as const;

/**
 * A URL, or null when the provider has none, as the public API sends (contract: nullable-response-fields); a
 * string is an absolute http or https URL (contract: formats).
 */
const nullableUrl = { ...httpUrl, type: ['string', 'null'] } as const;

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
    headquarters: nullableCountryCode,
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

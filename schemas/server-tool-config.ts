import { nonNegativeInteger, stringArray } from './shared.js';
import { taggedUnion } from './tagged-union.js';

/**
 * The `parameters` objects of the service-provided server tools (the interface does not show them; shapes from
 * the public API). Engine and search-mode names are provider names that change as engines are added, so they
 * are open strings with the known values in the description.
 */

const count = (description: string) => ({ ...nonNegativeInteger, description }) as const;

export const containerAutoEnvironment = {
  type: 'object',
  description: 'A service-managed container, provisioned on first use.',
  required: ['type'],
  properties: { type: { enum: ['container_auto'] } },
} as const;

export const containerReferenceEnvironment = {
  type: 'object',
  description: 'A previously created container to reuse.',
  required: ['type', 'container_id'],
  properties: {
    type: { enum: ['container_reference'] },
    container_id: {
      type: 'string',
      minLength: 1,
      maxLength: 20,
      pattern: '^[\\w-]+$',
      description: 'a container id of letters, digits, `_` and `-`',
    },
  },
} as const;

const containerEnvironments = [containerAutoEnvironment, containerReferenceEnvironment] as const;

/** Where a bash or shell server tool runs its commands. */
export const containerEnvironment = taggedUnion(
  'type',
  containerEnvironments,
  'Execution environment: a new managed container or a reference to an existing one.',
);

const sandboxProperties = {
  environment: containerEnvironment,
  sleep_after_seconds: count(
    'Seconds the container stays warm after its last command; 900 by default, capped at 2592000 (30 days).',
  ),
} as const;

export const bashServerToolConfig = {
  type: 'object',
  properties: {
    engine: {
      type: 'string',
      description:
        '`auto` (default) or `native` return the call to the client to run; the service engine runs it in the service sandbox.',
    },
    ...sandboxProperties,
  },
} as const;

export const shellServerToolConfig = {
  type: 'object',
  properties: {
    engine: {
      type: 'string',
      description:
        '`auto` (default) keeps the hosted shell of the provider where there is one; the service engine always uses the service sandbox.',
    },
    ...sandboxProperties,
  },
} as const;

export const datetimeServerToolConfig = {
  type: 'object',
  properties: { timezone: { type: 'string', description: 'IANA time zone name; UTC by default.' } },
} as const;

/** Every image option of the image model (aspect_ratio, quality, size, ...) is accepted beside `model`. */
export const imageGenerationServerToolConfig = {
  type: 'object',
  properties: { model: { type: 'string', description: 'Image generation model id.' } },
} as const;

export const searchModelsServerToolConfig = {
  type: 'object',
  properties: { max_results: count('Maximum number of models to return; 5 by default, at most 20.') },
} as const;

export const toolSearchServerToolConfig = {
  type: 'object',
  properties: { max_results: count('Maximum number of tools one search returns; 5 by default.') },
} as const;

export const webFetchServerToolConfig = {
  type: 'object',
  properties: {
    allowed_domains: { ...stringArray, description: 'Only fetch from these domains.' },
    blocked_domains: { ...stringArray, description: 'Never fetch from these domains.' },
    engine: {
      type: 'string',
      description: 'Fetch engine, e.g. `auto` (default), `native`, `exa`, `parallel`, `firecrawl`.',
    },
    max_content_tokens: count('Content beyond this many (approximate) tokens is truncated.'),
    max_uses: count('Maximum number of fetches in one request.'),
  },
} as const;

export const webSearchServerToolConfig = {
  type: 'object',
  properties: {
    allowed_domains: {
      ...stringArray,
      description:
        'Only include results from these domains. Most engines take one of the two domain lists, not both.',
    },
    excluded_domains: { ...stringArray, description: 'Never include results from these domains.' },
    engine: {
      type: 'string',
      description:
        'Search engine, e.g. `auto` (default), `native`, `exa`, `parallel`, `firecrawl`, `perplexity`.',
    },
    max_characters: count('Maximum characters of content per result.'),
    max_results: count('Maximum results per search call; 5 by default.'),
    max_total_results: count('Maximum results over all search calls of one request; 50 by default.'),
    max_uses: count('Maximum number of searches in one request.'),
    mode: { type: 'string', description: 'Engine-native search mode; modes the engine lacks are ignored.' },
    search_context_size: {
      enum: ['low', 'medium', 'high'],
      description: 'How much content to keep per result.',
    },
    user_location: {
      type: 'object',
      description: 'Approximate user location used to localize search results.',
      properties: {
        type: { enum: ['approximate'] },
        city: { type: ['string', 'null'] },
        region: { type: ['string', 'null'] },
        country: { type: ['string', 'null'] },
        timezone: { type: ['string', 'null'] },
      },
    },
  },
} as const;

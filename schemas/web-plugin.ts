import { pluginEnabled } from './plugin-enabled.js';
import { safeInteger, stringArray } from './shared.js';
import { webSearchUserLocation } from './user-location.js';

/** The public API's WebSearchEngine (the interface leaves the values to it). */
export const webSearchEngine = {
  enum: ['native', 'exa', 'firecrawl', 'parallel', 'perplexity'],
  description: 'The search engine to use.',
} as const;

/** The public API's WebSearchMode: engine-native modes; a mode the chosen engine lacks is ignored. */
export const webSearchMode = {
  enum: ['instant', 'fast', 'auto', 'deep-lite', 'deep', 'deep-reasoning', 'turbo', 'basic', 'advanced'],
  description:
    'Engine-native search mode. Exa: instant, fast, auto (default), deep-lite, deep, deep-reasoning. Parallel: turbo, fast, basic (default), advanced. Modes the engine lacks are ignored.',
} as const;

const DOMAIN_FILTERS = 'Wildcards (`*.substack.com`) and path filters (`openai.com/blog`) are allowed.';

/** The web plugin: web search results added to the request. */
export const webSearchPlugin = {
  type: 'object',
  description: 'Adds web search results to the request.',
  required: ['id'],
  properties: {
    id: { enum: ['web'] },
    enabled: pluginEnabled,
    engine: webSearchEngine,
    exclude_domains: { ...stringArray, description: `Domains to exclude from results. ${DOMAIN_FILTERS}` },
    include_domains: { ...stringArray, description: `Domains to restrict results to. ${DOMAIN_FILTERS}` },
    max_results: { ...safeInteger, description: 'Maximum number of search results.' },
    max_uses: { ...safeInteger, description: 'Maximum number of web searches per turn.' },
    mode: webSearchMode,
    search_prompt: { type: 'string', description: 'Prompt used to attach the search results.' },
    user_location: webSearchUserLocation,
  },
} as const;

/** The web-fetch plugin: its fields are the public API's WebFetchPlugin. */
export const webFetchPlugin = {
  type: 'object',
  description: 'Lets the model fetch web pages.',
  required: ['id'],
  properties: {
    id: { enum: ['web-fetch'] },
    enabled: pluginEnabled,
    allowed_domains: { ...stringArray, description: 'Only fetch from these domains.' },
    blocked_domains: { ...stringArray, description: 'Never fetch from these domains.' },
    max_content_tokens: {
      ...safeInteger,
      description: 'Maximum content length in approximate tokens; longer content is truncated.',
    },
    max_uses: {
      ...safeInteger,
      description: 'Maximum number of web fetches per request; once exceeded, the tool returns an error.',
    },
  },
} as const;

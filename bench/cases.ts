/**
 * Named payloads that mirror real traffic on §4.1, built in code so their sizes stay what their names say.
 * Each comes with the verdict it must get, checked before anything is timed.
 */

const cache = { type: 'ephemeral' } as const;

function tool(index: number) {
  return {
    name: `tool_${index}`,
    description: `Looks up record kind ${index} in the service catalog and returns it as JSON.`,
    input_schema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Record id' },
        fields: { type: 'array', items: { type: 'string' } },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['id'],
    },
  };
}

/** One assistant turn that calls a tool after thinking, and the user turn that returns its result. */
function toolTurn(index: number, noteLength: number) {
  const id = `toolu_${String(index).padStart(6, '0')}`;
  return [
    {
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking: `The user needs record ${index}; I should fetch it first.`,
          signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxGEaeMP5J3sNsV3p0iMHpRDqbB',
        },
        { type: 'text', text: `Let me fetch record ${index}.` },
        {
          type: 'tool_use',
          id,
          name: `tool_${index % 5}`,
          input: { id: `rec-${index}`, fields: ['name', 'owner', 'updated_at'], limit: 10 },
        },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: id,
          content: [
            {
              type: 'text',
              text: JSON.stringify({
                id: `rec-${index}`,
                name: `Record ${index}`,
                owner: 'team-a',
                updated_at: '2026-11-01T10:00:00Z',
                notes: 'x'.repeat(noteLength),
              }),
            },
          ],
        },
        {
          type: 'text',
          text: `Thanks. Now summarise record ${index} in two sentences and flag anything unusual.`,
        },
      ],
    },
  ];
}

/** A session of `turns` tool round-trips; long sessions carry longer tool results, as real agents' do. */
function conversation(turns: number, noteLength: number) {
  return {
    model: 'anthropic/claude-4.6-sonnet',
    max_tokens: 4096,
    system: [
      {
        type: 'text',
        text: 'You are an operations assistant for a records service. Use the tools to look records up.',
        cache_control: cache,
      },
      {
        type: 'text',
        text: 'Answer briefly. Never invent record ids. '.repeat(8),
        cache_control: { type: 'ephemeral', ttl: '1h' },
      },
    ],
    messages: [
      { role: 'user', content: 'I need a summary of the records we touched this week.' },
      ...Array.from({ length: turns }, (_, i) => toolTurn(i, noteLength)).flat(),
    ],
    tools: Array.from({ length: 5 }, (_, i) => tool(i)),
    tool_choice: { type: 'auto' },
    thinking: { type: 'enabled', budget_tokens: 2048 },
    temperature: 0.3,
    fallbacks: [{ model: 'openai/gpt-5' }, { model: 'google/gemini-3-pro' }],
    plugins: [
      {
        id: 'auto-router',
        allowed_models: ['anthropic/*', 'openai/*'],
        excluded_models: ['openai/gpt-3.5*'],
        cost_tier: 'medium',
      },
      { id: 'response-healing' },
      { id: 'web', max_results: 5, include_domains: ['docs.example.com'] },
    ],
    context_management: {
      edits: [
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 100000 },
          keep: { type: 'tool_uses', value: 3 },
        },
      ],
    },
    metadata: { user_id: 'user-1234' },
    session_id: 'session-5678',
    stream: true,
  };
}

/** The three bodies the comparison times: the request of §4.1 and the two public responses (§4.3, §4.5). */
export type PayloadKind = 'messages-request' | 'model-endpoints-response' | 'providers-response';

export const payloadKinds: readonly PayloadKind[] = [
  'messages-request',
  'model-endpoints-response',
  'providers-response',
];

export interface BenchCase {
  name: string;
  /** The root it is validated against. */
  kind: PayloadKind;
  value: unknown;
  valid: boolean;
  /** For an invalid payload: the name of the valid payload it was made from. */
  original?: string;
  /** What makes it invalid (or, for a probe, what it exercises), in a few words. */
  note?: string;
}

const small = {
  model: 'anthropic/claude-4.6-sonnet',
  max_tokens: 1024,
  system: 'You are a helpful assistant.',
  messages: [
    { role: 'user', content: 'Write a haiku about the sea, then explain its imagery in one sentence.' },
  ],
  temperature: 0.7,
  metadata: { user_id: 'user-1234' },
};

const typical = conversation(10, 180);
const large = conversation(300, 1200);

/** The typical request with one bad block type in its last message: the error sits at the very end. */
function brokenAtTheEnd<T extends { messages: Array<{ content: unknown }> }>(request: T): T {
  const copy = structuredClone(request);
  const last = copy.messages[copy.messages.length - 1] as { content: Array<{ type: string }> };
  last.content[last.content.length - 1]!.type = 'txet';
  return copy;
}

export const requestCases: BenchCase[] = [
  { name: 'small', kind: 'messages-request', value: small, valid: true },
  { name: 'typical', kind: 'messages-request', value: typical, valid: true },
  { name: 'large', kind: 'messages-request', value: large, valid: true },
  {
    name: 'typical, invalid at the end',
    kind: 'messages-request',
    value: brokenAtTheEnd(typical),
    valid: false,
    original: 'typical',
    note: 'last block of the last message has type `txet`',
  },
  {
    name: 'small, invalid at the end',
    kind: 'messages-request',
    value: { ...small, metadata: { user_id: 1234 } },
    valid: false,
    original: 'small',
    note: '`metadata.user_id`, the last field, is a number',
  },
  {
    name: 'large, invalid at the end',
    kind: 'messages-request',
    value: brokenAtTheEnd(large),
    valid: false,
    original: 'large',
    note: 'last block of the last message has type `txet`',
  },
];

/*
 * Responses, shaped as the public API sends them (keys in alphabetical order, as in its examples) and with
 * the values its own schema and SDK expect: provider names, quantizations, parameters and country codes
 * from the public document's enums, and `supports_tool_choice`, which the public SDK requires on endpoints.
 */

const endpointProviders = [
  ['DeepInfra', 'deepinfra', 'fp8'],
  ['Together', 'together', 'fp8'],
  ['Fireworks', 'fireworks', 'fp8'],
  ['Groq', 'groq', 'unknown'],
  ['Cerebras', 'cerebras', 'fp16'],
  ['SambaNova', 'sambanova', 'bf16'],
  ['Novita', 'novita', 'bf16'],
  ['Nebius', 'nebius', 'fp8'],
  ['Parasail', 'parasail', 'fp8'],
  ['Friendli', 'friendli', 'fp8'],
  ['Crusoe', 'crusoe', 'bf16'],
  ['Cloudflare', 'cloudflare', 'fp8'],
  ['Chutes', 'chutes', 'bf16'],
  ['AtlasCloud', 'atlas-cloud', 'fp8'],
  ['BaseTen', 'baseten', 'fp8'],
  ['GMICloud', 'gmicloud', 'fp8'],
  ['SiliconFlow', 'siliconflow', 'fp8'],
  ['Amazon Bedrock', 'amazon-bedrock', 'bf16'],
  ['Azure', 'azure', 'unknown'],
  ['Nvidia', 'nvidia', 'fp8'],
] as const;

const endpointParameters = [
  'frequency_penalty',
  'max_tokens',
  'min_p',
  'presence_penalty',
  'repetition_penalty',
  'response_format',
  'seed',
  'stop',
  'structured_outputs',
  'temperature',
  'tool_choice',
  'tools',
  'top_k',
  'top_p',
];

const percentiles = (p50: number) => ({
  p50,
  p75: Math.round(p50 * 1.4 * 100) / 100,
  p90: Math.round(p50 * 1.9 * 100) / 100,
  p99: Math.round(p50 * 3.2 * 100) / 100,
});

/** One provider's endpoint for Llama 3.3 70B; every seventh has no recent data (the API sends null). */
function endpoint(index: number) {
  const [providerName, slug, quantization] = endpointProviders[index % endpointProviders.length]!;
  const quiet = index % 7 === 6;
  return {
    context_length: index % 3 === 0 ? 131072 : 128000,
    latency_last_30m: quiet ? null : percentiles(310 + index * 37),
    max_completion_tokens: index % 4 === 0 ? null : 16384,
    max_prompt_tokens: index % 4 === 0 ? null : 131072,
    model_id: 'meta-llama/llama-3.3-70b-instruct',
    model_name: 'Meta: Llama 3.3 70B Instruct',
    name: `${providerName} | meta-llama/llama-3.3-70b-instruct`,
    pricing: {
      completion: (0.00000025 + index * 0.00000001).toFixed(8),
      discount: 0,
      image: '0',
      input_cache_read: index % 5 === 0 ? '0.00000005' : '0',
      prompt: (0.00000012 + index * 0.000000005).toFixed(9),
      request: '0',
      web_search: '0',
    },
    provider_name: providerName,
    quantization,
    status: index === 13 ? -1 : 0,
    supported_parameters: endpointParameters.slice(0, 8 + (index % 7)),
    supports_implicit_caching: index % 5 === 0,
    supports_tool_choice: { auto: true, function: true, none: true, required: index % 3 !== 1 },
    tag: `${slug}/${quantization}`,
    throughput_last_30m: quiet ? null : percentiles(42 + index * 11),
    uptime_last_1d: 99.2 + (index % 8) / 10,
    uptime_last_30m: index % 6 === 5 ? null : 98.5 + (index % 15) / 10,
    uptime_last_5m: 100 - (index % 4),
  };
}

function modelWithEndpoints(count: number) {
  return {
    data: {
      architecture: {
        input_modalities: ['text'],
        instruct_type: 'llama3',
        modality: 'text->text',
        output_modalities: ['text'],
        tokenizer: 'Llama3',
      },
      created: 1733506137,
      description:
        'The Meta Llama 3.3 multilingual large language model is a pretrained and instruction tuned generative model in 70B (text in/text out).',
      endpoints: Array.from({ length: count }, (_, i) => endpoint(i)),
      id: 'meta-llama/llama-3.3-70b-instruct',
      name: 'Meta: Llama 3.3 70B Instruct',
    },
  };
}

const providerNames = [
  'AI21', 'AionLabs', 'Alibaba', 'Amazon Bedrock', 'Anthropic', 'Arcee AI', 'AtlasCloud', 'Avian', 'Azure',
  'BaseTen', 'Black Forest Labs', 'Cerebras', 'Chutes', 'Cirrascale', 'Clarifai', 'Cloudflare', 'Cohere',
  'CoreWeave', 'Crusoe', 'DeepInfra', 'DeepSeek', 'Featherless', 'Fireworks', 'Friendli', 'GMICloud',
  'Google', 'Google AI Studio', 'Groq', 'Inception', 'InferenceNet', 'Infermatic', 'Inflection', 'Liquid',
  'Mancer 2', 'Meta', 'Minimax', 'Mistral', 'Moonshot AI', 'Morph', 'Nebius', 'NextBit', 'Novita', 'Nvidia',
  'OpenAI', 'Parasail', 'Perplexity', 'Phala', 'Reka', 'Relace', 'SambaNova', 'SiliconFlow', 'StepFun',
  'Switchpoint', 'Together', 'Upstage', 'Venice', 'WandB', 'xAI', 'Xiaomi', 'Z.AI',
] as const; // prettier-ignore

const regions = [
  ['US', ['US']],
  ['US', ['US', 'IE', 'SE']],
  ['FR', ['FR', 'DE', 'NL']],
  ['CN', ['CN', 'SG']],
  ['CA', ['CA', 'US']],
  ['GB', ['GB', 'IE', 'US', 'JP']],
  ['SG', ['SG', 'JP', 'KR']],
  ['IL', ['IL', 'US', 'FI']],
] as const;

/** One upstream provider; some publish no status page (null), as in the public API's list. */
function provider(index: number) {
  const name = providerNames[index % providerNames.length]!;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [headquarters, datacenters] = regions[index % regions.length]!;
  return {
    datacenters: [...datacenters],
    headquarters,
    name,
    privacy_policy_url: `https://${slug}.example.com/legal/privacy`,
    slug,
    status_page_url: index % 3 === 2 ? null : `https://status.${slug}.example.com`,
    terms_of_service_url: `https://${slug}.example.com/legal/terms`,
  };
}

const modelEndpoints = modelWithEndpoints(20);
const providers = { data: Array.from({ length: 60 }, (_, i) => provider(i)) };

/** `modify` applied to a copy of the last item of `list`, in a copy of `response`. */
function withLast<T>(
  response: T,
  list: (copy: T) => object[],
  modify: (item: Record<string, unknown>) => void,
): T {
  const copy = structuredClone(response);
  const items = list(copy);
  modify(items[items.length - 1] as Record<string, unknown>);
  return copy;
}

const endpointsOf = (response: typeof modelEndpoints) => response.data.endpoints;
const providersOf = (response: typeof providers) => response.data;

export const responseCases: BenchCase[] = [
  { name: 'model endpoints (20)', kind: 'model-endpoints-response', value: modelEndpoints, valid: true },
  {
    name: 'model endpoints, invalid at the end',
    kind: 'model-endpoints-response',
    value: withLast(modelEndpoints, endpointsOf, (last) => (last.uptime_last_5m = '100')),
    valid: false,
    original: 'model endpoints (20)',
    note: "the last endpoint's last field, `uptime_last_5m`, is a string",
  },
  { name: 'providers (60)', kind: 'providers-response', value: providers, valid: true },
  {
    name: 'providers, invalid at the end',
    kind: 'providers-response',
    value: withLast(providers, providersOf, (last) => (last.terms_of_service_url = 404)),
    valid: false,
    original: 'providers (60)',
    note: "the last provider's last field, `terms_of_service_url`, is a number",
  },
];

/** Every timed payload, one child process each. */
export const benchCases: BenchCase[] = [...requestCases, ...responseCases];

/*
 * Probes: small payloads at the limits the interface states, checked for every validator's verdict but never
 * timed. They show which competitor misses which rule.
 */

const twoEndpoints = modelWithEndpoints(2);
const twoProviders = { data: providers.data.slice(0, 2) };
const emoji = '\u{1F600}';

function requestProbe(name: string, valid: boolean, note: string, extra: object): BenchCase {
  return { name, kind: 'messages-request', value: { ...small, ...extra }, valid, note };
}

export const verdictProbes: BenchCase[] = [
  requestProbe('four fallbacks', false, 'at most 3 `fallbacks`', {
    fallbacks: ['a/1', 'a/2', 'a/3', 'a/4'].map((model) => ({ model })),
  }),
  requestProbe('`models` with `fallbacks`', false, '`models` and `fallbacks` never together', {
    models: ['openai/gpt-5'],
    fallbacks: [{ model: 'google/gemini-3-pro' }],
  }),
  requestProbe('a fallbacks entry with a second key', false, 'a `fallbacks` entry holds `model` alone', {
    fallbacks: [{ model: 'openai/gpt-5', provider: { only: ['openai'] } }],
  }),
  requestProbe('router patterns over 65 536 characters', false, 'the 65 536-character total of a list', {
    plugins: [{ id: 'auto-router', allowed_models: [...Array(64).fill('m'.repeat(1024)), 'x'] }],
  }),
  requestProbe('a session_id of 256 emoji', true, '256 code points are allowed (D5)', {
    session_id: emoji.repeat(256),
  }),
  requestProbe('a session_id of 257 emoji', false, 'at most 256 code points (D5)', {
    session_id: emoji.repeat(257),
  }),
  requestProbe('max_tokens of 2^53', false, 'integers stay in the safe range (D14)', {
    max_tokens: 2 ** 53,
  }),
  requestProbe('a web search tool with a bad field', false, 'a known tool `type` must match its shape (D3)', {
    tools: [{ type: 'web_search_20250305', name: 'search', max_uses: 'five' }],
  }),
  requestProbe('a tool of an unknown kind', true, 'an unknown tool `type` passes as a generic tool (D3)', {
    tools: [{ type: 'future_tool_20270101', name: 'future' }],
  }),
  {
    name: 'an endpoint with a negative context_length',
    kind: 'model-endpoints-response',
    value: withLast(twoEndpoints, endpointsOf, (last) => (last.context_length = -1)),
    valid: false,
    note: '`context_length` is a non-negative integer',
  },
  {
    name: 'an endpoint without supports_tool_choice',
    kind: 'model-endpoints-response',
    value: withLast(twoEndpoints, endpointsOf, (last) => delete last.supports_tool_choice),
    valid: true,
    note: '§2.3 does not list `supports_tool_choice`',
  },
  {
    name: 'a lower-case headquarters code',
    kind: 'providers-response',
    value: withLast(twoProviders, providersOf, (last) => (last.headquarters = 'us')),
    valid: false,
    note: 'country codes are two upper-case letters',
  },
  {
    name: 'a provider without datacenters',
    kind: 'providers-response',
    value: withLast(twoProviders, providersOf, (last) => delete last.datacenters),
    valid: false,
    note: '§2.5 lists `datacenters` as a field of every provider',
  },
];

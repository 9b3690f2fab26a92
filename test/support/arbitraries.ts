import fc from 'fast-check';

/**
 * Arbitraries for valid messages requests, written from the contract (contract: create-preset, limits) rather
 * than read from the schema files, so a property test compares two independent statements of the same rules.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Up to `max` code points (contract: characters), astral ones included. */
const codePoints = (max: number) => fc.string({ unit: 'binary', maxLength: max });

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

const cacheControl = fc.record(
  { type: fc.constant('ephemeral'), ttl: fc.constantFrom('5m', '1h') },
  { requiredKeys: ['type'] },
);

const textBlock = fc.record(
  { type: fc.constant('text'), text: fc.string(), cache_control: cacheControl },
  { requiredKeys: ['type', 'text'] },
);

/** Media sent inline in one of `mediaTypes`, or by URL (contract: messages). */
const mediaSource = (...mediaTypes: string[]) =>
  fc.oneof(
    fc.record({
      type: fc.constant('base64'),
      media_type: fc.constantFrom(...mediaTypes),
      data: fc.base64String(),
    }),
    fc.record({ type: fc.constant('url'), url: fc.webUrl() }),
  );

const imageBlock = fc.record(
  {
    type: fc.constant('image'),
    source: mediaSource('image/jpeg', 'image/png', 'image/gif', 'image/webp'),
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'source'] },
);

/**
 * A generator for each block allowed wherever an image is (`mediaBlocks`, schemas/media-blocks.ts), by its
 * `type`: the message content, a tool result's and a content document's draw from it alike, and
 * test/core/properties.test.ts names a kind of that list which has none.
 */
export const mediaBlockArbitraries: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = {
  image: imageBlock,
};

const mediaBlock = fc.oneof(...Object.values(mediaBlockArbitraries));

const citations = fc.record({ enabled: fc.boolean() }, { requiredKeys: [] });

const documentBlock = fc.record(
  {
    type: fc.constant('document'),
    source: fc.oneof(
      mediaSource('application/pdf'),
      fc.record({ type: fc.constant('text'), media_type: fc.constant('text/plain'), data: fc.string() }),
      fc.record({
        type: fc.constant('content'),
        content: fc.oneof(fc.string(), fc.array(fc.oneof(textBlock, mediaBlock), { maxLength: 3 })),
      }),
      fc.record({ type: fc.constant('file'), file_id: fc.string() }),
    ),
    title: fc.option(fc.string()),
    context: fc.option(fc.string()),
    citations: fc.option(citations),
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'source'] },
);

const searchResultBlock = fc.record(
  {
    type: fc.constant('search_result'),
    source: fc.string(),
    title: fc.string(),
    content: fc.array(textBlock, { maxLength: 3 }),
    citations,
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'source', 'title', 'content'] },
);

const serverToolUseBlock = fc.record(
  {
    type: fc.constant('server_tool_use'),
    id: fc.string(),
    name: fc.string(),
    input: fc.object(),
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'id', 'name'] },
);

const webSearchToolResultBlock = fc.record(
  {
    type: fc.constant('web_search_tool_result'),
    tool_use_id: fc.string(),
    content: fc.oneof(
      fc.array(
        fc.record(
          {
            type: fc.constant('web_search_result'),
            encrypted_content: fc.string(),
            title: fc.string(),
            url: fc.webUrl(),
            page_age: fc.option(fc.string()),
          },
          { requiredKeys: ['type', 'encrypted_content', 'title', 'url'] },
        ),
        { maxLength: 3 },
      ),
      fc.record({
        type: fc.constant('web_search_tool_result_error'),
        error_code: fc.constantFrom(
          'invalid_tool_input',
          'unavailable',
          'max_uses_exceeded',
          'too_many_requests',
          'query_too_long',
        ),
      }),
    ),
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'tool_use_id', 'content'] },
);

const compactionBlock = fc.record(
  {
    type: fc.constant('compaction'),
    content: fc.option(fc.string()),
    encrypted_content: fc.option(fc.string()),
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'content'] },
);

/** A server-run tool's replayed result, whose content is a free-form object. */
const serverToolResultBlock = (type: string) =>
  fc.record({ type: fc.constant(type), tool_use_id: fc.string(), content: fc.object() });

const changedTool = fc.oneof(
  fc.record({ type: fc.constant('tool_reference'), name: fc.string() }),
  fc.record({ type: fc.constant('mcp_tool_reference'), name: fc.string(), server_name: fc.string() }),
  fc.record({ type: fc.constant('mcp_toolset_reference'), server_name: fc.string() }),
);

const toolChangeBlock = (type: string) =>
  fc.record(
    { type: fc.constant(type), tool: changedTool, cache_control: cacheControl },
    { requiredKeys: ['type', 'tool'] },
  );

const toolUseBlock = fc.record(
  {
    type: fc.constant('tool_use'),
    id: fc.string(),
    name: fc.string(),
    input: fc.jsonValue(),
    cache_control: cacheControl,
  },
  { requiredKeys: ['type', 'id', 'name'] },
);

const toolResultBlock = fc.record(
  {
    type: fc.constant('tool_result'),
    tool_use_id: fc.string(),
    content: fc.oneof(
      fc.string(),
      fc.array(
        fc.oneof(
          textBlock,
          mediaBlock,
          fc.record({ type: fc.constant('tool_reference'), tool_name: fc.string() }),
        ),
        { maxLength: 3 },
      ),
    ),
    is_error: fc.boolean(),
  },
  { requiredKeys: ['type', 'tool_use_id'] },
);

const thinkingBlock = fc.record({
  type: fc.constant('thinking'),
  thinking: fc.string(),
  signature: fc.string(),
});

const redactedThinkingBlock = fc.record({ type: fc.constant('redacted_thinking'), data: fc.string() });

/**
 * A generator for each kind of content block, by its `type`; test/core/properties.test.ts fails naming a kind
 * the schemas hold and this does not, so a block added to the union is drawn here too.
 */
export const contentBlockArbitraries: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = {
  text: textBlock,
  ...mediaBlockArbitraries,
  document: documentBlock,
  tool_use: toolUseBlock,
  tool_result: toolResultBlock,
  thinking: thinkingBlock,
  redacted_thinking: redactedThinkingBlock,
  server_tool_use: serverToolUseBlock,
  web_search_tool_result: webSearchToolResultBlock,
  search_result: searchResultBlock,
  compaction: compactionBlock,
  advisor_tool_result: serverToolResultBlock('advisor_tool_result'),
  tool_addition: toolChangeBlock('tool_addition'),
  tool_removal: toolChangeBlock('tool_removal'),
  openrouter_shell_tool_result: serverToolResultBlock('openrouter_shell_tool_result'),
  openrouter_bash_tool_result: serverToolResultBlock('openrouter_bash_tool_result'),
};

const contentBlock = fc.oneof(...Object.values(contentBlockArbitraries));

export const message = fc.record({
  role: fc.constantFrom('user', 'assistant', 'system'),
  content: fc.oneof(fc.string(), fc.array(contentBlock, { maxLength: 4 })),
});

const thinking = fc.oneof(
  fc.record(
    {
      type: fc.constant('enabled'),
      budget_tokens: fc.integer({ min: 1, max: MAX_SAFE }),
      display: fc.constantFrom('summarized', 'omitted', null),
    },
    { requiredKeys: ['type', 'budget_tokens'] },
  ),
  fc.record({ type: fc.constant('disabled') }),
  fc.record(
    { type: fc.constant('adaptive'), display: fc.constantFrom('summarized', 'omitted', null) },
    { requiredKeys: ['type'] },
  ),
);

const toolChoice = fc.oneof(
  fc.record(
    { type: fc.constantFrom('auto', 'any'), disable_parallel_tool_use: fc.boolean() },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('none') }),
  fc.record(
    { type: fc.constant('tool'), name: fc.string(), disable_parallel_tool_use: fc.boolean() },
    { requiredKeys: ['type', 'name'] },
  ),
);

const inputSchema = fc.record(
  {
    type: fc.constant('object'),
    properties: fc.dictionary(fc.string(), fc.record({ type: fc.constant('string') })),
    required: fc.option(fc.array(fc.string())),
  },
  { requiredKeys: [] },
);

const tool = fc.oneof(
  fc.record(
    { name: fc.string(), input_schema: inputSchema, description: fc.string(), defer_loading: fc.boolean() },
    { requiredKeys: ['name', 'input_schema'] },
  ),
  fc.record({ type: fc.constant('custom'), name: fc.string(), input_schema: inputSchema }),
  fc.record({ type: fc.constant('bash_20250124'), name: fc.constant('bash') }),
  fc.record({ type: fc.constant('text_editor_20250124'), name: fc.constant('str_replace_editor') }),
  fc.record(
    {
      type: fc.constantFrom('web_search_20250305', 'web_search_20260209'),
      name: fc.constant('web_search'),
      max_uses: fc.option(fc.integer({ min: 0, max: 100 })),
      allowed_domains: fc.option(fc.array(fc.domain())),
    },
    { requiredKeys: ['type', 'name'] },
  ),
  fc.record(
    { type: fc.string().map((suffix) => `future_tool_${suffix}`), setting: fc.jsonValue() },
    { requiredKeys: ['type'] },
  ),
);

const modelPatterns = fc.array(
  fc.string({ maxLength: 64 }).map((name) => `${name}/*`),
  { maxLength: 16 },
);

const plugin = fc.oneof(
  fc.record(
    {
      id: fc.constant('auto-router'),
      enabled: fc.boolean(),
      allowed_models: modelPatterns,
      excluded_models: modelPatterns,
      cost_tier: fc.constantFrom('low', 'medium', 'high', 'xhigh', 'max'),
      cost_quality_tradeoff: fc.integer({ min: 0, max: 10 }),
      pin_model: fc.boolean(),
    },
    { requiredKeys: ['id'] },
  ),
  fc.record(
    {
      id: fc.constant('fusion'),
      analysis_models: fc.array(fc.string(), { minLength: 1, maxLength: 8 }),
      model: fc.string(),
      preset: fc.constantFrom('general-high', 'general-budget', 'general-fast'),
      max_tool_calls: fc.integer({ min: 1, max: 16 }),
      tools: fc.array(fc.record({ type: fc.string(), parameters: fc.object() }, { requiredKeys: ['type'] }), {
        maxLength: 8,
      }),
    },
    { requiredKeys: ['id'] },
  ),
  fc.record(
    {
      id: fc.constant('pareto-router'),
      max_price: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
      min_coding_score: fc.double({ min: 0, max: 1, noNaN: true }),
      price_source: fc.constantFrom('prompt', 'weighted_avg'),
    },
    { requiredKeys: ['id'] },
  ),
  fc.record(
    { id: fc.constantFrom('moderation', 'response-healing'), enabled: fc.boolean() },
    { requiredKeys: ['id'] },
  ),
  fc.record(
    {
      id: fc.constant('web'),
      max_results: fc.integer({ min: 1, max: 20 }),
      include_domains: fc.array(fc.domain()),
      search_prompt: fc.string(),
    },
    { requiredKeys: ['id'] },
  ),
);

const outputConfig = fc.record(
  {
    effort: fc.constantFrom('low', 'medium', 'high', 'xhigh', 'max', null),
    format: fc.option(fc.record({ type: fc.constant('json_schema'), schema: fc.object() })),
    task_budget: fc.option(
      fc.record(
        {
          type: fc.constant('tokens'),
          total: fc.integer({ min: 20000, max: MAX_SAFE }),
          remaining: fc.option(fc.integer({ min: 0, max: MAX_SAFE })),
        },
        { requiredKeys: ['type', 'total'] },
      ),
    ),
  },
  { requiredKeys: [] },
);

const contextEdit = fc.oneof(
  fc.record(
    {
      type: fc.constant('clear_tool_uses_20250919'),
      clear_tool_inputs: fc.oneof(fc.boolean(), fc.array(fc.string()), fc.constant(null)),
      exclude_tools: fc.option(fc.array(fc.string())),
      keep: fc.record({ type: fc.constant('tool_uses'), value: fc.nat() }),
      trigger: fc.record({ type: fc.constantFrom('input_tokens', 'tool_uses'), value: fc.nat() }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('clear_thinking_20251015'),
      keep: fc.oneof(
        fc.constant('all'),
        fc.constant({ type: 'all' }),
        fc.record({ type: fc.constant('thinking_turns'), value: fc.nat() }),
      ),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('compact_20260112'),
      instructions: fc.option(fc.string()),
      pause_after_compaction: fc.boolean(),
    },
    { requiredKeys: ['type'] },
  ),
);

const nullableBoolean = fc.option(fc.boolean());
const providerSlugs = fc.option(fc.array(fc.string(), { maxLength: 3 }));
const percentileCutoffs = fc.oneof(
  fc.option(finite),
  fc.record(
    { p50: fc.option(finite), p75: fc.option(finite), p90: fc.option(finite), p99: fc.option(finite) },
    { requiredKeys: [] },
  ),
);
const sortKind = fc.constantFrom('price', 'throughput', 'latency', 'exacto', null);

const providerPreferences = fc.option(
  fc.record(
    {
      allow_fallbacks: nullableBoolean,
      require_parameters: nullableBoolean,
      data_collection: fc.constantFrom('deny', 'allow', null),
      zdr: nullableBoolean,
      enforce_distillable_text: nullableBoolean,
      order: providerSlugs,
      only: providerSlugs,
      ignore: providerSlugs,
      quantizations: fc.option(
        fc.array(
          fc.constantFrom(
            'int4',
            'int8',
            'fp4',
            'mxfp4',
            'nvfp4',
            'fp6',
            'fp8',
            'mxfp8',
            'fp16',
            'bf16',
            'fp32',
            'unknown',
          ),
          { maxLength: 3 },
        ),
      ),
      sort: fc.oneof(
        sortKind,
        fc.record({ by: sortKind, partition: fc.constantFrom('model', 'none', null) }, { requiredKeys: [] }),
      ),
      max_price: fc.record(
        {
          prompt: fc.string(),
          completion: fc.string(),
          image: fc.string(),
          audio: fc.string(),
          request: fc.string(),
        },
        { requiredKeys: [] },
      ),
      preferred_max_latency: percentileCutoffs,
      preferred_min_throughput: percentileCutoffs,
    },
    { requiredKeys: [] },
  ),
);

const stopCondition = fc.oneof(
  fc.record({
    type: fc.constant('step_count_is'),
    step_count: fc.integer({ min: -MAX_SAFE, max: MAX_SAFE }),
  }),
  fc.record({ type: fc.constant('has_tool_call'), tool_name: fc.string({ minLength: 1 }) }),
  fc.record({
    type: fc.constant('max_tokens_used'),
    max_tokens: fc.integer({ min: -MAX_SAFE, max: MAX_SAFE }),
  }),
  fc.record({ type: fc.constant('max_cost'), max_cost_in_dollars: finite }),
  fc.record({ type: fc.constant('finish_reason_is'), reason: fc.string({ minLength: 1 }) }),
);

const trace = fc.record(
  {
    trace_id: fc.string(),
    trace_name: fc.string(),
    span_name: fc.string(),
    generation_name: fc.string(),
    parent_span_id: fc.string(),
    custom_key: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

/**
 * The request fields other than `models`/`fallbacks`, which are drawn apart because they exclude each other
 * (`routingFields`); test/core/properties.test.ts fails naming a field of the request schema neither draws.
 */
export const requestFields = {
  model: fc.string(),
  messages: fc.array(message, { maxLength: 4 }),
  max_tokens: fc.integer({ min: 1, max: MAX_SAFE }),
  system: fc.oneof(fc.string(), fc.array(textBlock, { maxLength: 3 })),
  temperature: finite,
  top_p: finite,
  top_k: fc.integer({ min: -MAX_SAFE, max: MAX_SAFE }),
  stop_sequences: fc.array(fc.string()),
  stream: fc.boolean(),
  service_tier: fc.string(),
  session_id: codePoints(256),
  user: codePoints(256),
  metadata: fc.record({ user_id: fc.option(fc.string()) }, { requiredKeys: [] }),
  speed: fc.constantFrom('fast', 'standard'),
  cache_control: cacheControl,
  context_management: fc.option(
    fc.record({ edits: fc.array(contextEdit, { maxLength: 3 }) }, { requiredKeys: [] }),
  ),
  output_config: outputConfig,
  thinking,
  tool_choice: toolChoice,
  tools: fc.array(tool, { maxLength: 4 }),
  plugins: fc.array(plugin, { maxLength: 3 }),
  provider: providerPreferences,
  route: fc.constantFrom('fallback', 'sort', null),
  stop_server_tools_when: fc.array(stopCondition, { minLength: 1, maxLength: 3 }),
  trace,
};

/** The request fields that exclude each other, of which `routing` draws one or none. */
export const routingFields = ['models', 'fallbacks'] as const;

const routing = fc.oneof(
  fc.constant({}),
  fc.record({ models: fc.array(fc.string(), { maxLength: 5 }) }),
  fc.record({ fallbacks: fc.option(fc.array(fc.record({ model: fc.string() }), { maxLength: 3 })) }),
);

export const validRequest = fc
  .tuple(fc.record(requestFields, { requiredKeys: ['model', 'messages'] }), routing)
  .map(([fields, route]) => ({ ...fields, ...route }) as Record<string, unknown>);

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

const imageBlock = fc.record({
  type: fc.constant('image'),
  source: fc.oneof(
    fc.record({
      type: fc.constant('base64'),
      media_type: fc.constantFrom('image/jpeg', 'image/png', 'image/gif', 'image/webp'),
      data: fc.base64String(),
    }),
    fc.record({ type: fc.constant('url'), url: fc.webUrl() }),
  ),
});

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
        fc.oneof(textBlock, fc.record({ type: fc.constant('tool_reference'), tool_name: fc.string() })),
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

const contentBlock = fc.oneof(
  textBlock,
  imageBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
);

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

/**
 * The request fields other than `models`/`fallbacks`, which are drawn apart because they exclude each other.
 */
const requestFields = {
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
};

const routing = fc.oneof(
  fc.constant({}),
  fc.record({ models: fc.array(fc.string(), { maxLength: 5 }) }),
  fc.record({ fallbacks: fc.option(fc.array(fc.record({ model: fc.string() }), { maxLength: 3 })) }),
);

export const validRequest = fc
  .tuple(fc.record(requestFields, { requiredKeys: ['model', 'messages'] }), routing)
  .map(([fields, route]) => ({ ...fields, ...route }) as Record<string, unknown>);

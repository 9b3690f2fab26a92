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

export interface BenchCase {
  name: string;
  value: unknown;
  valid: boolean;
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
  { name: 'small', value: small, valid: true },
  { name: 'typical', value: typical, valid: true },
  { name: 'large', value: large, valid: true },
  { name: 'typical, invalid at the end', value: brokenAtTheEnd(typical), valid: false },
];

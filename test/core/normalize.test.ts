import { describe, expect, it } from 'vitest';
import { normalizePresetRequest, presetConfigKeys, validate, validatePresetConfig } from '../../src/index.js';
import type { MessagesRequest } from '../../src/index.js';
import { messagesRequest } from '../../schemas/messages-request.js';
import { presetConfig, presetConfigProperties } from '../../schemas/preset-config.js';

function accepted(value: unknown): MessagesRequest {
  const result = validate('messages-request', value);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const base = { model: 'anthropic/claude-4.6-sonnet', messages: [{ role: 'user', content: 'Hi' }] };

describe('normalizePresetRequest (contract: preset-config)', () => {
  it('reads the config key list from the preset-config schema, each a field of the request', () => {
    expect(presetConfigKeys).toEqual(Object.keys(presetConfigProperties));
    expect(presetConfigKeys.length).toBeGreaterThan(0);
    expect(presetConfigKeys.filter((key) => !(key in messagesRequest.properties))).toEqual([]);
    expect(Object.keys(presetConfig.properties)).toEqual(presetConfigKeys);
  });

  it('drops every field that is not a config key', () => {
    const request = accepted({
      ...base,
      stream: true,
      metadata: { user_id: 'u1' },
      session_id: 's',
      user: 'u',
      trace: { trace_id: 't' },
      prompt: 'legacy field',
      system: 'Be brief.',
    });
    expect(normalizePresetRequest(request)).toEqual({
      config: { model: base.model },
      system_prompt: 'Be brief.',
      dropped: ['messages', 'stream', 'metadata', 'session_id', 'user', 'trace', 'prompt', 'system'],
    });
  });

  it('names a typo among the dropped fields, and only its name', () => {
    const request = accepted({ ...base, tempreature: 0.2, temperature: 0.5 });
    const { config, dropped } = normalizePresetRequest(request);
    expect(config).toEqual({ model: base.model, temperature: 0.5 });
    expect(dropped).toEqual(['messages', 'tempreature']);
  });

  it('copies every config key as sent, deep', () => {
    const request = accepted({
      ...base,
      max_tokens: 64,
      temperature: 0.5,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
      thinking: { type: 'adaptive', display: null },
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      tools: [{ name: 'f', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }],
      plugins: [{ id: 'auto-router', allowed_models: ['anthropic/*'] }],
      output_config: { effort: 'high' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
      cache_control: { type: 'ephemeral', ttl: '1h' },
      service_tier: 'auto',
      speed: 'fast',
      fallbacks: [{ model: 'openai/gpt-5' }],
    });
    const { config } = normalizePresetRequest(request);
    const { messages: _messages, ...expected } = request;
    expect(config).toEqual(expected);
    expect(validatePresetConfig(config)).toBe(true);
  });

  it('stores a string system prompt as is and joins text blocks with a blank line', () => {
    expect(normalizePresetRequest(accepted({ ...base, system: 'One.' })).system_prompt).toBe('One.');
    const blocks = [
      { type: 'text', text: 'One.', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'Two.' },
    ];
    expect(normalizePresetRequest(accepted({ ...base, system: blocks })).system_prompt).toBe('One.\n\nTwo.');
  });

  it('gives a null system prompt when the request has no system', () => {
    expect(normalizePresetRequest(accepted(base)).system_prompt).toBeNull();
  });

  it('injects no defaults: absent keys stay absent', () => {
    const { config } = normalizePresetRequest(accepted({ ...base, plugins: [{ id: 'fusion' }] }));
    expect(config).toEqual({ model: base.model, plugins: [{ id: 'fusion' }] });
    expect(config).not.toHaveProperty('speed');
  });

  it('never mutates its input and shares no object with it', () => {
    const tools = [{ name: 'f', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }];
    const request = accepted({ ...base, tools, plugins: [{ id: 'web', include_domains: ['a.com'] }] });
    const before = structuredClone(request);
    const { config } = normalizePresetRequest(request);
    expect(request).toEqual(before);
    expect(config.tools).not.toBe(request.tools);
    expect(config.tools?.[0]).not.toBe(request.tools?.[0]);
    expect(config.plugins?.[0]).not.toBe(request.plugins?.[0]);
  });

  it('keeps __proto__ from parsed JSON as an own key, never as a prototype or onto Object.prototype', () => {
    const request = accepted(
      JSON.parse(
        '{"model":"m","messages":[],"tools":[{"name":"f","input_schema":{"type":"object","__proto__":{"polluted":true}}}]}',
      ),
    );
    const { config } = normalizePresetRequest(request);
    const inputSchema = config.tools?.[0] as Record<string, unknown>;
    expect(Object.keys(inputSchema.input_schema as object)).toEqual(['type', '__proto__']);
    expect(Object.getPrototypeOf(inputSchema.input_schema)).toBe(Object.prototype);
    expect((inputSchema.input_schema as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

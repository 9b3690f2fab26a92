import { describe, expectTypeOf, it } from 'vitest';
import {
  errorBody,
  normalizePresetRequest,
  type NormalizedPreset,
  validate,
  validateMessagesRequest,
  validateProvidersResponse,
  type ContentBlock,
  type ErrorBody,
  type ErrorResponse,
  type Message,
  type MessagesRequest,
  type ModelWithEndpoints,
  type ObservabilityDestination,
  type Plugin,
  type Preset,
  type PresetConfig,
  type PresetDraft,
  type PresetVersion,
  type Provider,
  type ProvidersResponse,
  type Thinking,
  type Tool,
  type ToolChoice,
  type ValidationResult,
} from '../../src/index.js';
import type { contentBlockTypes } from '../../schemas/message.js';
import type { pluginIds } from '../../schemas/plugin.js';

describe('types derived from the schemas', () => {
  it('types the required fields of a messages request', () => {
    expectTypeOf<MessagesRequest['model']>().toEqualTypeOf<string>();
    expectTypeOf<MessagesRequest['messages']>().toEqualTypeOf<Message[]>();
    expectTypeOf<Message['role']>().toEqualTypeOf<'user' | 'assistant' | 'system'>();
  });

  it('keeps defaulted and optional request fields optional', () => {
    expectTypeOf<MessagesRequest['speed']>().toEqualTypeOf<'fast' | 'standard' | undefined>();
    expectTypeOf<MessagesRequest['max_tokens']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<{ model: string; messages: [] }>().toMatchTypeOf<MessagesRequest>();
  });

  it('types system as a string or text blocks', () => {
    expectTypeOf<
      Exclude<MessagesRequest['system'], string | undefined>[number]['type']
    >().toEqualTypeOf<'text'>();
  });

  it('discriminates the unions by their tags', () => {
    expectTypeOf<ContentBlock['type']>().toEqualTypeOf<(typeof contentBlockTypes)[number]>();
    // A union of the kinds' literals, not a widened string.
    expectTypeOf<string>().not.toExtend<ContentBlock['type']>();
    expectTypeOf<'text'>().toExtend<ContentBlock['type']>();
    expectTypeOf<Thinking['type']>().toEqualTypeOf<'enabled' | 'disabled' | 'adaptive'>();
    expectTypeOf<Extract<Thinking, { type: 'enabled' }>['budget_tokens']>().toEqualTypeOf<number>();
    expectTypeOf<ToolChoice['type']>().toEqualTypeOf<'auto' | 'any' | 'none' | 'tool'>();
    expectTypeOf<Plugin['id']>().toEqualTypeOf<(typeof pluginIds)[number]>();
    expectTypeOf<string>().not.toExtend<Plugin['id']>();
    expectTypeOf<ObservabilityDestination['type']>().toExtend<string>();
    expectTypeOf<'langfuse'>().toExtend<ObservabilityDestination['type']>();
  });

  it('lets a tool be custom without a type, or of any other kind', () => {
    expectTypeOf<{ name: string; input_schema: { type: 'object' } }>().toExtend<Tool>();
    expectTypeOf<{ type: 'future_tool'; anything: 1 }>().toExtend<Tool>();
  });

  it('types the response bodies', () => {
    expectTypeOf<Preset['designated_version']>().toExtend<PresetVersion | null>();
    expectTypeOf<PresetVersion['version']>().toEqualTypeOf<number>();
    expectTypeOf<PresetVersion['config']>().toEqualTypeOf<PresetConfig>();
    expectTypeOf<ModelWithEndpoints['id']>().toEqualTypeOf<string>();
    expectTypeOf<ProvidersResponse['data']>().toEqualTypeOf<Provider[]>();
    expectTypeOf<Provider['slug']>().toEqualTypeOf<string>();
  });

  it('types the error body and its builder', () => {
    expectTypeOf<ErrorResponse['error']['code']>().toEqualTypeOf<number>();
    expectTypeOf(errorBody).returns.toEqualTypeOf<ErrorBody>();
    expectTypeOf<ErrorBody>().toExtend<ErrorResponse>();
  });
});

describe('the validator API', () => {
  it('narrows the result of validate to the named root', () => {
    expectTypeOf(validate<'messages-request'>).returns.toEqualTypeOf<ValidationResult<MessagesRequest>>();
    expectTypeOf(validate<'providers-response'>).returns.toEqualTypeOf<ValidationResult<ProvidersResponse>>();
  });

  it('rejects an unknown root name at compile time', () => {
    // @ts-expect-error: not a root name
    validate('message-request', {});
  });

  it('makes each root validator a type guard', () => {
    const value: unknown = {};
    if (validateProvidersResponse(value)) expectTypeOf(value).toEqualTypeOf<ProvidersResponse>();
    if (validateMessagesRequest(value)) expectTypeOf(value.model).toEqualTypeOf<string>();
  });

  it('types the normalizer from request to draft', () => {
    expectTypeOf(normalizePresetRequest).parameter(0).toEqualTypeOf<MessagesRequest>();
    expectTypeOf(normalizePresetRequest).returns.toEqualTypeOf<NormalizedPreset>();
    expectTypeOf<NormalizedPreset>().toEqualTypeOf<PresetDraft & { dropped: string[] }>();
    expectTypeOf<PresetDraft['system_prompt']>().toEqualTypeOf<string | null>();
    expectTypeOf<PresetDraft['config']>().toEqualTypeOf<PresetConfig>();
  });
});

describe('observability destination variants', () => {
  it('carry the shared fields and their own config', () => {
    expectTypeOf<import('../../src/index.js').LangfuseDestination['type']>().toEqualTypeOf<'langfuse'>();
    expectTypeOf<import('../../src/index.js').LangfuseDestination['enabled']>().toEqualTypeOf<boolean>();
    expectTypeOf<import('../../src/index.js').LangfuseDestination['config']>().toHaveProperty('secretKey');
  });
});

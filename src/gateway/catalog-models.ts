import type { ModelEndpoint, ModelWithEndpoints } from '../generated/types.js';

interface EndpointFacts {
  provider: string;
  tag: string;
  quantization: string | null;
  context: number;
  maxCompletion: number | null;
  /** USD per token, as decimal strings. */
  prompt: string;
  completion: string;
  /** Median latency (ms) and throughput (tokens/s) of the last 30 minutes; null when there was no traffic. */
  latency: number | null;
  throughput: number | null;
  uptime: number;
  parameters: readonly string[];
  caching?: boolean;
}

const chatParameters = ['max_tokens', 'temperature', 'top_p', 'stop', 'tools', 'tool_choice'];
const reasoningParameters = [...chatParameters, 'reasoning', 'include_reasoning', 'response_format'];
const openParameters = [...chatParameters, 'top_k', 'seed', 'frequency_penalty', 'presence_penalty', 'min_p'];

/** p50 to p99 spread as real traffic spreads it: a long tail. */
function percentiles(p50: number | null) {
  if (p50 === null) return null;
  const at = (factor: number) => Math.round(p50 * factor * 100) / 100;
  return { p50, p75: at(1.3), p90: at(1.8), p99: at(3.1) };
}

function endpoint(model: { id: string; name: string }, facts: EndpointFacts): ModelEndpoint {
  return {
    name: `${facts.provider} | ${model.id}`,
    model_id: model.id,
    model_name: model.name,
    provider_name: facts.provider,
    tag: facts.tag,
    context_length: facts.context,
    max_completion_tokens: facts.maxCompletion,
    max_prompt_tokens: null,
    pricing: { prompt: facts.prompt, completion: facts.completion, request: '0', image: '0' },
    quantization: facts.quantization,
    status: 0,
    supported_parameters: [...facts.parameters],
    supports_implicit_caching: facts.caching ?? false,
    // The public SDK 1.3 requires this on every endpoint; the interface's schema accepts it as an extra field.
    supports_tool_choice: {
      auto: true,
      function: true,
      none: true,
      required: facts.parameters.includes('tools'),
    },
    latency_last_30m: percentiles(facts.latency),
    throughput_last_30m: percentiles(facts.throughput),
    uptime_last_5m: facts.latency === null ? null : 100,
    uptime_last_30m: facts.uptime,
    uptime_last_1d: Math.min(100, facts.uptime + 0.2),
  };
}

interface ModelFacts {
  id: string;
  name: string;
  created: number;
  description: string;
  input: string[];
  tokenizer: string;
  instructType: string | null;
  endpoints: EndpointFacts[];
}

function model(facts: ModelFacts): ModelWithEndpoints {
  return {
    id: facts.id,
    name: facts.name,
    created: facts.created,
    description: facts.description,
    architecture: {
      input_modalities: facts.input,
      output_modalities: ['text'],
      modality: `${facts.input.join('+')}->text`,
      instruct_type: facts.instructType,
      tokenizer: facts.tokenizer,
    },
    endpoints: facts.endpoints.map((endpointFacts) => endpoint(facts, endpointFacts)),
  };
}

/** Four models with two to five endpoints each (sample figures), one endpoint a line. */
export const bundledModels: readonly ModelWithEndpoints[] = [
  model({
    id: 'anthropic/claude-4.6-sonnet',
    name: 'Anthropic: Claude Sonnet 4.6',
    created: 1771372800,
    description: 'A balanced model for coding, agents and long documents.',
    input: ['text', 'image'],
    tokenizer: 'Claude',
    instructType: null,
    // prettier-ignore
    endpoints: [
      { provider: 'Anthropic', tag: 'anthropic', quantization: null, context: 1000000, maxCompletion: 64000, prompt: '0.000003', completion: '0.000015', latency: 1240, throughput: 58.2, uptime: 99.7, parameters: reasoningParameters, caching: true },
      { provider: 'Amazon Bedrock', tag: 'amazon-bedrock', quantization: null, context: 200000, maxCompletion: 64000, prompt: '0.000003', completion: '0.000015', latency: 1510, throughput: 51.6, uptime: 99.4, parameters: reasoningParameters },
      { provider: 'Google', tag: 'google-vertex', quantization: null, context: 200000, maxCompletion: 64000, prompt: '0.000003', completion: '0.000015', latency: 1380, throughput: 54.9, uptime: 99.1, parameters: reasoningParameters },
    ],
  }),
  model({
    id: 'openai/gpt-5',
    name: 'OpenAI: GPT-5',
    created: 1754524800,
    description: 'A reasoning model for hard, multi-step tasks.',
    input: ['text', 'image'],
    tokenizer: 'GPT',
    instructType: null,
    // prettier-ignore
    endpoints: [
      { provider: 'OpenAI', tag: 'openai', quantization: null, context: 400000, maxCompletion: 128000, prompt: '0.00000125', completion: '0.00001', latency: 2210, throughput: 72.4, uptime: 99.8, parameters: reasoningParameters, caching: true },
      { provider: 'Azure', tag: 'azure', quantization: null, context: 400000, maxCompletion: 128000, prompt: '0.00000125', completion: '0.00001', latency: null, throughput: null, uptime: 98.9, parameters: reasoningParameters },
    ],
  }),
  model({
    id: 'meta-llama/llama-3.3-70b-instruct',
    name: 'Meta: Llama 3.3 70B Instruct',
    created: 1733506137,
    description: 'A multilingual 70B instruction-tuned model with open weights.',
    input: ['text'],
    tokenizer: 'Llama3',
    instructType: 'llama3',
    // prettier-ignore
    endpoints: [
      { provider: 'DeepInfra', tag: 'deepinfra/fp8', quantization: 'fp8', context: 131072, maxCompletion: 16384, prompt: '0.00000023', completion: '0.0000004', latency: 420, throughput: 38.5, uptime: 99.5, parameters: openParameters },
      { provider: 'Together', tag: 'together/fp8', quantization: 'fp8', context: 131072, maxCompletion: null, prompt: '0.00000088', completion: '0.00000088', latency: 390, throughput: 96.1, uptime: 99.6, parameters: openParameters },
      { provider: 'Fireworks', tag: 'fireworks', quantization: 'fp16', context: 131072, maxCompletion: 16384, prompt: '0.0000009', completion: '0.0000009', latency: 350, throughput: 110.3, uptime: 99.2, parameters: openParameters },
      { provider: 'Groq', tag: 'groq', quantization: null, context: 131072, maxCompletion: 32768, prompt: '0.00000059', completion: '0.00000079', latency: 210, throughput: 310.7, uptime: 98.7, parameters: chatParameters },
      { provider: 'Cerebras', tag: 'cerebras/fp16', quantization: 'fp16', context: 128000, maxCompletion: 8192, prompt: '0.00000085', completion: '0.0000012', latency: 180, throughput: 1850, uptime: 99.0, parameters: chatParameters },
    ],
  }),
  model({
    id: 'google/gemini-3-pro',
    name: 'Google: Gemini 3 Pro',
    created: 1763424000,
    description: 'A multimodal reasoning model with a long context window.',
    input: ['text', 'image', 'file'],
    tokenizer: 'Gemini',
    instructType: null,
    // prettier-ignore
    endpoints: [
      { provider: 'Google AI Studio', tag: 'google-ai-studio', quantization: null, context: 1048576, maxCompletion: 65536, prompt: '0.000002', completion: '0.000012', latency: 1870, throughput: 88.8, uptime: 99.3, parameters: reasoningParameters, caching: true },
      { provider: 'Google', tag: 'google-vertex', quantization: null, context: 1048576, maxCompletion: 65536, prompt: '0.000002', completion: '0.000012', latency: 1920, throughput: 84.1, uptime: 99.6, parameters: reasoningParameters, caching: true },
    ],
  }),
];

import type { Provider } from '../generated/types.js';

function provider(
  name: string,
  slug: string,
  headquarters: NonNullable<Provider['headquarters']>,
  datacenters: NonNullable<Provider['datacenters']>,
  site: string,
): Provider {
  return {
    name,
    slug,
    headquarters,
    datacenters,
    privacy_policy_url: `https://${site}/privacy`,
    terms_of_service_url: `https://${site}/terms`,
    status_page_url: `https://status.${site}`,
  };
}

/** Twelve providers, the ones the bundled models' endpoints name among them. */
export const bundledProviders: readonly Provider[] = [
  provider('Anthropic', 'anthropic', 'US', ['US'], 'anthropic.example.com'),
  provider('OpenAI', 'openai', 'US', ['US'], 'openai.example.com'),
  provider('Google', 'google-vertex', 'US', ['US', 'BE', 'NL', 'SG'], 'vertex.example.com'),
  provider('Google AI Studio', 'google-ai-studio', 'US', ['US'], 'aistudio.example.com'),
  provider('Amazon Bedrock', 'amazon-bedrock', 'US', ['US', 'DE', 'JP'], 'bedrock.example.com'),
  provider('Azure', 'azure', 'US', ['US', 'SE', 'NL'], 'azure.example.com'),
  provider('DeepInfra', 'deepinfra', 'US', ['US'], 'deepinfra.example.com'),
  provider('Together', 'together', 'US', ['US'], 'together.example.com'),
  provider('Fireworks', 'fireworks', 'US', ['US'], 'fireworks.example.com'),
  provider('Groq', 'groq', 'US', ['US', 'FI'], 'groq.example.com'),
  provider('Cerebras', 'cerebras', 'US', ['US', 'CA'], 'cerebras.example.com'),
  provider('Mistral', 'mistral', 'FR', ['FR', 'SE'], 'mistral.example.com'),
];

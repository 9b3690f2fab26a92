import type { Catalog } from './catalog.js';
import type { GatewayKey, GatewayKeys } from './keys.js';

export interface BannerFacts {
  /** Where the routes hang: `http://127.0.0.1:8787/api/v1`. */
  baseUrl: string;
  keys: GatewayKeys;
  catalog: Catalog;
  /** The example request, relative to the working directory, or null when it is not there to send. */
  exampleBodyPath: string | null;
}

/** A small request to send when the bundled example file is not at hand (an installed package lacks it). */
const inlineExample = JSON.stringify({
  model: 'anthropic/claude-4.6-sonnet',
  max_tokens: 1024,
  system: 'You are a careful code reviewer.',
  messages: [{ role: 'user', content: 'Review this diff.' }],
});

/** A generated key is printed as is; a key from the environment is left to the shell to expand, never shown. */
function authorization(key: GatewayKey): string {
  return key.generated ? `'Authorization: Bearer ${key.value}'` : `"Authorization: Bearer $${key.variable}"`;
}

/** Three commands that work as printed from the repository root: two public reads, and a preset create. */
export function curlCommands({ baseUrl, keys, catalog, exampleBodyPath }: BannerFacts): string[] {
  const model = catalog.models[0]?.id ?? 'anthropic/claude-4.6-sonnet';
  const body = exampleBodyPath === null ? `-d '${inlineExample}'` : `--data-binary @${exampleBodyPath}`;
  return [
    `curl -s ${baseUrl}/providers`,
    `curl -s ${baseUrl}/models/${model}/endpoints`,
    `curl -s -X POST ${baseUrl}/presets/code-review/messages -H ${authorization(keys.management)} -H 'Content-Type: application/json' ${body}`,
  ];
}

function keyLine(label: string, key: GatewayKey): string {
  return `  ${label} ${key.generated ? key.value : `(from ${key.variable})`}`;
}

/** What `serve` prints once it listens: where, the keys, the bundled ids, and commands to try. */
export function gatewayBanner(facts: BannerFacts): string {
  const { keys, catalog } = facts;
  const anyGenerated = keys.management.generated || keys.standard.generated;
  return [
    `gateway-contract reference gateway listening on ${facts.baseUrl}`,
    '',
    anyGenerated
      ? 'Keys (generated for this run; set GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY to choose them):'
      : 'Keys:',
    keyLine('management', keys.management),
    keyLine('standard  ', keys.standard),
    '',
    'Bundled models:',
    ...catalog.models.map((model) => `  ${model.id} (${model.endpoints.length} endpoints)`),
    'Observability destinations (read with the management key):',
    ...catalog.destinations.map((destination) => `  ${destination.id} (${destination.type})`),
    '',
    'Try:',
    ...curlCommands(facts).map((command) => `  ${command}`),
    '',
    'One log line per request follows. Stop with Ctrl-C or SIGTERM.',
    '',
  ].join('\n');
}

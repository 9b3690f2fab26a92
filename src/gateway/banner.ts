import type { Catalog } from './catalog.js';
import type { GatewayKey, GatewayKeys } from './keys.js';

export interface BannerFacts {
  /** Where the routes hang: `http://127.0.0.1:8787/api/v1`. */
  baseUrl: string;
  keys: GatewayKeys;
  catalog: Catalog;
  /** The example request, relative to the working directory, or null when it is not there to send. */
  exampleBodyPath: string | null;
  /** The `--catalog` file the models and destinations come from; the bundled sample catalog when absent. */
  catalogPath?: string;
  /** Where presets and keys are kept, in one sentence; the in-memory store when absent. */
  store?: GatewayStoreFacts;
  /**
   * The file the keys generated now were written to (0600); with it, the banner names the file instead of
   * showing the keys, as off a terminal, where a log pipeline would ship them (contract: operator-output).
   */
  keyFile?: string;
}

/** A key generated now that the banner shows: only when no key file stands in for it. */
function shown(key: GatewayKey, keyFile: string | undefined): key is GatewayKey & { value: string } {
  return key.generated && key.value !== null && keyFile === undefined;
}

export interface GatewayStoreFacts {
  /** `Presets and keys are kept in ...`, or the warning that nothing survives. */
  sentence: string;
  /** Keys and presets outlive the process: a generated key is kept as a digest and printed only now. */
  durable: boolean;
}

/** What the in-memory store is, said plainly. */
export const memoryStoreFacts: GatewayStoreFacts = {
  sentence:
    'Store: in memory (--memory). Nothing survives a restart: presets and generated keys go when the gateway stops.',
  durable: false,
};

/** A small request to send when the bundled example file is not at hand (an installed package lacks it). */
const inlineExample = JSON.stringify({
  model: 'anthropic/claude-4.6-sonnet',
  max_tokens: 1024,
  system: 'You are a careful code reviewer.',
  messages: [{ role: 'user', content: 'Review this diff.' }],
});

/**
 * A key generated now is printed as is; a key from the environment, or one kept from an earlier run, is left to
 * the shell to expand, never shown.
 */
function authorization(key: GatewayKey, keyFile: string | undefined): string {
  return shown(key, keyFile)
    ? `'Authorization: Bearer ${key.value}'`
    : `"Authorization: Bearer $${key.variable}"`;
}

/** Three commands that work as printed from the repository root: two public reads, and a preset create. */
export function curlCommands({ baseUrl, keys, catalog, exampleBodyPath, keyFile }: BannerFacts): string[] {
  const model = catalog.models[0]?.id ?? 'anthropic/claude-4.6-sonnet';
  const body = exampleBodyPath === null ? `-d '${inlineExample}'` : `--data-binary @${exampleBodyPath}`;
  return [
    `curl -s ${baseUrl}/providers`,
    `curl -s ${baseUrl}/models/${model}/endpoints`,
    `curl -s -X POST ${baseUrl}/presets/code-review/messages -H ${authorization(keys.management, keyFile)} -H 'Content-Type: application/json' ${body}`,
  ];
}

function keyLine(label: string, key: GatewayKey, keyFile: string | undefined): string {
  if (shown(key, keyFile)) return `  ${label} ${key.value}`;
  if (key.generated && key.value !== null) return `  ${label} (generated now: ${key.variable} in ${keyFile})`;
  if (key.value === null)
    return `  ${label} (kept from an earlier run as a hash; it was printed when it was made)`;
  return `  ${label} (from ${key.variable})`;
}

function keysHeading(keys: GatewayKeys, store: GatewayStoreFacts, keyFile: string | undefined): string {
  const choose = 'set GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY to choose them';
  if (!keys.management.generated && !keys.standard.generated) return 'Keys:';
  if (keyFile !== undefined) {
    return `Keys (generated now and written to ${keyFile}, readable by its owner alone; ${choose}, or set -a; . ${keyFile}):`;
  }
  return store.durable
    ? `Keys (generated now and kept as hashes: save them, they are printed this once; ${choose}):`
    : `Keys (generated for this run; ${choose}):`;
}

/** What `serve` prints once it listens: where, the keys, the bundled ids, and commands to try. */
export function gatewayBanner(facts: BannerFacts): string {
  const { keys, catalog } = facts;
  const store = facts.store ?? memoryStoreFacts;
  return [
    `gateway-contract reference gateway listening on ${facts.baseUrl}`,
    store.sentence,
    '',
    keysHeading(keys, store, facts.keyFile),
    keyLine('management', keys.management, facts.keyFile),
    keyLine('standard  ', keys.standard, facts.keyFile),
    '',
    facts.catalogPath === undefined ? 'Bundled models:' : `Models (from ${facts.catalogPath}):`,
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

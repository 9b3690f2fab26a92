import type { MessagesRequest, PresetConfig, PresetDraft } from '../generated/types.js';
import * as generated from '../generated/validators.js';
import { copyJson } from '../body/json-value.js';

/**
 * The config keys (docs/contract.md#preset-config), read from the preset-config schema at build time so the
 * list is written once.
 */
export const presetConfigKeys = generated.presetConfigKeys as ReadonlyArray<keyof PresetConfig>;

/**
 * The system prompt (contract: system-prompt): a string as sent, text blocks joined with a blank line (cache
 * markers dropped), or null.
 */
function systemPrompt(system: MessagesRequest['system']): string | null {
  if (system === undefined) return null;
  if (typeof system === 'string') return system;
  return system.map((block) => block.text).join('\n\n');
}

/**
 * Turns a validated messages request into what a preset version saves: the config fields, and `system` as the
 * system prompt (docs/contract.md#preset-config). The input is never mutated and the output shares no object
 * with it; absent keys stay absent (no defaults are injected).
 */
export function normalizePresetRequest(request: MessagesRequest): PresetDraft {
  const config: Record<string, unknown> = {};
  for (const key of presetConfigKeys) {
    if (Object.hasOwn(request, key) && request[key] !== undefined) config[key] = copyJson(request[key]);
  }
  return { config: config as PresetConfig, system_prompt: systemPrompt(request.system) };
}

const configKeySet: ReadonlySet<string> = new Set(generated.presetConfigKeys);

/** The names of a request's fields that a preset does not save (contract: preset-config), in request order. */
export function droppedFieldNames(request: MessagesRequest): string[] {
  return Object.keys(request).filter((key) => !configKeySet.has(key));
}

import type { MessagesRequest, PresetConfig, PresetDraft } from '../generated/types.js';
import * as generated from '../generated/validator-facts.js';
import { copyJson, DEFAULT_MAX_DEPTH } from './json-value.js';

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

const configKeySet: ReadonlySet<string> = /* @__PURE__ */ new Set(generated.presetConfigKeys);

/** The names of a request's fields that a preset does not save (contract: preset-config), in request order. */
export function droppedFieldNames(request: MessagesRequest): string[] {
  return Object.keys(request).filter((key) => !configKeySet.has(key));
}

/**
 * What a preset version saves of a request, and the top-level names of the request's fields it does not save
 * (`messages`, `system` as such, a typo such as `tempreature`), so a gateway can warn about them. Names only:
 * a dropped field's value is never copied.
 */
export type NormalizedPreset = PresetDraft & { dropped: string[] };

/**
 * Turns a validated messages request into what a preset version saves: the config fields, copied with every
 * key they hold (`__proto__`, `constructor` and `prototype` included), and `system` as the system prompt
 * (docs/contract.md#preset-config); `dropped` names the other fields, in request order. The input is never
 * mutated and the output shares no object with it; absent keys stay absent (no defaults are injected). A field
 * that holds itself, an array hole, or nesting past 64 levels counted from the request (contract: body-limits)
 * throws a TypeError: a validated body has none.
 */
export function normalizePresetRequest(request: MessagesRequest): NormalizedPreset {
  const config: Record<string, unknown> = {};
  for (const key of presetConfigKeys) {
    // A field's value sits at level 2, under the request as under the config.
    if (Object.hasOwn(request, key) && request[key] !== undefined) {
      config[key] = copyJson(request[key], DEFAULT_MAX_DEPTH - 1);
    }
  }
  return {
    config: config as PresetConfig,
    system_prompt: systemPrompt(request.system),
    dropped: droppedFieldNames(request),
  };
}

/**
 * What a preset version saves of a request the caller has just parsed and drops after: the config fields as they
 * are, not copied, and the system prompt. For a store that copies or serializes what it is given, as every
 * preset store does, so that a create copies the config once, in the store, rather than twice.
 */
export function presetDraftOf(request: MessagesRequest): PresetDraft {
  const config: Record<string, unknown> = {};
  for (const key of presetConfigKeys) {
    if (Object.hasOwn(request, key) && request[key] !== undefined) config[key] = request[key];
  }
  return { config: config as PresetConfig, system_prompt: systemPrompt(request.system) };
}

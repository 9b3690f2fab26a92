import { serverTools } from './server-tool.js';
import { cacheControl, nullableStringArray } from './shared.js';
import { taggedUnion } from './tagged-union.js';
import {
  advisorTool,
  bashTool,
  textEditorTool,
  toolSearchToolBm25,
  toolSearchToolRegex,
  webSearchTool20250305,
  webSearchTool20260209,
} from './versioned-tool.js';

/**
 * A `tools` item: the one open union of the interface (docs/contract.md#closed-lists). A known `type` must
 * match its own shape; an unknown `type` is a tool kind this contract does not know yet and is accepted as it
 * is; no `type` at all is a custom tool, as most clients send them.
 */

/** A tool the client defines and runs: the model calls it with input matching `input_schema`. */
export const customTool = {
  type: 'object',
  description: 'A tool defined and run by the client. `type` may be omitted.',
  required: ['name', 'input_schema'],
  properties: {
    type: { enum: ['custom'] },
    name: { type: 'string', description: 'Name the model calls the tool by.' },
    description: { type: 'string', description: 'What the tool does, for the model.' },
    // A JSON Schema of the tool input (contract: unknown-properties); keys beyond these three stay free-form in
    // every profile.
    input_schema: {
      type: 'object',
      description: 'JSON Schema of the tool input.',
      properties: {
        type: { type: 'string', default: 'object' },
        properties: { description: 'Schemas of the input properties, by name.' },
        required: { ...nullableStringArray, description: 'Names of the required input properties.' },
      },
    },
    cache_control: cacheControl,
    defer_loading: { type: 'boolean', description: 'Load the tool only when a tool search finds it.' },
  },
} as const;

/** Every known tool kind, one arm each: the discriminator dispatches on `type` among these. */
export const knownTools = [
  customTool,
  bashTool,
  textEditorTool,
  webSearchTool20250305,
  webSearchTool20260209,
  advisorTool,
  toolSearchToolBm25,
  toolSearchToolRegex,
  ...serverTools,
] as const;

/** A tool whose `type` is known: the arm named by `type` alone is checked. */
export const knownTool = taggedUnion('type', knownTools);

/** The `type` values of the known arms (an arm may take two), derived from them (no list written twice). */
export const KNOWN_TOOL_TYPES = knownTool.properties.type.enum;

/** Any other tool kind, kept open for kinds added after this contract. */
export const genericTool = {
  type: 'object',
  description: 'A tool kind not described here, passed through as sent.',
  required: ['type'],
  properties: {
    type: { type: 'string', not: { enum: KNOWN_TOOL_TYPES }, description: 'Tool kind.' },
  },
} as const;

export const tool = {
  type: 'object',
  description:
    'A tool the model may use: a custom tool (`type` omitted or `custom`), a known tool kind, or a tool kind passed through as sent.',
  // `properties` names `type` for Ajv's strictRequired; the test is presence alone.
  if: { properties: { type: true }, required: ['type'] },
  then: {
    if: { properties: { type: { enum: KNOWN_TOOL_TYPES } } },
    then: knownTool,
    else: genericTool,
  },
  else: customTool,
} as const;

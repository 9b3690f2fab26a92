import type { errorBody as ErrorBodyOf } from '../../src/core/errors.js';
import type { Provider } from '../../src/generated/types.js';
import type { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import type { presetOperations as PresetOperationsOf } from '../../src/http/store/preset-operations.js';
import type { PresetClock, PresetKey, StoredPreset } from '../../src/http/store/preset-store.js';
import type { HandlerOptions, Principal } from '../../src/http/types.js';

/*
 * This module imports types only: test/runtimes/ runs it, transpiled, in other runtimes against the package as
 * built, which hands in its own parts.
 */

export const MANAGEMENT_KEY = 'test-management-key';
export const STANDARD_KEY = 'test-standard-key';
/** The keys of a second workspace, which must neither see nor write the first's presets (contract: workspaces). */
export const OTHER_MANAGEMENT_KEY = 'test-other-management-key';
export const OTHER_STANDARD_KEY = 'test-other-standard-key';
export const WORKSPACE_ID = '5b0c3a52-7d6e-4f3a-9c41-2e8f1d6a7b90';
export const OTHER_WORKSPACE_ID = '00000000-0000-4000-8000-0000000000b2';
const principals = new Map<string, Principal>([
  [MANAGEMENT_KEY, { kind: 'management', userId: 'user-m', workspaceId: WORKSPACE_ID }],
  [STANDARD_KEY, { kind: 'standard', userId: 'user-s', workspaceId: WORKSPACE_ID }],
  [OTHER_MANAGEMENT_KEY, { kind: 'management', userId: 'other-m', workspaceId: OTHER_WORKSPACE_ID }],
  [OTHER_STANDARD_KEY, { kind: 'standard', userId: 'other-s', workspaceId: OTHER_WORKSPACE_ID }],
]);

/** The body limit (contract: body-limits), lowered so a body past it stays small enough for a fast test. */
export const TEST_MAX_BYTES = 32 * 1024;

const provider: Provider = {
  name: 'Example Cloud',
  slug: 'example-cloud',
  headquarters: 'US',
  datacenters: ['US', 'IE'],
  privacy_policy_url: 'https://example.com/privacy',
  terms_of_service_url: 'https://example.com/terms',
  status_page_url: null,
};

/** The exports the table's options are made of: the source's, or those of the package as built. */
export interface TableParts {
  MemoryPresetStore: typeof MemoryPresetStore;
  presetOperations: typeof PresetOperationsOf;
  errorBody: typeof ErrorBodyOf;
}

/**
 * The options every adapter is started with: the real preset operations over a store, a one-provider catalog,
 * and two hooks for the 500s: an implementation that throws, and one that returns a body breaking the contract.
 * Whatever reaches `onError` is pushed to `errors`. `clock` fixes the times and ids a create writes.
 */
export function tableOptionsOf(
  { MemoryPresetStore, presetOperations, errorBody }: TableParts,
  errors: unknown[],
  clock?: PresetClock,
): Omit<HandlerOptions, 'basePath'> {
  /** A store that loses every compare-and-set at one slug, as if another writer always got there first. */
  class ContestedStore extends MemoryPresetStore {
    override compareAndSet(key: PresetKey, expected: number, preset: StoredPreset): Promise<boolean> {
      return key.slug === 'contested' ? Promise.resolve(false) : super.compareAndSet(key, expected, preset);
    }
  }
  const presets = presetOperations(new ContestedStore(), clock);
  const full = presetOperations(new MemoryPresetStore({ maxPresets: 0 }), clock);
  return {
    resolveKey: (key) => principals.get(key) ?? null,
    limits: { maxBytes: TEST_MAX_BYTES },
    validateResponses: true,
    onError: (error) => errors.push(error),
    operations: {
      ...presets,
      createPresetsMessages(input) {
        if (input.slug === 'explode') throw new Error('connection refused by db-7.internal at /srv/secret');
        return (input.slug === 'full' ? full : presets).createPresetsMessages(input);
      },
      listEndpoints: ({ author }) =>
        author === 'broken' ? ({ data: { id: 'broken/model' } } as never) : errorBody(404),
      getObservabilityDestination: () => errorBody(404),
      listProviders: () => ({ data: [provider] }),
    },
  };
}

import { errorBody } from '../core/errors.js';
import { normalizePresetRequest } from '../core/normalize.js';
import { savePresetVersion, type PresetClock, type PresetStore } from './store/preset-store.js';
import type { GatewayOperations } from './types.js';

/**
 * The two preset operations over a store: the create saves the request's normalized draft as a new version
 * (contract: preset-versions; a lost compare-and-set is 409), and the get reads one version back (404 when
 * there is none).
 */
export function presetOperations(
  store: PresetStore,
  clock: PresetClock = {},
): Pick<GatewayOperations, 'createPresetsMessages' | 'getPresetVersion'> {
  return {
    async createPresetsMessages({ slug, request, principal }) {
      const saved = await savePresetVersion(store, slug, normalizePresetRequest(request), principal, clock);
      return saved.ok ? { data: saved.preset } : errorBody(409);
    },
    async getPresetVersion({ slug, version }) {
      const found = await store.getVersion(slug, version);
      return found ? { data: found } : errorBody(404);
    },
  };
}

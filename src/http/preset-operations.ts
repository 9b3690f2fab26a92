import { errorBody } from '../core/errors.js';
import { presetDraftOf } from '../core/normalize.js';
import { PresetStoreFull } from './store/preset-store-full.js';
import { savePresetVersion, type PresetClock, type PresetStore } from './store/preset-store.js';
import type { GatewayOperations } from './types.js';

/**
 * The two preset operations over a store: the create saves the request's normalized draft as a new version
 * (contract: preset-versions; a lost compare-and-set is 409, a full store 503), and the get reads one version
 * back (404 when there is none).
 */
export function presetOperations(
  store: PresetStore,
  clock: PresetClock = {},
): Pick<GatewayOperations, 'createPresetsMessages' | 'getPresetVersion'> {
  return {
    async createPresetsMessages({ slug, request, principal }) {
      // The request was parsed for this call alone, and the store copies what it keeps, so nothing is copied here.
      const draft = presetDraftOf(request);
      try {
        const saved = await savePresetVersion(store, slug, draft, principal, clock);
        return saved.ok ? { data: saved.preset } : errorBody(409);
      } catch (error) {
        if (error instanceof PresetStoreFull) return errorBody(503);
        throw error;
      }
    },
    async getPresetVersion({ slug, version }) {
      const found = await store.getVersion(slug, version);
      return found ? { data: found } : errorBody(404);
    },
  };
}

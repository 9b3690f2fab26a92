import { errorBody } from '../../core/errors.js';
import { stillRunningBody } from '../../core/idempotency-key.js';
import { presetDraftOf } from '../../core/normalize.js';
import { PresetStoreFull } from './preset-store-full.js';
import { PresetStoreUnavailable } from './preset-store-unavailable.js';
import type { PresetDraft } from '../../generated/types.js';
import {
  savePresetVersion,
  type IdempotentCreate,
  type PresetAuthor,
  type PresetClock,
  type PresetStore,
} from './preset-store.js';
import type { OperationId, operations } from '../../core/operations.js';
import type { GatewayOperations } from '../types.js';

/**
 * The operations on presets, read from the table by their path (`/presets/...`): an operation added there is one
 * `presetOperations` must implement, and one the catalog does not, with no list to edit by hand.
 */
export type PresetOperationId = {
  [Id in OperationId]: (typeof operations)[Id]['path'] extends `/presets/${string}` ? Id : never;
}[OperationId];

/**
 * The fingerprint of a create with an `Idempotency-Key` (contract: idempotent-creates): SHA-256 of its slug and
 * of its body as validated, so a retry of the same request matches and any other body or slug does not. The
 * slug's length comes first, so no slug and body can pass for another pair.
 */
async function fingerprintOf(slug: string, bodyText: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${slug.length}:${slug}${bodyText}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The preset operations over a store: the create saves the request's normalized draft as a new version
 * (contract: preset-versions; a lost compare-and-set is 409, a full store or one that cannot answer 503), and the
 * get reads one version back (404 when there is none; a store that cannot answer throws, which is a 500). Both
 * reach only the caller's workspace: another workspace's preset is answered as one that does not exist
 * (contract: workspaces). A create with an `Idempotency-Key` is made once (contract: idempotent-creates): its
 * retry answers what the first did, another request with the key is 409, and one while the first still runs is
 * 409 with `Retry-After`.
 */
export function presetOperations(
  store: PresetStore,
  clock: PresetClock = {},
): Pick<GatewayOperations, PresetOperationId> {
  return {
    // Not async: the draft (and with a key, the body's text) is taken at once, so the request it came from is not
    // held while the store works.
    createPresetsMessages: ({ slug, request, principal, idempotencyKey }) =>
      idempotencyKey === undefined
        ? saveDraft(slug, presetDraftOf(request), principal)
        : saveOnce(slug, presetDraftOf(request), principal, idempotencyKey, JSON.stringify(request)),
    async getPresetVersion({ slug, version, principal }) {
      const found = await store.getVersion({ workspaceId: principal.workspaceId, slug }, version);
      return found ? { data: found } : errorBody(404);
    },
  };

  async function saveOnce(
    slug: string,
    draft: PresetDraft,
    principal: PresetAuthor,
    key: string,
    bodyText: string,
  ) {
    return saveDraft(slug, draft, principal, { key, fingerprint: await fingerprintOf(slug, bodyText) });
  }

  async function saveDraft(
    slug: string,
    draft: PresetDraft,
    principal: PresetAuthor,
    once?: IdempotentCreate,
  ) {
    try {
      const saved = await savePresetVersion(store, slug, draft, principal, clock, once);
      if (!saved.ok) return saved.reason === 'key-running' ? stillRunningBody() : errorBody(409);
      // The answer may be the JSON the store wrote for this preset (takeWrittenJson), so the preset stays as written.
      Object.freeze(saved.preset.designated_version);
      return { data: Object.freeze(saved.preset) };
    } catch (error) {
      // Nothing was acknowledged: the client may try again later (contract: overload).
      if (error instanceof PresetStoreFull || error instanceof PresetStoreUnavailable) return errorBody(503);
      throw error;
    }
  }
}

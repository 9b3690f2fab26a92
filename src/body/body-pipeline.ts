import { resolvedLimits, type BodyLimits } from './body-limits.js';
import { parseJsonBody } from './json-body.js';
import { normalizePresetRequest } from '../core/normalize.js';
import { loadProfile, profileOf, type Profile } from '../core/profiles.js';
import type { MessagesRequest, PresetDraft } from '../core/types.js';
import { rootValidator, validate, type RootName, type ValidationResult } from '../core/validators.js';

/*
 * One body from its bytes to its verdict, the same steps for the HTTP handler, the body check of every adapter
 * (`createBodyValidator`, `readBody`) and the command line: the size on the raw bytes (413), UTF-8, then depth,
 * the cost bounds and repeated keys on the text, JSON.parse (its keys checked against the text, for a text with
 * an escaped key) and an object root (json-body.ts), the profile's validator, and the normalizer when asked.
 * Reading a request for its bytes (its content type, its declared length, a stream) is the HTTP layer's, in
 * src/http/request-body.ts.
 *
 * The body verdict invariant: every fast path gives the exact scan's verdict (valid or not, the status, the
 * path and the message) on any text. The exact scan is findStructureIssue (json-structure.ts) over the whole
 * text, then the parse; the fast paths are json-parse-first.ts (a small, sparse body parsed first and checked
 * on its value), json-shape.ts (a pass that counts keys and depth instead of hashing keys) and the hashes of
 * json-structure.ts (keys compared as text only when their hashes meet). The property tests of
 * test/body/json-parse-first.test.ts, test/body/json-shape.test.ts and test/body/body-guards.test.ts hold it.
 * And the value it accepts is the value the text means by the JSON grammar, on every runtime, whatever the
 * process parsed before (contract: value-is-text): the engine's JSON.parse is trusted as it is only with a text
 * that writes no escaped object key (escaped-keys.ts); for every other text its escaped keys are checked against
 * the text, and a text they differ from is parsed with them written plain (checked-keys.ts); no value whose keys
 * differ from its text is accepted. test/body/escaped-keys.test.ts
 * holds it, on Node 24 too, whose V8 decodes escaped keys wrongly once its key cache is poisoned.
 */

/**
 * How a body is checked. The limits are the body limits and the cost bound (contract: body-limits, body-cost).
 */
export interface BodyOptions extends BodyLimits {
  /**
   * `strict` rejects unknown properties in every object whose shape is known (contract: unknown-properties);
   * `default` (the default) accepts them outside the objects the contract closes.
   */
  profile?: Profile;
  /**
   * For `messages-request` only: the value becomes a `NormalizedRequest`, the request with what a preset would
   * save of it (contract: preset-config, system-prompt) and the names of the fields it would drop.
   */
  normalize?: boolean;
}

/** A valid messages request, and the preset config and system prompt it comes to (contract: preset-config). */
export type NormalizedRequest = PresetDraft & {
  request: MessagesRequest;
  /** The request's fields a preset does not save, in the request's order (`system` among them). */
  dropped: string[];
};

/** The steps one root's bodies go through, settled once so that no body pays for reading the options. */
export interface BodyPipeline {
  readonly root: RootName;
  readonly limits: Required<BodyLimits>;
  /** What the validator is called with. */
  readonly validateOptions: { readonly profile: Profile };
  /** False only where the caller asked for no validation: a handler measuring what validation costs. */
  readonly validates: boolean;
  readonly normalize: boolean;
  /**
   * Settles once the profile's validators are loaded, at once where the runtime loads them synchronously; null
   * from then on, so that a body waits for nothing, and null where nothing loads ahead.
   */
  loading: Promise<void> | null;
}

/** How a caller runs the pipeline, beside the options its users give. */
export interface PipelineSettings {
  /** False only for a handler measuring what validation costs: any JSON object then passes as it is. */
  validates?: boolean;
  /**
   * Whether the profile's validators start loading now (the default), as a runtime that loads them only
   * asynchronously needs; false leaves them to load synchronously on first use, as the command line does on
   * Node so that a run without an invalid document never loads the validators that list every issue.
   */
  loadAhead?: boolean;
}

/**
 * The pipeline of one root. Options are the programmer's, so an unknown root, a bad limit, an unknown profile
 * or `normalize` on another root throws here, never on a body.
 */
export function bodyPipeline(
  root: RootName,
  options: BodyOptions = {},
  { validates = true, loadAhead = true }: PipelineSettings = {},
): BodyPipeline {
  rootValidator(root);
  const limits = resolvedLimits(options);
  const profile = profileOf(options.profile);
  const normalize = options.normalize === true;
  if (normalize && root !== 'messages-request') {
    throw new TypeError(`normalize applies to messages-request only, not to ${root}`);
  }
  const loading = loadAhead ? loadProfile(profile, [root]) : null;
  const pipeline: BodyPipeline = {
    root,
    limits,
    validateOptions: { profile },
    validates,
    normalize,
    loading,
  };
  // Once loaded, no body waits. A profile that fails to load stays in `loading`, rejected: every body that waits
  // for it fails with that error, and no rejection goes unhandled.
  loading?.then(
    () => (pipeline.loading = null),
    () => undefined,
  );
  return pipeline;
}

/**
 * The steps after the body guards: the profile's validator (its profile loaded, see `loading`), then the
 * normalizer when asked. A body the guards refused comes back as it is.
 */
export function judgedBody(
  pipeline: BodyPipeline,
  guarded: ValidationResult<Record<string, unknown>>,
): ValidationResult<unknown> {
  if (!guarded.ok || !pipeline.validates) return guarded;
  const checked = validate(pipeline.root, guarded.value, pipeline.validateOptions);
  if (!checked.ok || !pipeline.normalize) return checked;
  const request = checked.value as MessagesRequest;
  const normalized: NormalizedRequest = { request, ...normalizePresetRequest(request) };
  return { ok: true, value: normalized };
}

/** The whole verdict on the bytes or text of one body: the body guards of `parseJsonBody`, then `judgedBody`. */
export function bodyVerdict(pipeline: BodyPipeline, body: Uint8Array | string): ValidationResult<unknown> {
  return judgedBody(pipeline, parseJsonBody(body, pipeline.limits));
}

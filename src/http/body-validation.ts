import { resolvedLimits, type BodyLimits } from '../body/body-limits.js';
import { normalizePresetRequest } from '../core/normalize.js';
import type { MessagesRequest, PresetDraft } from '../core/types.js';
import {
  rootValidator,
  validate,
  type RootName,
  type RootTypes,
  type ValidationResult,
} from '../core/validators.js';
import { readJsonRequest } from './request-body.js';
import { loadProfile, profileOf, type Profile } from '../core/profiles.js';
import type { BodyInput } from './types.js';

export type { RootName, RootTypes } from '../core/validators.js';

/**
 * How a body is checked. The limits are the body limits (contract: body-limits); the body-cost bound, once
 * built, joins them here as a further option, so no call written today changes.
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

/** The options a root accepts: `normalize` is for the messages request alone. */
export type BodyOptionsFor<N extends RootName> = N extends 'messages-request'
  ? BodyOptions
  : Omit<BodyOptions, 'normalize'> & { normalize?: false };

/** The options of a call that passes none. */
export type NoOptions = Record<never, never>;

/** A valid messages request, and the preset config and system prompt it comes to (contract: preset-config). */
export type NormalizedRequest = PresetDraft & {
  request: MessagesRequest;
  /** The request's fields a preset does not save, in the request's order (`system` among them). */
  dropped: string[];
};

/** The type of the `normalize` option given, never when none is. */
type NormalizeOption<O> = O[Extract<keyof O, 'normalize'>];

/**
 * What a valid body comes out as: a `NormalizedRequest` when `normalize` is true, the root's type when it is
 * false or not given, and either when it is a boolean known only at run time.
 */
export type BodyValue<N extends RootName, O> = O extends { normalize: true }
  ? NormalizedRequest
  : true extends NormalizeOption<O>
    ? RootTypes[N] | NormalizedRequest
    : RootTypes[N];

/** Reads, guards and validates one request's body; it never throws and never rejects on input. */
export type BodyValidator<T> = (input: BodyInput) => Promise<ValidationResult<T>>;

function normalized(request: MessagesRequest): NormalizedRequest {
  return { request, ...normalizePresetRequest(request) };
}

/**
 * The step every middleware runs: a JSON content type, the body limits on the raw bytes (413 past `maxBytes`,
 * 400 past `maxDepth` or for a repeated key), JSON.parse, the root's validator, then `normalize` if asked. The
 * failure is the error body to send, its `code` the status (contract: error-body). Options are the programmer's,
 * so an unknown root, a bad limit or `normalize` on another root throws here, never on a request.
 */
export function createBodyValidator<N extends RootName, O extends BodyOptionsFor<N> = NoOptions>(
  name: N,
  options?: O,
): BodyValidator<BodyValue<N, O>> {
  rootValidator(name);
  const limits = resolvedLimits(options);
  const normalize = options?.normalize === true;
  const profile = { profile: profileOf(options?.profile) };
  // Resolved at once where the runtime loads validators synchronously; elsewhere the first body waits for it.
  const profileReady = loadProfile(profile.profile);
  profileReady.catch(() => undefined);
  if (normalize && name !== 'messages-request') {
    throw new TypeError(`normalize applies to messages-request only, not to ${name}`);
  }
  return async (input) => {
    const parsed = await readJsonRequest(input, limits);
    if (!parsed.ok) return parsed;
    await profileReady;
    const checked = validate(name, parsed.value, profile);
    if (!checked.ok || !normalize) return checked as ValidationResult<BodyValue<N, O>>;
    return { ok: true, value: normalized(checked.value as MessagesRequest) as BodyValue<N, O> };
  };
}

/**
 * `validate` for a request not read yet: a fetch `Request`, or `{ headers, body }` with the body as bytes,
 * text or a stream. It resolves to the same result, and to the 400 or 413 error body for what the body guards
 * refuse; it rejects only for options that are wrong.
 */
export async function readBody<N extends RootName, O extends BodyOptionsFor<N> = NoOptions>(
  request: BodyInput,
  name: N,
  options?: O,
): Promise<ValidationResult<BodyValue<N, O>>> {
  return createBodyValidator(name, options)(request);
}

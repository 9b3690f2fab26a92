import type { PresetConfig } from '../generated/types.js';
import type { RootName, RootTypes, ValidationResult } from './roots.js';
import * as generated from '../generated/validator-facts.js';
import {
  ownedErrorBody,
  issuesFromPrecompiled,
  unreadableValueMessage,
  type ErrorStatus,
  type PrecompiledError,
} from './errors.js';
import type { OperationId } from './operations.js';
import { secretScan } from './secret-scan-loader.js';
import { withStandardSchema, type StandardSchemaV1 } from './standard-schema.js';
import { everyIssue } from './every-issue.js';
import { notLoadedMessage, profileOf, validatorOf, type Profile } from './profiles.js';

export type { RootName, RootTypes, ValidationResult } from './roots.js';
export type { Profile } from './profiles.js';

/** How `validate` checks a value. */
export interface ValidateOptions {
  /**
   * `strict` rejects unknown properties in every object whose shape is known; `default` (the default) accepts
   * them outside the objects the contract closes (docs/contract.md#unknown-properties).
   */
  profile?: Profile;
  /**
   * `all` (the default) reports every issue of a failing value, up to 20, in document order; `first` reports
   * the first failing rule alone, for a caller that only needs the verdict and one reason
   * (docs/contract.md#every-issue).
   */
  issues?: 'all' | 'first';
}

/**
 * A precompiled validator as the type guard of its body. `errors` holds the last call's errors, or null: each
 * with its `instancePath`, `keyword`, `params`, and the issue's sentence as its `message`.
 */
export interface Guard<T> {
  (data: unknown): data is T;
  errors?: PrecompiledError[] | null;
}

/**
 * A precompiled validator of a profile's part (src/core/profiles.ts), loaded on first use; a runtime that must
 * wait for it throws, naming the call that loads it. The build's standalone validators: loading them compiles
 * nothing (no `new Function`).
 */
function precompiledFor(name: string, profile: Profile = 'default', part: Part = 'verdict'): Guard<unknown> {
  const validator = validatorOf(profile, part, name) as Guard<unknown> | undefined;
  if (validator !== undefined) return validator;
  throw new Error(notLoadedMessage(profile, part, name));
}

type Part = 'verdict' | 'collecting';

/** The root whose validator adds the secret search, and where its config sits: `{ data: { config } }`, level 3. */
const DESTINATION_RESPONSE = 'observability-destination-response';
const CONFIG_PATH = '/data/config';
const CONFIG_LEVEL = 3;

/**
 * The destination response's validator, with the rest of the secret rule (contract: secret-masking): the schema
 * checks every secret name at the top of a config, in any case, and every value of its header map; this then
 * searches the whole config, at any depth, for a full secret under a secret name or in a header map, and every
 * string for a URL's unmasked password or secret query value. A JSON Schema file says "at any depth" only
 * through a `$ref`, which the published files, self-contained, do not use, and reads no part of a string.
 */
function withSecretSearch(
  validator: Guard<unknown>,
  { unmaskedSecretMessage }: SecretSearch,
): Guard<unknown> {
  const guard = ((data: unknown): boolean => {
    if (!validator(data)) {
      guard.errors = validator.errors;
      return false;
    }
    const config = (data as { data: { config: unknown } }).data.config;
    const message = unmaskedSecretMessage(config, CONFIG_LEVEL);
    guard.errors =
      message === undefined ? null : [{ instancePath: CONFIG_PATH, keyword: 'secrets', params: {}, message }];
    return message === undefined;
  }) as Guard<unknown>;
  guard.errors = null;
  return guard;
}

/** The part of the secret scan (secret-scan.ts) the destination response's validator runs. */
export type SecretSearch = Pick<ReturnType<typeof secretScan>, 'unmaskedSecretMessage'>;

/**
 * A root's validator as it stands, or with the secret search for the destination response. The scan is loaded
 * with the root's validator, so a runtime that must load ahead fails here as it would for the validator.
 */
function withRootRules(name: string, validator: Guard<unknown>): Guard<unknown> {
  return name === DESTINATION_RESPONSE ? withSecretSearch(validator, secretScan()) : validator;
}

const knownRoots: ReadonlySet<string> = /* @__PURE__ */ new Set(generated.rootNames);

/**
 * The default verdict of each root used so far, the destination response's with its secret search: filled on a
 * root's first use, so the library loads no validator it is not asked for. Over a prototype with no properties
 * at all, so a name such as `toString` finds nothing and one lookup serves as the name check (an object of its
 * own without a prototype would be a slower dictionary).
 */
const rootValidators = /* @__PURE__ */ Object.create(Object.freeze(Object.create(null) as object)) as Record<
  string,
  Guard<unknown> | undefined
>;

/** A root's default verdict on its first use; an unknown name is a programmer error and throws. */
function firstRootValidator(name: string): Guard<unknown> {
  if (!knownRoots.has(name)) {
    throw new TypeError(
      `Unknown schema name ${JSON.stringify(name)}; expected one of: ${rootNames.join(', ')}`,
    );
  }
  return (rootValidators[name] = withRootRules(name, precompiledFor(name)));
}

/**
 * A guard that exists before its validator is loaded, loading it on its first call: the exported guards of every
 * root and profile, so importing the library loads none of them. One per root and profile.
 */
function lazyGuard(load: () => Guard<unknown>): Guard<unknown> {
  let validator: Guard<unknown> | undefined;
  const guard: Guard<unknown> = (data: unknown): data is unknown => {
    validator ??= load();
    const valid = validator(data);
    guard.errors = validator.errors ?? null;
    return valid;
  };
  guard.errors = null;
  return guard;
}

/**
 * The strict verdict of one root, with the rules the default verdict adds (the destination response's secret
 * search); one per root.
 */
const strictVerdicts = new Map<string, Guard<unknown>>();
function strictVerdict(name: string): Guard<unknown> {
  let known = strictVerdicts.get(name);
  if (known === undefined) {
    known = withRootRules(name, precompiledFor(name, 'strict'));
    strictVerdicts.set(name, known);
  }
  return known;
}

export const rootNames = generated.rootNames as readonly RootName[];

/** The precompiled validator of one root, typed as the guard of that root's body, and a Standard Schema. */
function guardFor<N extends RootName>(
  name: N,
  profile: Profile = 'default',
): Guard<RootTypes[N]> & StandardSchemaV1<RootTypes[N]> {
  const guard = lazyGuard(() => (profile === 'strict' ? strictVerdict(name) : rootValidator(name)));
  return withStandardSchema(guard as Guard<RootTypes[N]>, (value) => validate(name, value, { profile }));
}

/**
 * The guard of one root over a verdict the caller imported (core/imported-validators.ts), for a runtime that
 * cannot load on first use: its Standard Schema reports every issue where the profile's collecting validators
 * are loaded, else the verdict's first.
 */
export function importedGuard<N extends RootName>(
  name: N,
  verdict: unknown,
  profile: Profile = 'default',
  scan?: SecretSearch,
): Guard<RootTypes[N]> & StandardSchemaV1<RootTypes[N]> {
  // The imported scan, not the loader's: a guard of another root then reaches no part of the secret scan.
  const guard = lazyGuard(() =>
    scan === undefined ? (verdict as Guard<unknown>) : withSecretSearch(verdict as Guard<unknown>, scan),
  );
  return withStandardSchema(guard as Guard<RootTypes[N]>, (value) => check(guard, value, 400, name, profile));
}

// Each guard is pure (`@__PURE__`): a bundler drops the guards a program does not use.
export const validateMessagesRequest = /* @__PURE__ */ guardFor('messages-request');
export const validatePresetResponse = /* @__PURE__ */ guardFor('preset-response');
export const validatePresetVersionResponse = /* @__PURE__ */ guardFor('preset-version-response');
export const validateModelEndpointsResponse = /* @__PURE__ */ guardFor('model-endpoints-response');
export const validateObservabilityDestinationResponse = /* @__PURE__ */ guardFor(
  'observability-destination-response',
);
export const validateProvidersResponse = /* @__PURE__ */ guardFor('providers-response');
export const validateErrorResponse = /* @__PURE__ */ guardFor('error-response');
/** The same guards in the strict profile: unknown properties rejected where a shape is known. */
export const validateMessagesRequestStrict = /* @__PURE__ */ guardFor('messages-request', 'strict');
export const validatePresetResponseStrict = /* @__PURE__ */ guardFor('preset-response', 'strict');
export const validatePresetVersionResponseStrict = /* @__PURE__ */ guardFor(
  'preset-version-response',
  'strict',
);
export const validateModelEndpointsResponseStrict = /* @__PURE__ */ guardFor(
  'model-endpoints-response',
  'strict',
);
export const validateObservabilityDestinationResponseStrict = /* @__PURE__ */ guardFor(
  'observability-destination-response',
  'strict',
);
export const validateProvidersResponseStrict = /* @__PURE__ */ guardFor('providers-response', 'strict');
export const validateErrorResponseStrict = /* @__PURE__ */ guardFor('error-response', 'strict');
/** Checks a saved preset config, e.g. one read back from a store. */
export const validatePresetConfig = /* @__PURE__ */ lazyGuard(() =>
  precompiledFor('preset-config'),
) as Guard<PresetConfig>;

/**
 * Runs one compiled validator; the error body is built only when the value fails, from the errors of the
 * profile's collecting validator of `collectName` (every issue, capped while validating) when given, else from
 * the verdict's first error. A value the validator cannot read (a getter or a Proxy trap that throws, nesting
 * deep enough to overflow the stack) fails at the root as not a JSON value: validation answers with a verdict,
 * never a throw.
 */
function check<T>(
  validator: Guard<unknown>,
  value: unknown,
  status: ErrorStatus,
  collectName?: string,
  profile: Profile = 'default',
): ValidationResult<T> {
  let valid: boolean;
  try {
    valid = validator(value);
  } catch {
    return { ok: false, error: ownedErrorBody(status, [{ path: '', message: unreadableValueMessage }]) };
  }
  return valid ? { ok: true, value: value as T } : rejection(validator, value, status, collectName, profile);
}

/**
 * The answer for a value the verdict failed, in a function of its own: inlined into `check`, its code made V8
 * (Node 24) stop inlining `check` into its callers once a process had rejected a few values, and accepting the
 * small request then took twice as long.
 */
function rejection<T>(
  validator: Guard<unknown>,
  value: unknown,
  status: ErrorStatus,
  collectName: string | undefined,
  profile: Profile,
): ValidationResult<T> {
  const collecting = collectName === undefined ? undefined : collectingValidator(collectName, profile);
  return { ok: false, error: ownedErrorBody(status, rejectionIssues(validator, value, collecting)) };
}

/** Undefined where the runtime cannot load it yet: the verdict's first issue then stands. */
function collectingValidator(name: string, profile: Profile): Guard<unknown> | undefined {
  return validatorOf(profile, 'collecting', name) as Guard<unknown> | undefined;
}

/** The issues of a rejected value: all of them when a collecting validator is given and can read the value. */
function rejectionIssues(validator: Guard<unknown>, value: unknown, collecting?: Guard<unknown>) {
  if (collecting !== undefined) {
    try {
      // Both validators hold the same rules, so this fails too; its errors are every issue, up to the cap.
      if (!collecting(value) && collecting.errors) return everyIssue(collecting.errors, value);
    } catch {
      // A getter that throws on a second read: the verdict's own issue still says what is wrong.
    }
  }
  return issuesFromPrecompiled(validator.errors);
}

/**
 * Validates a body against one of the interface's roots. Invalid input comes back as data (an error body, code
 * 400) with every issue, up to 20 (`issues: 'first'` for the first alone); `profile: 'strict'` rejects unknown
 * properties. An unknown `name` or option is a programmer error and throws.
 */
export function validate<N extends RootName>(
  name: N,
  value: unknown,
  options?: ValidateOptions,
): ValidationResult<RootTypes[N]> {
  if (options === undefined) return check(rootValidator(name), value, 400, name);
  const profile = profileOf(options.profile);
  const issues = options.issues ?? 'all';
  if (issues !== 'all' && issues !== 'first') {
    throw new TypeError(`Unknown issues option ${JSON.stringify(issues)}; expected one of: all, first`);
  }
  // Loaded (or its throw raised) here, outside the check that turns a throw into a verdict.
  const defaultValidator = rootValidator(name);
  const validator = profile === 'strict' ? strictVerdict(name) : defaultValidator;
  return check(validator, value, 400, issues === 'all' ? name : undefined, profile);
}

/** The precompiled validator of a root; an unknown name is a programmer error and throws. */
export function rootValidator(name: string): Guard<unknown> {
  return rootValidators[name] ?? firstRootValidator(name);
}

/**
 * Validates the path parameters of an operation, e.g. `{ slug, version }`. The error's status follows the
 * operation: 400 where it lists 400, else 404. An operation without parameters has nothing to check.
 */
export function validateParams(
  operationId: OperationId,
  params: unknown,
): ValidationResult<Record<string, string>> {
  if (!generated.operationIds.includes(operationId)) {
    throw new TypeError(
      `Unknown operation ${JSON.stringify(operationId)}; expected one of: ${generated.operationIds.join(', ')}`,
    );
  }
  const status = generated.badParamStatus[operationId];
  if (status === undefined) return { ok: true, value: {} };
  return check(precompiledFor(`params/${operationId}`), params, status);
}

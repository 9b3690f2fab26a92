import type { PresetConfig } from '../generated/types.js';
import type { RootName, RootTypes, ValidationResult } from './roots.js';
import * as generated from '../generated/validators.js';
import {
  ownedErrorBody,
  issuesFromPrecompiled,
  unreadableValueMessage,
  type ErrorStatus,
  type PrecompiledError,
} from './errors.js';
import type { OperationId } from './operations.js';
import { unmaskedSecretMessage } from './secret-fields.js';
import { withStandardSchema, type StandardSchemaV1 } from './standard-schema.js';

export type { RootName, RootTypes, ValidationResult } from './roots.js';

/**
 * A precompiled validator as the type guard of its body. `errors` holds the last call's errors, or null: each
 * with its `instancePath`, `keyword`, `params`, and the issue's sentence as its `message`.
 */
export interface Guard<T> {
  (data: unknown): data is T;
  errors?: PrecompiledError[] | null;
}

function precompiledFor(name: string): Guard<unknown> {
  // The build's standalone validators: loading them compiles nothing (no `new Function`).
  const validator = generated.validatorsByName[name] as Guard<unknown> | undefined;
  if (validator === undefined)
    throw new Error(`No precompiled validator for ${name}: run \`npm run generate\`.`);
  return validator;
}

/** Where the destination config sits in the destination response: `{ data: { config } }`, level 3. */
const CONFIG_PATH = '/data/config';
const CONFIG_LEVEL = 3;

/**
 * The destination response's validator, with the rest of the secret rule (contract: secret-masking): the schema
 * checks every secret name at the top of a config and in its `headers`; this then searches the config's nested
 * objects and arrays, at any depth, for a full secret under any secret name. A JSON Schema file says "at any
 * depth" only through a `$ref`, which the published files, self-contained, do not use.
 */
function withNestedSecrets(validator: Guard<unknown>): Guard<unknown> {
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

/** The precompiled validators of the roots, the destination response's with its nested secret search. */
function rootValidatorFor(name: string): Guard<unknown> {
  const validator = precompiledFor(name);
  return name === 'observability-destination-response' ? withNestedSecrets(validator) : validator;
}

/**
 * Over a prototype with no properties at all, so a name such as `toString` finds nothing and one lookup serves
 * as the name check (an object of its own without a prototype would be a slower dictionary).
 */
const rootValidators = Object.assign(
  Object.create(Object.freeze(Object.create(null) as object)) as object,
  Object.fromEntries(generated.rootNames.map((name) => [name, rootValidatorFor(name)])),
) as Readonly<Record<string, Guard<unknown> | undefined>>;
const paramValidators = new Map(
  Object.keys(generated.badParamStatus).map((id) => [id, precompiledFor(`params/${id}`)] as const),
);

export const rootNames = generated.rootNames as readonly RootName[];

/** The precompiled validator of one root, typed as the guard of that root's body, and a Standard Schema. */
function guardFor<N extends RootName>(name: N): Guard<RootTypes[N]> & StandardSchemaV1<RootTypes[N]> {
  return withStandardSchema(rootValidators[name] as Guard<RootTypes[N]>, (value) => validate(name, value));
}

export const validateMessagesRequest = guardFor('messages-request');
export const validatePresetResponse = guardFor('preset-response');
export const validatePresetVersionResponse = guardFor('preset-version-response');
export const validateModelEndpointsResponse = guardFor('model-endpoints-response');
export const validateObservabilityDestinationResponse = guardFor('observability-destination-response');
export const validateProvidersResponse = guardFor('providers-response');
export const validateErrorResponse = guardFor('error-response');
/** Checks a saved preset config, e.g. one read back from a store. */
export const validatePresetConfig = precompiledFor('preset-config') as Guard<PresetConfig>;

/**
 * Runs one compiled validator; the error body is built only when the value fails. A value the validator cannot
 * read (a getter or a Proxy trap that throws, nesting deep enough to overflow the stack) fails at the root as
 * not a JSON value: validation answers with a verdict, never a throw.
 */
function check<T>(validator: Guard<unknown>, value: unknown, status: ErrorStatus): ValidationResult<T> {
  try {
    if (validator(value)) return { ok: true, value: value as T };
  } catch {
    return { ok: false, error: ownedErrorBody(status, [{ path: '', message: unreadableValueMessage }]) };
  }
  return { ok: false, error: ownedErrorBody(status, issuesFromPrecompiled(validator.errors)) };
}

/**
 * Validates a body against one of the interface's roots. Invalid input comes back as data (an error body, code
 * 400); an unknown `name` is a programmer error and throws.
 */
export function validate<N extends RootName>(name: N, value: unknown): ValidationResult<RootTypes[N]> {
  return check(rootValidator(name), value, 400);
}

/** The precompiled validator of a root; an unknown name is a programmer error and throws. */
export function rootValidator(name: string): Guard<unknown> {
  const validator = rootValidators[name];
  if (validator === undefined) {
    throw new TypeError(
      `Unknown schema name ${JSON.stringify(name)}; expected one of: ${rootNames.join(', ')}`,
    );
  }
  return validator;
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
  const validator = paramValidators.get(operationId);
  const status = generated.badParamStatus[operationId];
  if (validator === undefined || status === undefined) return { ok: true, value: {} };
  return check(validator, params, status);
}

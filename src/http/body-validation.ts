import { bodyPipeline, type BodyOptions, type NormalizedRequest } from '../body/body-pipeline.js';
import type { RootName, RootTypes, ValidationResult } from '../core/validators.js';
import { parsedBodyVerdict, readBodyVerdict } from './request-body.js';
import type { BodyInput } from './types.js';

export type { RootName, RootTypes } from '../core/validators.js';
export type { ErrorBody } from '../core/errors.js';
export type { BodyOptions, NormalizedRequest } from '../body/body-pipeline.js';

/** The options a root accepts: `normalize` is for the messages request alone. */
export type BodyOptionsFor<N extends RootName> = N extends 'messages-request'
  ? BodyOptions
  : Omit<BodyOptions, 'normalize'> & { normalize?: false };

/** The options of a call that passes none. */
export type NoOptions = Record<never, never>;

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

/**
 * The step every middleware runs: a JSON content type, then the body pipeline (src/body/body-pipeline.ts): the
 * body limits and the cost bound on the raw bytes (413 past `maxBytes`; 400 past `maxDepth`, past the cost
 * bound or for a repeated key), JSON.parse, the root's validator, then `normalize` if asked. The failure is the
 * error body to send, its `code` the status (contract: error-body). Options are the programmer's, so an
 * unknown root, a bad limit or `normalize` on another root throws here, never on a request.
 */
export function createBodyValidator<N extends RootName, O extends BodyOptionsFor<N> = NoOptions>(
  name: N,
  options?: O,
): BodyValidator<BodyValue<N, O>> {
  const pipeline = bodyPipeline(name, options);
  return (input) => readBodyVerdict(input, pipeline) as Promise<ValidationResult<BodyValue<N, O>>>;
}

/** Judges a value a framework's parser already made, at once; it never throws on input. */
export type ParsedBodyValidator<T> = (value: unknown) => ValidationResult<T>;

/**
 * The step for a framework that parses the body itself and validates synchronously (Fastify's `schema.body`):
 * the checks that still apply to a parsed value (depth, an object root), the root's validator, then `normalize`
 * if asked. Where the validators load asynchronously (workerd), use `createBodyValidator`.
 */
export function createParsedBodyValidator<N extends RootName, O extends BodyOptionsFor<N> = NoOptions>(
  name: N,
  options?: O,
): ParsedBodyValidator<BodyValue<N, O>> {
  const pipeline = bodyPipeline(name, options);
  return (value) => parsedBodyVerdict(value, pipeline) as ValidationResult<BodyValue<N, O>>;
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

import type { BodyLimits } from '../../src/body-limits.js';
import type { ErrorStatus } from '../../src/errors.js';
import type { OperationId } from '../../src/operations.js';

/** What a case must get: 200, or an error status and, on 400, the JSON Pointer of the first issue. */
export interface Expected {
  status: 200 | ErrorStatus;
  path?: string;
}

/** A request body for `POST /presets/{slug}/messages`, run through parseJsonBody, validate and the normalizer. */
export interface BodyCase {
  kind: 'body';
  name: string;
  /** Built when the case runs, so large bodies are never stored or held longer than their run. */
  body: () => string | Uint8Array;
  limits?: BodyLimits;
  expect: Expected;
  /** Model ids and whether the body's first router plugin lets each through (D15), checked when valid. */
  routes?: ReadonlyArray<readonly [modelId: string, allowed: boolean]>;
}

/** The path parameters of one operation, run through validateParams (D9). */
export interface ParamsCase {
  kind: 'params';
  name: string;
  operation: OperationId;
  params: Record<string, unknown>;
  expect: Expected;
}

/** An `Authorization` header value, run through readBearerToken (D10); `key` is the key a 200 must yield. */
export interface HeaderCase {
  kind: 'header';
  name: string;
  header: string | null | undefined;
  expect: Expected & { key?: string };
}

/** A destination response (D12), validated as sent or after maskDestination; `secrets` must never be echoed. */
export interface ResponseCase {
  kind: 'response';
  name: string;
  response: () => unknown;
  mask?: boolean;
  secrets: readonly string[];
  expect: Expected;
}

export type HostileCase = BodyCase | ParamsCase | HeaderCase | ResponseCase;

/** A body case expected to pass every check. */
export function accepted(
  name: string,
  body: () => string | Uint8Array,
  extra: Partial<BodyCase> = {},
): BodyCase {
  return { kind: 'body', name, body, expect: { status: 200 }, ...extra };
}

/** A body case expected to fail with `status`, and on 400 with its first issue at `path`. */
export function rejected(
  name: string,
  body: () => string | Uint8Array,
  status: ErrorStatus,
  path?: string,
  extra: Partial<BodyCase> = {},
): BodyCase {
  return { kind: 'body', name, body, expect: path === undefined ? { status } : { status, path }, ...extra };
}

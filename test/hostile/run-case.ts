import {
  createModelFilter,
  maskDestination,
  normalizePresetRequest,
  parseJsonBody,
  presetConfigKeys,
  readBearerToken,
  validate,
  validateErrorResponse,
  validateParams,
  type ErrorBody,
  type ModelFilterLists,
  type PresetDraft,
} from '../../src/index.js';
import { unsafeKeys } from '../../src/json-value.js';
import { CANARY } from './builders.js';
import type { BodyCase, HostileCase, ResponseCase } from './case.js';

/** What one case got: a status (200 or the error's code), the first issue's path, and what went wrong. */
export interface Outcome {
  status: number;
  path?: string;
  /** The exception thrown anywhere in the pipeline: input must never make the library throw. */
  crash?: unknown;
  /** Unsafe keys or foreign prototypes in the normalizer's output, or a secret or canary echoed. */
  leaks: string[];
  /** Anything else that disagrees with the case: a malformed error body, a wrong key, a wrong route. */
  mismatches: string[];
}

const configKeys: ReadonlySet<string> = new Set(presetConfigKeys.map(String));

/** What Object.prototype and Array.prototype own, to tell afterwards whether anything was added. */
export function prototypeSnapshot(): string {
  const names = (target: object) => Reflect.ownKeys(target).map(String).sort().join(',');
  return `${names(Object.prototype)}|${names(Array.prototype)}`;
}

/** Every way the normalizer's output could carry an unsafe key or prototype, walked without recursion. */
function draftLeaks(draft: PresetDraft): string[] {
  const leaks: string[] = [];
  for (const key of Reflect.ownKeys(draft.config)) {
    if (!configKeys.has(String(key))) leaks.push(`config key ${String(key)} is not a D6 key`);
  }
  const stack: Array<[value: unknown, path: string]> = [[draft, '']];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [value, path] = item;
    if (value === null || typeof value !== 'object') continue;
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== Array.prototype)
      leaks.push(`${path} has a foreign prototype`);
    for (const key of Reflect.ownKeys(value)) {
      if (unsafeKeys.has(String(key))) leaks.push(`${path}/${String(key)} reached the output`);
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor?.get || descriptor?.set) leaks.push(`${path}/${String(key)} is an accessor`);
      else stack.push([descriptor?.value, `${path}/${String(key)}`]);
    }
  }
  return leaks;
}

function echoes(text: string, secrets: readonly string[]): string[] {
  return secrets
    .filter((secret) => text.includes(secret))
    .map((secret) => `echoes ${secret.slice(0, 12)}...`);
}

function failed(error: ErrorBody, secrets: readonly string[]): Outcome {
  const mismatches = validateErrorResponse(error) ? [] : ['the error body does not match the error schema'];
  const path = error.error.metadata?.issues[0]?.path;
  const outcome: Outcome = {
    status: error.error.code,
    leaks: echoes(JSON.stringify(error), secrets),
    mismatches,
  };
  if (path !== undefined) outcome.path = path;
  return outcome;
}

function runBody(bodyCase: BodyCase): Outcome {
  const secrets = [CANARY];
  const parsed = parseJsonBody(bodyCase.body(), bodyCase.limits);
  if (!parsed.ok) return failed(parsed.error, secrets);
  const result = validate('messages-request', parsed.value);
  if (!result.ok) return failed(result.error, secrets);
  const draft = normalizePresetRequest(result.value);
  const mismatches: string[] = [];
  if (bodyCase.routes) {
    const plugin = (result.value.plugins?.[0] ?? {}) as ModelFilterLists;
    const allows = createModelFilter(plugin);
    for (const [modelId, allowed] of bodyCase.routes) {
      if (allows(modelId) !== allowed)
        mismatches.push(`${modelId.slice(0, 40)} should be ${allowed ? 'allowed' : 'refused'}`);
    }
  }
  return { status: 200, leaks: draftLeaks(draft), mismatches };
}

function runResponse(responseCase: ResponseCase): Outcome {
  let response = responseCase.response() as { data: object };
  if (responseCase.mask) response = { ...response, data: maskDestination(response.data) };
  const result = validate('observability-destination-response', response);
  if (!result.ok) return failed(result.error, responseCase.secrets);
  return { status: 200, leaks: echoes(JSON.stringify(response), responseCase.secrets), mismatches: [] };
}

function runCaseUnguarded(hostileCase: HostileCase): Outcome {
  switch (hostileCase.kind) {
    case 'body':
      return runBody(hostileCase);
    case 'params': {
      const result = validateParams(hostileCase.operation, hostileCase.params);
      return result.ok ? { status: 200, leaks: [], mismatches: [] } : failed(result.error, []);
    }
    case 'header': {
      const result = readBearerToken(hostileCase.header);
      if (!result.ok)
        return failed(
          result.error,
          [hostileCase.header ?? ''].filter((header) => header.length >= 8),
        );
      const { key } = hostileCase.expect;
      return {
        status: 200,
        leaks: [],
        mismatches: key === undefined || result.value === key ? [] : ['another key was read'],
      };
    }
    case 'response':
      return runResponse(hostileCase);
  }
}

/** Runs one case through the library as a server would; any exception is recorded as a crash, never thrown. */
export function runCase(hostileCase: HostileCase): Outcome {
  try {
    return runCaseUnguarded(hostileCase);
  } catch (crash) {
    return { status: 0, crash, leaks: [], mismatches: [] };
  }
}

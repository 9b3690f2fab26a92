import type * as Library from '../../src/index.js';
import type * as Http from '../../src/http/index.js';
import type * as Fetch from '../../src/http/adapters/fetch.js';
import type { BodyOptions } from '../../src/http/body-validation.js';
import type { WireRequest } from '../http/adapters.js';
import { tableOptionsOf } from '../http/table-options.js';

/*
 * The side of test/runtimes/ that runs inside each runtime, transpiled to JavaScript: it imports types only,
 * besides the table's options, and is handed the package's entries as the runtime loaded them.
 */

/** The entries under test, as a user's code imports them: the main one, `/http` and `/fetch`. */
export interface PackageEntries {
  library: typeof Library;
  http: typeof Http;
  fetch: typeof Fetch;
}

/** What a runtime is asked: requests to the gateway, values to `validate`, requests to `readBody`. */
export interface RuntimeQuestions {
  basePath: string;
  /** A valid body, the process's first `validate()`, before any profile is loaded by hand. */
  first: unknown;
  /** Through `fetchGateway` in the default profile (the adapters' table). */
  requests: WireRequest[];
  /** Through `fetchGateway` in the strict profile. */
  strictRequests: WireRequest[];
  /** Through the main entry's `validate`, once both profiles are loaded. */
  values: Array<{ value: unknown; options?: Library.ValidateOptions }>;
  /** Through the fetch entry's `readBody`, as `messages-request`. */
  bodies: Array<{ request: WireRequest; options?: BodyOptions }>;
  /** Through one `fetchGateway` in turn: a request that poisons V8's key cache, then escaped keys. */
  poisoning: WireRequest[];
}

/** A response as bytes on the wire would show it: the body's bytes in base64, so any difference shows. */
export interface WireAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** What reached `onError`. */
  errors: ReportedError[];
}

/** An error `onError` got: its name, message, and a contract violation's issues. */
export interface ReportedError {
  name: string;
  message: string;
  issues?: unknown;
}

export interface RuntimeAnswers {
  /** The first `validate()` of the process, on a valid body, before any profile is loaded by hand. */
  firstValidate: unknown;
  requests: WireAnswer[];
  strictRequests: WireAnswer[];
  values: unknown[];
  bodies: unknown[];
  poisoning: WireAnswer[];
}

const origin = 'http://runtimes.test';

function requestOf({ method, path, headers = {}, body }: WireRequest): Request {
  const pairs = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
  );
  // A fixed request id, so every runtime's answer echoes the same one rather than a random UUID of its own.
  if (!pairs.some(([name]) => name.toLowerCase() === 'x-request-id'))
    pairs.push(['x-request-id', 'runtimes-table']);
  return new Request(`${origin}${path}`, { method, headers: pairs, ...(body !== undefined && { body }) });
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function reported(error: unknown): ReportedError {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error) };
  const { issues } = error as { issues?: unknown };
  return { name: error.name, message: error.message, ...(issues !== undefined && { issues }) };
}

/** Fixed times and ids, so a created preset reads the same in every runtime. */
function fixedClock() {
  let ids = 0;
  return {
    now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
    newId: () => `00000000-0000-4000-8000-${(++ids).toString(16).padStart(12, '0')}`,
  };
}

async function answerAll(
  entries: PackageEntries,
  basePath: string,
  requests: readonly WireRequest[],
  profile: Library.Profile,
): Promise<WireAnswer[]> {
  const errors: unknown[] = [];
  const gateway = entries.fetch.fetchGateway({
    ...tableOptionsOf(entries.http, errors, fixedClock()),
    basePath,
    profile,
  });
  const answers: WireAnswer[] = [];
  for (const request of requests) {
    errors.length = 0;
    const response = await gateway(requestOf(request));
    answers.push({
      status: response.status,
      headers: [...response.headers],
      body: base64(new Uint8Array(await response.arrayBuffer())),
      errors: errors.map(reported),
    });
  }
  return answers;
}

/** Every answer of the package in the runtime this runs in. */
export async function answerQuestions(
  entries: PackageEntries,
  questions: RuntimeQuestions,
): Promise<RuntimeAnswers> {
  const { library } = entries;
  const firstValidate = library.validate('messages-request', questions.first);
  await Promise.all([library.loadProfile('default'), library.loadProfile('strict')]);
  return {
    firstValidate,
    requests: await answerAll(entries, questions.basePath, questions.requests, 'default'),
    strictRequests: await answerAll(entries, questions.basePath, questions.strictRequests, 'strict'),
    values: questions.values.map(({ value, options }) =>
      library.validate('messages-request', value, options),
    ),
    bodies: await Promise.all(
      questions.bodies.map(({ request, options }) =>
        entries.fetch.readBody(requestOf(request), 'messages-request', options),
      ),
    ),
    poisoning: await answerAll(entries, questions.basePath, questions.poisoning, 'default'),
  };
}

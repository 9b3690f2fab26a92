import { bodyPipeline, type BodyPipeline } from '../body/body-pipeline.js';
import { resolvedLimits } from '../body/body-limits.js';
import type { ErrorBody } from '../core/errors.js';
import {
  badParamStatus,
  operationIds,
  operations,
  type Operation,
  type OperationId,
} from '../core/operations.js';
import { asksToComeBack, idempotencyKeyOf, IDEMPOTENCY_KEY_HEADER } from '../core/idempotency-key.js';
import { validate, validateParams, type ValidateOptions } from '../core/validators.js';
import { profileOf } from '../core/profiles.js';
import { authenticate, rememberPrincipal } from './authenticate.js';
import { ContractViolation } from './contract-violation.js';
import { corsPolicy } from './cors.js';
import {
  errorResponse,
  headResponse,
  immutableHeaders,
  jsonResponse,
  jsonTextResponse,
  matchesEtag,
  RUNNING_RETRY_AFTER_SECONDS,
  methodNotAllowed,
  notModified,
} from './http-response.js';
import { takeWrittenJson } from '../core/written-json.js';
import { readBodyVerdict } from './request-body.js';
import { headerValue } from './request-headers.js';
import { REQUEST_ID_HEADER, requestIdReader } from './request-id.js';
import { createRouter } from './route-match.js';
import type {
  ErrorContext,
  Handler,
  HandlerOptions,
  HandlerRequest,
  HandlerResponse,
  OperationResult,
  Principal,
} from './types.js';

/** The issue (contract: path-parameters) of a parameter whose percent-encoding does not decode to UTF-8. */
const undecodableMessage = 'must be percent-encoded UTF-8';

function isProduction(): boolean {
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env?.['NODE_ENV'] === 'production';
}

/**
 * Where a 500's cause goes when the user gives no `onError`: a contract violation as one line that says what to
 * fix (its stack would only point into the handler), anything else with its stack.
 */
export function defaultOnError(error: unknown, context: ErrorContext): void {
  const where = `gateway-contract: 500 in ${context.operationId ?? 'routing'} (${context.phase}), request ${context.requestId}:`;
  if (!(error instanceof ContractViolation)) return console.error(where, error);
  const issues = error.issues.map((issue) => ` ${issue.path || '(root)'} ${issue.message};`).join('');
  console.error(`${where} ${error.message}${issues}`);
}

/** Options are the programmer's, so a wrong one throws when the handler is made, never on a request. */
function checkOptions(options: HandlerOptions): void {
  if (typeof options.resolveKey !== 'function') throw new TypeError('resolveKey must be a function');
  const missing = operationIds.filter((id) => typeof options.operations?.[id] !== 'function');
  if (missing.length > 0) throw new TypeError(`operations lacks an implementation of: ${missing.join(', ')}`);
}

/** The implementations as the handler calls them: by id, with the input their operation's entry describes. */
type Implementations = Readonly<Record<string, (input: Record<string, unknown>) => unknown>>;

/**
 * Calls the implementation of one operation with what its entry in the operations table names: its path
 * parameters (each converted as the entry says), the validated body if it takes one, and the caller's principal.
 * The auth step has already turned away a missing principal on every operation that is not public (contract:
 * authentication).
 */
function callImplementation(
  implementations: Implementations,
  operation: Operation,
  params: Record<string, string>,
  body: unknown,
  principal: Principal | null,
  idempotencyKey: string | undefined,
): unknown {
  const input: Record<string, unknown> = {};
  for (const name of Object.keys(operation.params)) {
    input[name] = operation.params[name] === 'number' ? Number(params[name]) : params[name];
  }
  if (operation.body !== null) input['request'] = body;
  if (idempotencyKey !== undefined) input['idempotencyKey'] = idempotencyKey;
  input['principal'] = principal;
  return implementations[operation.id]!(input);
}

function isErrorBody(result: unknown): result is ErrorBody {
  const error = (result as { error?: unknown } | null)?.error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number'
  );
}

/**
 * The response for what an implementation returned. Whatever breaks the contract (a status the operation does
 * not list; in development mode, a body its schema rejects) throws a ContractViolation, which becomes a 500.
 */
function respond(
  operation: Operation,
  result: unknown,
  checkBodies: boolean,
  profile: ValidateOptions,
  ifNoneMatch: string | undefined,
): HandlerResponse {
  if (typeof result === 'object' && result !== null && 'data' in result) {
    const data = (result as OperationResult<unknown> & { data: unknown }).data;
    const body = { data };
    const checked = checkBodies ? validate(operation.success, body, profile) : null;
    if (checked && !checked.ok) {
      throw new ContractViolation(
        `${operation.id} returned a body that is not a valid ${operation.success}`,
        checked.error.error.metadata?.issues,
      );
    }
    // A preset a store has just written answers with the store's own text: the same values, not serialized twice.
    const written = typeof data === 'object' && data !== null ? takeWrittenJson(data) : undefined;
    const id = (data as { id?: unknown } | null)?.id;
    const headers = operation.immutable && typeof id === 'string' ? immutableHeaders(id) : {};
    if (headers.etag !== undefined && matchesEtag(ifNoneMatch, headers.etag)) return notModified(headers);
    return written === undefined
      ? jsonResponse(200, body, headers)
      : jsonTextResponse(200, `{"data":${written}}`, headers);
  }
  if (!isErrorBody(result) || !(operation.errors as readonly number[]).includes(result.error.code)) {
    throw new ContractViolation(
      `${operation.id} must return { data } or errorBody(status) with one of its statuses (${operation.errors.join(', ')})`,
    );
  }
  const checked = checkBodies ? validate('error-response', result, profile) : null;
  if (checked && !checked.ok) {
    throw new ContractViolation(
      `${operation.id} returned an error body that is not a valid error-response`,
      checked.error.error.metadata?.issues,
    );
  }
  // A key's first request still running: the retry will find its answer soon (contract: idempotent-creates).
  const later: Record<string, string> = asksToComeBack(result)
    ? { 'retry-after': String(RUNNING_RETRY_AFTER_SECONDS) }
    : {};
  return jsonResponse(result.error.code, result, later);
}

/**
 * Makes the framework-free handler of the operations, derived from the operations table. It answers in
 * this order: route (404, or 405 with `Allow`; HEAD as GET without the body), auth (401, then 403), path
 * parameters (400 or 404), an `Idempotency-Key` where the operation reads one (400 when malformed), the body of POST /presets/{slug}/messages (a JSON content type, 413 past the size
 * limit, then 400 for what is not a valid request), and then the implementation (200, or a status it lists). It
 * never throws: a throw inside `resolveKey` or an implementation, a status the operation does not list, and in
 * development mode a body that breaks the response schemas become 500 `Internal Server Error` with no detail
 * for the client, and go to `onError` instead. Every answer carries the request's id in `X-Request-Id`.
 */
export function createHandler(options: HandlerOptions): Handler {
  checkOptions(options);
  const requestIdOf = requestIdReader(options.requestId);
  const route = createRouter(options.basePath ?? '');
  const limits = resolvedLimits(options.limits);
  const validateRequests = options.validateRequests ?? true;
  const validateResponses = options.validateResponses ?? !isProduction();
  const onError = options.onError ?? defaultOnError;
  const { resolveKey } = options;
  // Each implementation's input type derives from its entry in the table, which callImplementation follows.
  const implementations = options.operations as unknown as Implementations;
  const profile: ValidateOptions = { profile: profileOf(options.profile) };
  // The pipeline of each operation that takes a body, made now so that its profile starts loading at once.
  const bodies = new Map<string, BodyPipeline>();
  for (const operation of Object.values(operations) as Operation[]) {
    if (operation.body === null) continue;
    bodies.set(
      operation.id,
      bodyPipeline(operation.body, { ...limits, profile: profile.profile }, { validates: validateRequests }),
    );
  }

  const report = (error: unknown, context: ErrorContext) => {
    try {
      onError(error, context);
    } catch {
      // A failing error hook must not turn one 500 into a crash.
    }
  };

  const cors = options.cors === undefined ? null : corsPolicy(options.cors);

  // RFC 9110, section 9.3.2: HEAD gets what GET would, status and headers alike, without the body.
  return async (request: HandlerRequest): Promise<HandlerResponse> => {
    const requestId = requestIdOf(request.headers);
    const preflight = cors?.preflight(request);
    const answered = preflight ?? (await answer(request, requestId));
    const headed = request.method === 'HEAD' ? headResponse(answered) : answered;
    const response = cors === null || preflight ? headed : cors.decorate(request, headed);
    // Every response here is an object made for this request, so the header is set in place (contract: request-id).
    response.headers[REQUEST_ID_HEADER] = requestId;
    return response;
  };

  /**
   * Reads and checks the body the operation takes, then starts the operation: its pending result, or the
   * response that turns the body away. A function of its own so that no frame waiting on the operation holds
   * the parsed request, which the collector can drop while the operation works on what it took from it.
   */
  async function start(
    request: HandlerRequest,
    operation: Operation,
    params: Record<string, string>,
    principal: Principal | null,
    context: ErrorContext,
  ): Promise<HandlerResponse | { pending: unknown }> {
    // The key is checked before the body is read: a malformed one is refused without reading a byte of it.
    const key = operation.headers?.includes(IDEMPOTENCY_KEY_HEADER)
      ? idempotencyKeyOf(headerValue(request.headers, 'idempotency-key'))
      : { ok: true as const, key: undefined };
    if (!key.ok) return jsonResponse(400, key.error);
    let body: unknown;
    const pipeline = bodies.get(operation.id);
    if (pipeline !== undefined) {
      const verdict = await readBodyVerdict(request, pipeline);
      if (!verdict.ok) return jsonResponse(verdict.error.error.code, verdict.error);
      body = verdict.value;
    }
    context.phase = 'implementation';
    return { pending: callImplementation(implementations, operation, params, body, principal, key.key) };
  }

  async function answer(request: HandlerRequest, requestId: string): Promise<HandlerResponse> {
    const context: ErrorContext = { operationId: null, phase: 'resolve-key', requestId };
    try {
      const match = route(request.method, request.url);
      if (match.kind === 'unknown') return errorResponse(404);
      if (match.kind === 'wrong-method') return methodNotAllowed(match.allow);
      const { operation, params } = match;
      context.operationId = operation.id as OperationId;

      const auth = await authenticate(
        operation.auth,
        headerValue(request.headers, 'authorization'),
        resolveKey,
      );
      if (!auth.ok) return jsonResponse(auth.status, auth.body);
      rememberPrincipal(request, auth.principal);

      if (match.undecodable !== null) {
        return errorResponse(badParamStatus(operation), [
          { path: `/${match.undecodable}`, message: undecodableMessage },
        ]);
      }
      const checkedParams = validateParams(context.operationId, params);
      if (!checkedParams.ok) return jsonResponse(checkedParams.error.error.code, checkedParams.error);

      const started = await start(request, operation, params, auth.principal, context);
      if (!('pending' in started)) return started;
      const result = await started.pending;
      context.phase = 'response';
      return respond(
        operation,
        result,
        validateResponses,
        profile,
        operation.immutable ? headerValue(request.headers, 'if-none-match') : undefined,
      );
    } catch (error) {
      report(error, context);
      return errorResponse(500);
    }
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler } from '../http/handler.js';
import type { ConnectionLimits } from '../http/node/connection-limits.js';
import { serveHandler } from '../http/node/node-server.js';
import { presetOperations } from '../http/store/preset-operations.js';
import { createRouter, normalizeBasePath } from '../http/route-match.js';
import type { CorsOptions, ErrorContext, Handler, HandlerOptions } from '../http/types.js';
import { MemoryPresetStore } from '../http/store/memory-preset-store.js';
import {
  savePresetVersion,
  type PresetAuthor,
  type PresetKey,
  type PresetStore,
  type VersionStamp,
  type IdempotentCreate,
} from '../http/store/preset-store.js';
import { PresetStoreUnavailable } from '../http/store/preset-store-unavailable.js';
import { bundledCatalog, type Catalog } from './catalog.js';
import { catalogOperations } from './catalog-operations.js';
import { keyResolver, type GatewayKeys } from './keys.js';
import type { GatewayMetrics } from './metrics.js';
import { operationLabeller, withOperatorRoutes } from './operator-routes.js';
import { storeReadiness, type Readiness } from './readiness.js';
import { storeErrorKind, storeStateLines, watchedPresetStore } from './store-watch.js';
import { withPage } from './page.js';
import { droppedFieldsLogEntry, requestLogEntry } from './request-log.js';
import type { GatewayLog, LogEntry } from './log-writer.js';
import { traceIdsOf } from './traceparent.js';
import { errorResponse, withHeaders } from '../http/http-response.js';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id.js';
import { droppedFieldNames } from '../core/normalize.js';
import { messagesRequest } from '../../schemas/messages-request.js';
import type { PresetDraft } from '../generated/types.js';

export interface GatewayOptions {
  /**
   * The keys, or their promise when they are kept in a store still opening: until it settles an operation that
   * needs a key answers as one that needs the store (503 with `Retry-After` where it lists 503, else 500).
   */
  keys: GatewayKeys | Promise<GatewayKeys>;
  /** 127.0.0.1 by default: the reference gateway is for trying things out, not for the open internet. */
  host?: string;
  /** 8787 by default; 0 picks a free port. */
  port?: number;
  basePath?: string;
  catalog?: Catalog;
  /**
   * An in-memory store by default; a promise for one still opening, meanwhile every call fails as a store that
   * cannot answer does and `/readyz` answers 503.
   */
  presets?: PresetStore | Promise<PresetStore>;
  /**
   * Asks the store whether it answers (a `SELECT 1`), for `GET /readyz`; resolves at once by default (a store in
   * memory always answers).
   */
  probeStore?: () => Promise<void>;
  /** Prometheus metrics, served at `GET /metrics` (`serve --metrics`); none by default. */
  metrics?: GatewayMetrics;
  /** Where request log lines and errors go (`logWriter(...).log`); nowhere by default. */
  log?: GatewayLog;
  /** How long `close` waits for open requests before it cuts their connections. */
  closeGraceMs?: number;
  handler?: Pick<HandlerOptions, 'limits' | 'validateRequests' | 'validateResponses'>;
  /** Timeouts, connection cap, body bytes in flight: `ConnectionLimits`, each with its documented default. */
  connections?: ConnectionLimits;
  /** Origins a browser client may call the gateway from (docs/http.md#cors); none by default. */
  cors?: CorsOptions;
}

export interface RunningGateway {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The origin and the base path: what a client's `serverURL` is. */
  baseUrl: string;
  server: Server;
  /** Turns `/readyz` to 503 for good while everything else is served as before: the start of a shutdown. */
  stopBeingReady(): void;
  /** Stops accepting connections, lets open requests finish, and resolves once the server is closed. */
  close(): Promise<void>;
}

/** A 500's cause, with the id its answer carried, so that the line and the client's report meet (contract: request-id). */
function errorEntry(error: unknown, context: ErrorContext): LogEntry {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const issues = (error as { issues?: Array<{ path: string; message: string }> } | null)?.issues ?? [];
  const detail = issues.map((issue) => ` ${issue.path || '(root)'} ${issue.message};`).join('');
  return {
    level: 'error',
    msg: `error in ${context.operationId ?? 'routing'} (${context.phase}): ${what}${detail}`,
    fields: { req: { id: context.requestId } },
  };
}

/**
 * Gives the answers made outside the handler (the operator routes, the page) an `X-Request-Id` too; the
 * handler's own carry theirs already (contract: request-id).
 */
function withRequestIds(next: Handler, requestIds: AsyncLocalStorage<string>): Handler {
  return async (request) => {
    // Chosen once and kept for the request's calls, so that every line about it carries the id its answer does.
    const id = requestIdOf(request.headers);
    const response = await requestIds.run(id, () => next(request));
    if (response.headers[REQUEST_ID_HEADER] !== undefined) return response;
    const headers = withHeaders(response.headers, { [REQUEST_ID_HEADER]: id });
    return { ...response, headers };
  };
}

/** A store still opening: every call fails as a store that cannot answer does, until the real one is there. */
function lateStore(opening: Promise<PresetStore>): { store: PresetStore; isOpen(): boolean } {
  let open: PresetStore | undefined;
  void opening.then(
    (store) => (open = store),
    () => {},
  );
  const notYet = () => new PresetStoreUnavailable('store', new Error('the store is still opening'));
  const late =
    <A extends unknown[], R>(call: (store: PresetStore, ...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      open === undefined ? Promise.reject(notYet()) : call(open, ...args);
  return {
    store: {
      getPreset: late((store, key) => store.getPreset(key)),
      getVersion: late((store, key, version) => store.getVersion(key, version)),
      compareAndSet: late((store, key, expected, preset) => store.compareAndSet(key, expected, preset)),
      // A store without its own one-step save is written as `savePresetVersion` writes it, with the same stamp.
      saveVersion: late(
        (
          store,
          key: PresetKey,
          draft: PresetDraft,
          author: PresetAuthor,
          stamp: VersionStamp,
          once?: IdempotentCreate,
        ) => {
          // The key of an idempotent create travels on, or its retry would make a second version.
          if (store.saveVersion) return store.saveVersion(key, draft, author, stamp, once);
          const ids = [stamp.presetId, stamp.versionId];
          const clock = {
            now: () => new Date(stamp.timestamp),
            newId: () => ids.shift() ?? crypto.randomUUID(),
          };
          return savePresetVersion(store, key.slug, draft, author, clock, once);
        },
      ),
    },
    isOpen: () => open !== undefined,
  };
}

/** The methods the metrics name; any other is `other`, so a client cannot make up label values. */
const LABELLED_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

export function methodLabel(method: string): string {
  return LABELLED_METHODS.has(method) ? method : 'other';
}

/**
 * Until the keys are known (kept in a store still opening), an operation that needs a key answers as one
 * that needs the store: 503 with `Retry-After` where its statuses list 503, else 500 (contract: orchestrators).
 */
function withKeysAwaited(next: Handler, basePath: string, keysKnown: () => boolean): Handler {
  const route = createRouter(basePath);
  return (request) => {
    if (keysKnown()) return next(request);
    const match = route(request.method, request.url);
    if (match.kind !== 'operation' || match.operation.auth === 'public') return next(request);
    return Promise.resolve(errorResponse(match.operation.errors.includes(503) ? 503 : 500));
  };
}

/** The fields of a messages request: dropping these (`messages`, `stream`) is the contract, not news. */
const requestFieldNames: ReadonlySet<string> = new Set(Object.keys(messagesRequest.properties));

/**
 * Starts the reference gateway: the handler over a preset store (in memory by default) and a catalog, on plain
 * `node:http`, with `/healthz`, `/readyz` and, given metrics, `/metrics` in front.
 */
export function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const log = options.log ?? (() => {});
  const basePath = normalizeBasePath(options.basePath ?? '/api/v1');
  const given = options.presets ?? new MemoryPresetStore();
  const opening = given instanceof Promise ? lateStore(given) : { store: given, isOpen: () => true };
  const probe = options.probeStore ?? (async () => {});
  let stopping = false;
  const storeReady = storeReadiness(async () => {
    if (!opening.isOpen()) throw new Error('the store is still opening');
    await probe();
  });
  // A store that just opened is probed at once rather than after the last "not yet" has aged.
  if (given instanceof Promise)
    void given.then(
      () => storeReady.storeFailed(),
      () => {},
    );
  // Not ready once a shutdown began, whatever the store says, from that moment on (contract: orchestrators).
  const readiness: Readiness = {
    ready: () => (stopping ? Promise.resolve(false) : storeReady.ready()),
    storeFailed: () => storeReady.storeFailed(),
  };
  let keys: GatewayKeys | undefined;
  const resolveKeys = Promise.resolve(options.keys).then((known) => {
    keys = known;
    return keyResolver(known);
  });
  void resolveKeys.catch(() => {});
  const metrics = options.metrics;
  const stateLines = storeStateLines(log);
  const requestIds = new AsyncLocalStorage<string>();
  const store = watchedPresetStore(opening.store, {
    failed(error) {
      stateLines.failed(error);
      metrics?.storeFailed(storeErrorKind(error));
      if (error instanceof PresetStoreUnavailable) readiness.storeFailed();
    },
    answered: stateLines.answered,
  });
  const presets = presetOperations(store);
  const handler = createHandler({
    ...options.handler,
    ...(options.cors === undefined ? {} : { cors: options.cors }),
    basePath,
    requestId: (headers) => requestIds.getStore() ?? requestIdOf(headers),
    resolveKey: async (token) => (await resolveKeys)(token),
    operations: {
      ...presets,
      // The dropped names that no request field has either, so a typo such as `tempreature` shows in the log.
      createPresetsMessages: (input) => {
        const unknown = droppedFieldNames(input.request).filter((name) => !requestFieldNames.has(name));
        if (unknown.length > 0) log(droppedFieldsLogEntry(input.slug, unknown, requestIds.getStore()));
        return presets.createPresetsMessages(input);
      },
      ...catalogOperations(options.catalog ?? bundledCatalog),
    },
    onError: (error, context) => log(errorEntry(error, context)),
  });

  let closing = false;
  const labelOf = operationLabeller(basePath);
  const server = serveHandler(
    withRequestIds(
      withOperatorRoutes(
        withPage(
          basePath,
          withKeysAwaited(handler, basePath, () => keys !== undefined),
        ),
        { readiness, ...(metrics ? { metrics } : {}) },
      ),
      requestIds,
    ),
    options.connections,
    {
      onServed(request, result, ms) {
        log(
          requestLogEntry({
            method: request.method ?? '',
            target: request.url ?? '',
            status: result.status,
            milliseconds: ms,
            id: result.headers[REQUEST_ID_HEADER],
            trace: traceIdsOf(request.headers.traceparent),
            remoteAddress: request.socket.remoteAddress,
            userAgent: request.headers['user-agent'],
          }),
        );
        metrics?.served(
          labelOf(request.method ?? '', request.url ?? ''),
          methodLabel(request.method ?? ''),
          result.status,
          ms / 1000,
        );
      },
      ...(metrics ? { onBodyBudget: (budget) => metrics.watchBodyBytes(() => budget.held) } : {}),
    },
  );
  // A connection that falls idle while the server closes is closed at once, not after its keep-alive.
  server.on('request', (_request, response) => {
    metrics?.requestStarted();
    response.on('close', () => metrics?.requestEnded());
    response.on('finish', () => closing && server.closeIdleConnections());
  });

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve, reject) => {
      closing = true;
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), options.closeGraceMs ?? 10_000).unref();
    }));

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      const { address, port, family } = server.address() as AddressInfo;
      const origin = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
      const stopBeingReady = () => void (stopping = true);
      resolve({ origin, baseUrl: `${origin}${basePath}`, server, stopBeingReady, close });
    });
  });
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler } from '../http/handler.js';
import type { ConnectionLimits } from '../http/node/connection-limits.js';
import { serveHandler } from '../http/node/node-server.js';
import { presetOperations } from '../http/store/preset-operations.js';
import { normalizeBasePath } from '../http/route-match.js';
import type { CorsOptions, ErrorContext, Handler, HandlerOptions } from '../http/types.js';
import { MemoryPresetStore } from '../http/store/memory-preset-store.js';
import type { PresetStore } from '../http/store/preset-store.js';
import { PresetStoreUnavailable } from '../http/store/preset-store-unavailable.js';
import { bundledCatalog, type Catalog } from './catalog.js';
import { catalogOperations } from './catalog-operations.js';
import { keyResolver, type GatewayKeys } from './keys.js';
import type { GatewayMetrics } from './metrics.js';
import { operationLabeller, withOperatorRoutes } from './operator-routes.js';
import { storeReadiness } from './readiness.js';
import { storeErrorKind, storeStateLines, watchedPresetStore } from './store-watch.js';
import { withPage } from './page.js';
import { droppedFieldsLogEntry, requestLogEntry } from './request-log.js';
import type { GatewayLog, LogEntry } from './log-writer.js';
import { traceIdsOf } from './traceparent.js';
import { withHeaders } from '../http/http-response.js';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id.js';
import { droppedFieldNames } from '../core/normalize.js';
import { messagesRequest } from '../../schemas/messages-request.js';

export interface GatewayOptions {
  keys: GatewayKeys;
  /** 127.0.0.1 by default: the reference gateway is for trying things out, not for the open internet. */
  host?: string;
  /** 8787 by default; 0 picks a free port. */
  port?: number;
  basePath?: string;
  catalog?: Catalog;
  /** An in-memory store by default. */
  presets?: PresetStore;
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
function withRequestIds(next: Handler): Handler {
  return async (request) => {
    const response = await next(request);
    if (response.headers[REQUEST_ID_HEADER] !== undefined) return response;
    const headers = withHeaders(response.headers, { [REQUEST_ID_HEADER]: requestIdOf(request.headers) });
    return { ...response, headers };
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
  const readiness = storeReadiness(options.probeStore ?? (async () => {}));
  const metrics = options.metrics;
  const stateLines = storeStateLines(log);
  const store = watchedPresetStore(options.presets ?? new MemoryPresetStore(), {
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
    resolveKey: keyResolver(options.keys),
    operations: {
      ...presets,
      // The dropped names that no request field has either, so a typo such as `tempreature` shows in the log.
      createPresetsMessages: (input) => {
        const unknown = droppedFieldNames(input.request).filter((name) => !requestFieldNames.has(name));
        if (unknown.length > 0) log(droppedFieldsLogEntry(input.slug, unknown));
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
      withOperatorRoutes(withPage(basePath, handler), { readiness, ...(metrics ? { metrics } : {}) }),
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
          }),
        );
        metrics?.served(labelOf(request.method ?? '', request.url ?? ''), result.status, ms / 1000);
      },
      ...(metrics ? { onBodyBudget: (budget) => metrics.watchBodyBytes(() => budget.held) } : {}),
    },
  );
  // A connection that falls idle while the server closes is closed at once, not after its keep-alive.
  server.on('request', (_request, response) => {
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
      resolve({ origin, baseUrl: `${origin}${basePath}`, server, close });
    });
  });
}

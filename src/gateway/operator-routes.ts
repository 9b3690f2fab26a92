import { jsonResponse, methodNotAllowed } from '../http/http-response.js';
import { createRouter } from '../http/route-match.js';
import type { Handler, HandlerRequest, HandlerResponse } from '../http/types.js';
import type { GatewayMetrics } from './metrics.js';
import { PAGE_PATH } from './page.js';
import type { Readiness } from './readiness.js';

/** The routes for operators, at the origin's root whatever the base path, outside the operations table. */
export const OPERATOR_PATHS = {
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
} as const;

export type OperatorRoute = keyof typeof OPERATOR_PATHS;

const routeByPath: ReadonlyMap<string, OperatorRoute> = new Map(
  Object.entries(OPERATOR_PATHS).map(([route, path]) => [path, route as OperatorRoute]),
);

/** The operator route a request target names, if any. */
export function operatorRouteOf(target: string): OperatorRoute | undefined {
  const end = target.search(/[?#]/);
  return routeByPath.get(end === -1 ? target : target.slice(0, end));
}

/**
 * The `operation` label of a request: an operation id, `healthz`, `readyz`, `metrics`, `page`, or
 * `other` (an unknown path or a wrong method), so a client cannot make new label values by making up paths.
 */
export function operationLabeller(basePath: string): (method: string, target: string) => string {
  const route = createRouter(basePath);
  const page = `${basePath}${PAGE_PATH}`;
  return (method, target) => {
    const match = route(method, target);
    if (match.kind === 'operation') return match.operation.id;
    const operator = operatorRouteOf(target);
    if (operator !== undefined) return operator;
    return target === page.slice(0, -1) || target.startsWith(page) ? 'page' : 'other';
  };
}

/** Answers of a probe are for now: no cache may keep them. */
const probeHeaders = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

function probeResponse(request: HandlerRequest, status: number, body: unknown): HandlerResponse {
  const response = jsonResponse(status, body, probeHeaders);
  return request.method === 'HEAD' ? { ...response, body: '' } : response;
}

export interface OperatorRouteOptions {
  readiness: Readiness;
  /** Set with `serve --metrics`; without it `/metrics` goes on to the handler, which answers 404. */
  metrics?: GatewayMetrics;
}

/**
 * The gateway with its operator routes in front, none of which needs a key: `GET /healthz` answers 200 while
 * the process lives; `GET /readyz` answers 200 while its store answers and 503 (with `Retry-After`) while it
 * does not, so a load balancer sends writes elsewhere; `GET /metrics` answers the Prometheus text when
 * `--metrics` is given. They tell counts and states, never a key, a slug or a body.
 */
export function withOperatorRoutes(next: Handler, options: OperatorRouteOptions): Handler {
  return async (request) => {
    const route = operatorRouteOf(request.url);
    if (route === undefined || (route === 'metrics' && options.metrics === undefined)) return next(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    if (route === 'healthz') return probeResponse(request, 200, { status: 'ok' });
    if (route === 'readyz') {
      const ready = await options.readiness.ready();
      return probeResponse(request, ready ? 200 : 503, { status: ready ? 'ready' : 'store unavailable' });
    }
    const { contentType, text } = await options.metrics!.scrape();
    return {
      status: 200,
      headers: { 'content-type': contentType, ...probeHeaders },
      body: request.method === 'HEAD' ? '' : text,
    };
  };
}

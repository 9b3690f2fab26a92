import type { Counter, Histogram, Registry } from 'prom-client';
import { importDriver } from '../http/store/optional-driver.js';
import type { StoreErrorKind } from './store-watch.js';

/** What `serve --metrics` counts, and the text `GET /metrics` answers. */
export interface GatewayMetrics {
  /** One answered request: its operation (or the gateway route), its method, its status and how long it took. */
  served(operation: string, method: string, status: number, seconds: number): void;
  /** A request arrived; `requestEnded` follows once its answer went out or its connection closed. */
  requestStarted(): void;
  requestEnded(): void;
  /** One store call that failed, by why. */
  storeFailed(kind: StoreErrorKind): void;
  /** Reads the bytes of request bodies the server holds now, when a scrape asks. */
  watchBodyBytes(held: () => number): void;
  /** The exposition text and its content type, rendered at most once a second. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

/** A scrape is rendered at most this often; every scrape in between is answered with the last one. */
export const SCRAPE_RENDER_MS = 1_000;

/**
 * `render`, called at most once every `everyMs` milliseconds: a call within that time of the last render, or
 * while one is under way, gets its text. A scrape renders every metric and collects the process's own figures,
 * some 10 times what `/healthz` costs, so a flood of scrapes without a key would otherwise slow every other request
 * (contract: overload).
 */
export function renderedAtMostEvery<T>(
  render: () => Promise<T>,
  everyMs: number,
  now: () => number = () => performance.now(),
): () => Promise<T> {
  let last: { at: number; text: Promise<T> } | undefined;
  return () => {
    const at = now();
    if (last === undefined || at - last.at >= everyMs) {
      const text = render();
      last = { at, text };
      // A render that failed is not served again: the next scrape renders anew.
      text.catch(() => {
        if (last?.text === text) last = undefined;
      });
    }
    return last.text;
  };
}

/** Latency buckets in seconds: a create on PostgreSQL takes milliseconds, a connection wait up to 5 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The gateway's Prometheus metrics through `prom-client`, loaded here and only here, when `--metrics` (or `GATEWAY_METRICS`) is given:
 * the library's entry points and a gateway run without the flag never load it. Labels are the operation ids,
 * the methods HTTP names and the statuses the gateway answers (a bounded set), never a path, a slug or a key.
 */
export interface BuildFacts {
  /** The package's version, `gateway_build_info{version}`. */
  version: string;
}

export async function createGatewayMetrics(
  build: BuildFacts = { version: 'unknown' },
): Promise<GatewayMetrics> {
  const client = await importDriver('prom-client', '--metrics', () => import('prom-client'));
  const registry: Registry = new client.Registry();
  // The process's own figures: CPU, memory, heap, event loop delay, open handles.
  client.collectDefaultMetrics({ register: registry });
  const requests: Counter<'operation' | 'status'> = new client.Counter({
    name: 'gateway_requests_total',
    help: 'Requests answered, by operation (or gateway route) and status.',
    labelNames: ['operation', 'status'],
    registers: [registry],
  });
  // Labelled as fastify-metrics and express-prom-bundle label theirs, so the usual dashboards graph it.
  const latency: Histogram<'operation' | 'method' | 'status'> = new client.Histogram({
    name: 'gateway_request_duration_seconds',
    help: 'Time from a request being received to its answer, by operation (or gateway route), method and status.',
    labelNames: ['operation', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const storeErrors: Counter<'kind'> = new client.Counter({
    name: 'gateway_store_errors_total',
    help: 'Preset store calls that failed: unavailable (its database could not answer), full (a cap), other.',
    labelNames: ['kind'],
    registers: [registry],
  });
  const inFlight = new client.Gauge({
    name: 'gateway_requests_in_flight',
    help: 'Requests received and not yet answered.',
    registers: [registry],
  });
  new client.Gauge({
    name: 'gateway_build_info',
    help: 'Always 1: the version of the gateway and of Node that runs it, as labels.',
    labelNames: ['version', 'node'],
    registers: [registry],
  }).set({ version: build.version, node: process.version }, 1);
  let bodyBytesHeld = () => 0;
  new client.Gauge({
    name: 'gateway_body_bytes_in_flight',
    help: 'Request body bytes the server holds now, against its budget of body bytes in flight.',
    registers: [registry],
    collect() {
      this.set(bodyBytesHeld());
    },
  });
  for (const kind of ['unavailable', 'full', 'other'] as const) storeErrors.inc({ kind }, 0);
  return {
    served(operation, method, status, seconds) {
      requests.inc({ operation, status: String(status) });
      latency.observe({ operation, method, status: String(status) }, seconds);
    },
    requestStarted: () => inFlight.inc(),
    requestEnded: () => inFlight.dec(),
    storeFailed: (kind) => storeErrors.inc({ kind }),
    watchBodyBytes(held) {
      bodyBytesHeld = held;
    },
    scrape: renderedAtMostEvery(
      async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
      SCRAPE_RENDER_MS,
    ),
  };
}

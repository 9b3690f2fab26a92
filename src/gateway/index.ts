import type { LogFormat } from './log-writer.js';
import { launchGateway } from './run.js';

/**
 * `gateway-contract/gateway`: the reference gateway run from code, through the same start sequence as
 * `gateway-contract serve` (contract: orchestrators): every setting checked, listening at once, the store opened in
 * the background, ready once it is open.
 */

export interface StartGatewayOptions {
  /** The address to listen on; `127.0.0.1` by default. */
  host?: string;
  /** The port; 8787 by default, 0 for a free one. */
  port?: number;
  /** Where the routes hang; `/api/v1` by default. */
  basePath?: string;
  /**
   * The environment the gateway reads its keys and store from (`GATEWAY_MANAGEMENT_KEY`, `GATEWAY_API_KEY`,
   * `DATABASE_URL`, `GATEWAY_DATA_DIR`, `GATEWAY_VERSION_CACHE_BYTES`, `GATEWAY_SHUTDOWN_DELAY`, ...);
   * `process.env` by default.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Keep presets and keys in memory: nothing survives a stop. */
  memory?: boolean;
  /** A catalog file to serve instead of the bundled sample. */
  catalogPath?: string;
  /** Origins a browser client may call the gateway from. */
  corsOrigins?: readonly string[];
  /** Prometheus metrics at `GET /metrics` (needs the `prom-client` package). */
  metrics?: boolean;
  /** `json` (the default here) or `text`. */
  logFormat?: LogFormat;
  /** Where the log's lines go, a chunk of whole lines at a time; standard output by default. */
  log?: (text: string) => void;
}

export interface StartedGateway {
  /** `http://127.0.0.1:<port>`: where `/healthz`, `/readyz` and `/metrics` are. */
  address: string;
  /** The address and the base path: what a client's `serverURL` is. */
  baseUrl: string;
  /** Settles once the store is open (`/readyz` 200); rejects when it cannot be opened, and the gateway has stopped. */
  ready: Promise<void>;
  /**
   * Stops as SIGTERM does: `/readyz` 503 at once, new requests served for `GATEWAY_SHUTDOWN_DELAY` seconds (0
   * unless the environment says otherwise), open requests finished, the store closed.
   */
  stop(): Promise<void>;
}

/**
 * Starts the reference gateway and resolves once it listens. Generated keys are never written to the log: they
 * go to a file only their owner can read, which the log names. Throws, before anything listens, on a setting that
 * is not valid.
 */
export async function startGateway(options: StartGatewayOptions = {}): Promise<StartedGateway> {
  const env = options.env ?? process.env;
  const write = options.log ?? ((text: string) => void process.stdout.write(text));
  const launched = await launchGateway(
    {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 8787,
      basePath: options.basePath ?? '/api/v1',
      env: { ...env, GATEWAY_SHUTDOWN_DELAY: env['GATEWAY_SHUTDOWN_DELAY'] || '0' },
      logFormat: options.logFormat ?? 'json',
      ...(options.memory === undefined ? {} : { memory: options.memory }),
      ...(options.catalogPath === undefined ? {} : { catalogPath: options.catalogPath }),
      ...(options.corsOrigins === undefined ? {} : { corsOrigins: options.corsOrigins }),
      ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
    },
    // Code that embeds the gateway is no terminal: no key is shown, and a stop comes from `stop()` alone.
    { stdout: write, stderr: write, stdoutIsTerminal: false, untilStopped: () => new Promise(() => {}) },
  );
  return {
    address: launched.gateway.origin,
    baseUrl: launched.gateway.baseUrl,
    ready: launched.ready,
    stop: () => launched.stop('stop()'),
  };
}

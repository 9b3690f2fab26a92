import { existsSync } from 'node:fs';
import { normalizeBasePath } from '../http/route-match.js';
import { gatewayBanner } from './banner.js';
import { bundledCatalog } from './catalog.js';
import { logWriter, type LogFormat } from './log-writer.js';
import { loadCatalogFile } from './catalog-file.js';
import { chooseStore, openGatewayStore } from './gateway-store.js';
import { createGatewayMetrics } from './metrics.js';
import { gatewayKeys, keptGatewayKeys, checkKeyLengths, type GatewayKeys } from './keys.js';
import { OPERATOR_PATHS } from './operator-routes.js';
import { PAGE_PATH } from './page.js';
import { secretsToRedact, type Secrets } from './redact.js';
import { startGateway } from './server.js';

/** The example request the banner's create command sends, relative to the repository root. */
const EXAMPLE_BODY_PATH = 'schemas/examples/messages-request.json';

export interface RunOptions {
  host: string;
  port: number;
  basePath: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--memory`: today's in-memory store, nothing kept. */
  memory?: boolean;
  /** `--catalog FILE`: models, providers and destinations to serve instead of the bundled sample. */
  catalogPath?: string;
  /** `--cors ORIGIN`, repeatable: origins a browser client may call the gateway from (docs/http.md#cors). */
  corsOrigins?: readonly string[];
  /** `--metrics`: Prometheus metrics at `GET /metrics`, through `prom-client`, loaded only then. */
  metrics?: boolean;
  /** `--log-format`: JSON lines or the human ones; by default text on a terminal, JSON anywhere else. */
  logFormat?: LogFormat;
}

export interface RunIo {
  stdout(text: string): void;
  /** Whether standard output is a terminal, where a person reads the human lines. */
  stdoutIsTerminal?: boolean;
  /** Warnings before the gateway starts (a short key on loopback). */
  stderr(text: string): void;
  /** Resolves with a signal's name once the process is asked to stop. */
  untilStopped(): Promise<string>;
}

/**
 * `gateway-contract serve`: opens the store (PostgreSQL with `DATABASE_URL`, else PGlite in the data directory,
 * or memory), starts the reference gateway, prints the banner, logs one line per request, and on SIGTERM or
 * SIGINT lets open requests finish and closes the store before it returns exit code 0. Nothing it prints after
 * the banner, nor the message of an error it throws, holds a key or the database password.
 */
export async function runGateway(options: RunOptions, io: RunIo): Promise<number> {
  const secrets = secretsToRedact();
  try {
    return await serve(options, io, secrets);
  } catch (error) {
    // An error message may quote what a driver or the database was given.
    if (error instanceof Error) error.message = secrets.redact(error.message);
    throw error;
  }
}

function keepSecret(secrets: Secrets, keys: GatewayKeys): void {
  secrets.add(keys.management.value, keys.standard.value);
}

async function serve(options: RunOptions, io: RunIo, secrets: Secrets): Promise<number> {
  // The log (request lines, the causes of 500s, a lost database connection) never prints a known secret; what
  // this function says of itself goes through `print`, after the queued lines, so the order holds.
  const format = options.logFormat ?? (io.stdoutIsTerminal ? 'text' : 'json');
  const lines = logWriter(
    format,
    (text) => io.stdout(text),
    (text) => secrets.redact(text),
  );
  const { log, print } = lines;
  // What needs no store is checked first, so a mistyped flag, key or URL fails at once, before a database opens.
  normalizeBasePath(options.basePath);
  const given = gatewayKeys(options.env);
  // Checked before the keys join the secrets: the refusal must not have every letter of a short key redacted.
  checkKeyLengths(given);
  keepSecret(secrets, given);
  const choice = chooseStore(options.memory ?? false, options.env);
  if (choice.kind === 'postgres') secrets.add(...choice.database.secrets);
  const catalog =
    options.catalogPath === undefined ? bundledCatalog : await loadCatalogFile(options.catalogPath);
  const metrics = options.metrics ? await createGatewayMetrics() : undefined;
  const store = await openGatewayStore(choice, log);
  try {
    const keys = store.keys ? await keptGatewayKeys(options.env, store.keys) : gatewayKeys(options.env);
    keepSecret(secrets, keys);
    const gateway = await startGateway({
      keys,
      catalog,
      presets: store.presets,
      probeStore: store.probe,
      ...(metrics ? { metrics } : {}),
      host: options.host,
      port: options.port,
      basePath: options.basePath,
      log,
      ...(options.corsOrigins?.length ? { cors: { origins: options.corsOrigins } } : {}),
    });
    // Listening for the signal before the banner says it is up, so a stop sent right after is not missed.
    const stopped = io.untilStopped();
    const exampleBodyPath = existsSync(EXAMPLE_BODY_PATH) ? EXAMPLE_BODY_PATH : null;
    print(`The interface page and playground: ${gateway.baseUrl}${PAGE_PATH}\n`);
    const operatorUrls = [
      OPERATOR_PATHS.healthz,
      OPERATOR_PATHS.readyz,
      ...(metrics ? [OPERATOR_PATHS.metrics] : []),
    ];
    print(`For operators (no key): ${operatorUrls.map((path) => `${gateway.origin}${path}`).join(' ')}\n`);
    print(
      gatewayBanner({
        baseUrl: gateway.baseUrl,
        keys,
        catalog,
        exampleBodyPath,
        store: store.facts,
        ...(options.catalogPath === undefined ? {} : { catalogPath: options.catalogPath }),
      }),
    );
    const signal = await stopped;
    print(`${signal}: finishing open requests, then stopping.\n`);
    await gateway.close();
  } finally {
    lines.flush();
    await store.close();
  }
  print('Stopped.\n');
  return 0;
}

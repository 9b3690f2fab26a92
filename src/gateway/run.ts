import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync } from 'node:fs';
import { normalizeBasePath } from '../http/route-match.js';
import { gatewayBanner } from './banner.js';
import { bundledCatalog } from './catalog.js';
import { logWriter, type LogFormat } from './log-writer.js';
import { loadCatalogFile } from './catalog-file.js';
import { chooseStore, defaultDataDir, type GatewayStore, type StoreChoice } from './gateway-store.js';
import { createGatewayMetrics } from './metrics.js';
import { generatedKeys, writeKeyFile } from './key-file.js';
import { gatewayKeys, keptGatewayKeys, checkKeyLengths, type GatewayKeys } from './keys.js';
import { OPERATOR_PATHS } from './operator-routes.js';
import { PAGE_PATH } from './page.js';
import { secretsToRedact, type Secrets } from './redact.js';
import { startGateway, type RunningGateway } from './server.js';
import { DRAIN_MS, shutdownDelaySeconds } from './shutdown.js';
import { openStoreInBackground, type OpeningBackoff, type StoreOpening } from './store-opening.js';

/** The example request the banner's create command sends, relative to the repository root. */
const EXAMPLE_BODY_PATH = 'schemas/examples/messages-request.json';

export interface RunOptions {
  host: string;
  port: number;
  basePath: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--memory` (`GATEWAY_MEMORY`): today's in-memory store, nothing kept. */
  memory?: boolean;
  /** `--catalog FILE` (`GATEWAY_CATALOG`): models, providers and destinations to serve instead of the bundled sample. */
  catalogPath?: string;
  /** `--cors ORIGIN` (`GATEWAY_CORS`): origins a browser client may call the gateway from (docs/http.md#cors). */
  corsOrigins?: readonly string[];
  /** `--metrics` (`GATEWAY_METRICS`): Prometheus metrics at `GET /metrics`, through `prom-client`, loaded only then. */
  metrics?: boolean;
  /** `--log-format`: JSON lines or the human ones; by default text on a terminal, JSON anywhere else. */
  logFormat?: LogFormat;
  /** The package's version, for `gateway_build_info`. */
  version?: string;
  /** How a PostgreSQL server not reachable yet is tried again; the defaults of `openStoreInBackground`. */
  openingBackoff?: OpeningBackoff;
}

export interface RunIo {
  stdout(text: string): void;
  /** Whether standard output is a terminal, where a person reads the human lines (and generated keys). */
  stdoutIsTerminal?: boolean;
  /** Warnings before the gateway starts (a short key on loopback). */
  stderr(text: string): void;
  /** Resolves with the next stop signal's name: the first stops the gateway, a second skips the shutdown delay. */
  untilStopped(): Promise<string>;
  /** Bounds the stop once it began, `delayMs` (the shutdown delay) plus the stop's own bound. */
  armStopDeadline?(delayMs: number): void;
}

/**
 * `gateway-contract serve`: checks every setting, listens at once (`/healthz` 200, `/readyz` 503 until the store
 * is open), opens the store in the background (PostgreSQL with `DATABASE_URL`, tried again while it cannot be
 * reached; else PGlite in the data directory; or memory), prints the banner, logs one line per request, and on
 * SIGTERM or SIGINT turns `/readyz` to 503, serves on for the shutdown delay, lets open requests finish and closes
 * the store before it returns exit code 0. Nothing it prints after the banner, nor the message of an error it
 * throws, holds a key or the database password; off a terminal not even the banner does.
 */
export async function runGateway(options: RunOptions, io: RunIo): Promise<number> {
  const secrets = secretsToRedact();
  try {
    // Listened for before anything starts, so a stop sent at once is not missed.
    const stopped = io.untilStopped();
    const launched = await launchGateway(options, io, secrets);
    // A store that cannot be opened for good ends the run with its error; a signal stops it.
    const signal = await Promise.race([stopped, launched.ready.then(() => stopped)]);
    await launched.stop(signal);
    return 0;
  } catch (error) {
    // An error message may quote what a driver or the database was given.
    if (error instanceof Error) error.message = secrets.redact(error.message);
    throw error;
  }
}

function keepSecret(secrets: Secrets, keys: GatewayKeys): void {
  secrets.add(keys.management.value, keys.standard.value);
}

/** A gateway that listens, with its store opening or open. */
export interface LaunchedGateway {
  gateway: RunningGateway;
  /** Settles once the store is open and the banner printed; rejects when the store cannot be opened. */
  ready: Promise<void>;
  /** Stops after a signal: `/readyz` 503 at once, the shutdown delay (cut short by another signal), the drain. */
  stop(signal: string): Promise<void>;
}

/** Where a generated key's file goes: beside the store, in the data directory; for memory, nowhere kept. */
function keyFileDir(choice: StoreChoice, env: RunOptions['env']): string | null {
  if (choice.kind === 'pglite') return choice.dataDir;
  return choice.kind === 'postgres' ? defaultDataDir(env) : null;
}

/** The store's keys: those of the environment at once; generated ones once the store that keeps them is open. */
async function keysOfStore(
  store: GatewayStore,
  options: RunOptions,
  given: GatewayKeys,
): Promise<GatewayKeys> {
  return store.keys ? keptGatewayKeys(options.env, store.keys) : given;
}

/**
 * Starts the gateway as the start sequence says (contract: orchestrators): settings, listen, open the store,
 * become ready. A bad setting throws before anything listens; a store that cannot be opened for good rejects
 * `ready` after the gateway stopped listening.
 */
export async function launchGateway(
  options: RunOptions,
  io: RunIo,
  secrets = secretsToRedact(),
): Promise<LaunchedGateway> {
  // The log (request lines, the causes of 500s, a lost database connection) never prints a known secret; what
  // this function says of itself goes through `print`, after the queued lines, so the order holds.
  const onTerminal = io.stdoutIsTerminal === true;
  const format = options.logFormat ?? (onTerminal ? 'text' : 'json');
  const lines = logWriter(
    format,
    (text) => io.stdout(text),
    (text) => secrets.redact(text),
  );
  const { log, print } = lines;
  // 1. Every setting is checked first, so a mistyped flag, key, URL or number fails at once, before anything listens.
  normalizeBasePath(options.basePath);
  const given = gatewayKeys(options.env);
  // Checked before the keys join the secrets: the refusal must not have every letter of a short key redacted.
  checkKeyLengths(given);
  keepSecret(secrets, given);
  const choice = chooseStore(options.memory ?? false, options.env);
  if (choice.kind === 'postgres') secrets.add(...choice.database.secrets);
  const delaySeconds = shutdownDelaySeconds(options.env['GATEWAY_SHUTDOWN_DELAY'], onTerminal);
  const catalog =
    options.catalogPath === undefined ? bundledCatalog : await loadCatalogFile(options.catalogPath);
  const metrics = options.metrics
    ? await createGatewayMetrics({ version: options.version ?? 'unknown' })
    : undefined;

  // 2. Listen at once; 3. open the store in the background.
  const opening: StoreOpening = openStoreInBackground(choice, log, options.openingBackoff);
  const store = opening.opened.then((opened) => {
    if (opened === null) throw new Error('the gateway stopped before its store opened');
    return opened;
  });
  const keysKnown = !given.management.generated && !given.standard.generated;
  const keys =
    keysKnown || choice.kind === 'memory' ? given : store.then((open) => keysOfStore(open, options, given));
  // Both are awaited below; these keep an early rejection from counting as unhandled meanwhile.
  void store.catch(() => {});
  void Promise.resolve(keys).catch(() => {});
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({
      keys,
      catalog,
      presets: store.then((open) => open.presets),
      probeStore: async () => {
        await opening.current()?.probe();
      },
      ...(metrics ? { metrics } : {}),
      host: options.host,
      port: options.port,
      basePath: options.basePath,
      log,
      closeGraceMs: DRAIN_MS,
      ...(options.corsOrigins?.length ? { cors: { origins: options.corsOrigins } } : {}),
    });
  } catch (error) {
    opening.giveUp();
    await opening.opened.then((open) => open?.close()).catch(() => {});
    throw error;
  }
  // Said where someone waits for it (a terminal) or a pipeline records it (JSON); a text log to a pipe keeps the
  // lines it always had, so a start that fails still says one line.
  if (onTerminal || format === 'json') {
    print(
      `Listening on ${gateway.origin}, the store opening: /healthz answers now, /readyz once the store is open\n`,
    );
  }

  // 4. Become ready: the keys are known, the banner says where everything is.
  const ready = (async () => {
    const open = await store;
    const final = await keys;
    keepSecret(secrets, final);
    const fresh = generatedKeys(final);
    const keyFile = fresh.length > 0 ? writeKeyFile(fresh, keyFileDir(choice, options.env)) : undefined;
    if (keyFile !== undefined) {
      log({
        level: 'info',
        msg: `the keys generated now are in ${keyFile} (0600): they are not written to the log`,
      });
    }
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
        keys: final,
        catalog,
        exampleBodyPath,
        store: open.facts,
        ...(options.catalogPath === undefined ? {} : { catalogPath: options.catalogPath }),
        // On a terminal a person reads the keys once; anywhere else the log names the file instead.
        ...(onTerminal || keyFile === undefined ? {} : { keyFile }),
      }),
    );
  })();
  // A store that cannot be opened for good ends the start: the listener closes before the error is told.
  const failed = ready.catch(async (error: unknown) => {
    await gateway.close();
    throw error;
  });
  void failed.catch(() => {});

  let stopping: Promise<void> | undefined;
  const stop = (signal: string) =>
    (stopping ??= (async () => {
      const wasReady = opening.current() !== undefined;
      // Until it was ready no load balancer sent it anything: there is nothing to wait for.
      const delayMs = wasReady ? delaySeconds * 1000 : 0;
      io.armStopDeadline?.(delayMs);
      gateway.stopBeingReady();
      opening.giveUp();
      if (delayMs > 0) {
        print(
          `${signal}: /readyz answers 503; serving new requests for ${delaySeconds} s (GATEWAY_SHUTDOWN_DELAY) ` +
            'while load balancers stop sending, then finishing open requests; a second signal skips the wait.\n',
        );
        const skipped = new AbortController();
        await Promise.race([
          sleep(delayMs, undefined, { signal: skipped.signal }).catch(() => {}),
          io.untilStopped().then((again) => print(`${again}: skipping the rest of the shutdown delay.\n`)),
        ]);
        skipped.abort();
      } else {
        print(`${signal}: finishing open requests, then stopping.\n`);
      }
      try {
        await gateway.close();
      } finally {
        lines.flush();
        await opening.opened.then((open) => open?.close()).catch(() => {});
      }
      print('Stopped.\n');
    })());
  return { gateway, ready: failed, stop };
}

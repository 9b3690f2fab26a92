import { existsSync } from 'node:fs';
import { gatewayBanner } from './banner.js';
import { bundledCatalog } from './catalog.js';
import { gatewayKeys } from './keys.js';
import { startGateway } from './server.js';

/** The example request the banner's create command sends, relative to the repository root. */
const EXAMPLE_BODY_PATH = 'schemas/examples/messages-request.json';

export interface RunOptions {
  host: string;
  port: number;
  basePath: string;
  env: Readonly<Record<string, string | undefined>>;
}

export interface RunIo {
  stdout(text: string): void;
  /** Resolves with a signal's name once the process is asked to stop. */
  untilStopped(): Promise<string>;
}

/**
 * `gateway-contract serve`: starts the reference gateway, prints the banner, logs one line per request, and
 * on SIGTERM or SIGINT lets open requests finish before it returns exit code 0.
 */
export async function runGateway(options: RunOptions, io: RunIo): Promise<number> {
  const keys = gatewayKeys(options.env);
  const gateway = await startGateway({
    keys,
    host: options.host,
    port: options.port,
    basePath: options.basePath,
    log: (line) => io.stdout(`${line}\n`),
  });
  const exampleBodyPath = existsSync(EXAMPLE_BODY_PATH) ? EXAMPLE_BODY_PATH : null;
  io.stdout(gatewayBanner({ baseUrl: gateway.baseUrl, keys, catalog: bundledCatalog, exampleBodyPath }));
  const signal = await io.untilStopped();
  io.stdout(`${signal}: finishing open requests, then stopping.\n`);
  await gateway.close();
  io.stdout('Stopped.\n');
  return 0;
}

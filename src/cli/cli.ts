import { enableCompileCache } from './compile-cache.js';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args.js';
import { benchCommand } from './bench-command.js';
import type { CliIo } from './io.js';
import { normalizeCommand } from './normalize-command.js';
import { usage } from './usage.js';
import { validateCommand } from './validate-command.js';

export type { CliIo } from './io.js';

/** The package's version, from the package.json above this file (compiled, bundled or run from source). */
function packageVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 5; level += 1, directory = dirname(directory)) {
    try {
      const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'gateway-contract' && manifest.version !== undefined) return manifest.version;
    } catch {
      // No package.json at this level: look one higher.
    }
  }
  return 'unknown';
}

const serveFlags = new Set(['--host', '--port', '--base-path', '--catalog', '--log-format']);
const serveSwitches = new Set(['--memory', '--metrics']);

/** `--name value` pairs, bare switches (kept with the value '') and repeated `--cors` origins; anything else is a usage error. */
function readFlags(args: readonly string[]): { flags: Map<string, string>; corsOrigins: string[] } {
  const flags = new Map<string, string>();
  const corsOrigins: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const name = args[i] as string;
    if (serveSwitches.has(name)) {
      flags.set(name, '');
      continue;
    }
    if (!serveFlags.has(name) && name !== '--cors')
      throw new UsageError(`serve does not take ${JSON.stringify(name)}`);
    const value = args[(i += 1)];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    if (name === '--cors') corsOrigins.push(readOrigin(value));
    else flags.set(name, value);
  }
  return { flags, corsOrigins };
}

/** An origin is compared as the browser sends it, so anything but scheme://host[:port] could never match. */
function readOrigin(text: string, where = '--cors'): string {
  if (!/^https?:\/\/[^/?#\s]+$/.test(text)) {
    throw new UsageError(
      `${where} takes an origin such as https://app.example.com, got ${JSON.stringify(text)}`,
    );
  }
  return text;
}

function readPort(text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65535) throw new UsageError(`port must be 0 to 65535, got ${text}`);
  return port;
}

/** `--log-format`, else `GATEWAY_LOG_FORMAT`; neither leaves the choice to whether stdout is a terminal. */
function readLogFormat(flag: string | undefined, env: Readonly<Record<string, string | undefined>>) {
  const given = flag ?? (env['GATEWAY_LOG_FORMAT'] || undefined);
  if (given === undefined) return {};
  if (given !== 'json' && given !== 'text') {
    const where = flag === undefined ? 'GATEWAY_LOG_FORMAT' : '--log-format';
    throw new UsageError(`${where} takes json or text, got ${JSON.stringify(given)}`);
  }
  return { logFormat: given } as const;
}

/** A switch's environment variable: `1`, `true`, `yes`, `on` turn it on; `0`, `false`, `no`, `off` or empty, off. */
function readSwitch(variable: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const given = (env[variable] ?? '').toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(given)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(given)) return false;
  throw new UsageError(`${variable} takes 1 or 0 (true or false), got ${JSON.stringify(env[variable])}`);
}

/** `--cors` origins, else `GATEWAY_CORS`, a comma list of the same origins. */
function readCorsOrigins(flagged: string[], env: Readonly<Record<string, string | undefined>>): string[] {
  if (flagged.length > 0) return flagged;
  const listed = (env['GATEWAY_CORS'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return listed.map((origin) => readOrigin(origin, 'GATEWAY_CORS'));
}

/** Every setting of `serve`, from its flags and then its environment variables, each checked before anything starts. */
function serveOptions(args: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  const { flags, corsOrigins } = readFlags(args);
  const catalogPath = flags.get('--catalog') ?? (env['GATEWAY_CATALOG'] || undefined);
  return {
    host: flags.get('--host') ?? (env['HOST'] || '127.0.0.1'),
    port: readPort(flags.get('--port') ?? (env['PORT'] || '8787')),
    basePath: flags.get('--base-path') ?? (env['GATEWAY_BASE_PATH'] || '/api/v1'),
    env,
    memory: flags.has('--memory') || readSwitch('GATEWAY_MEMORY', env),
    metrics: flags.has('--metrics') || readSwitch('GATEWAY_METRICS', env),
    corsOrigins: readCorsOrigins(corsOrigins, env),
    ...(catalogPath === undefined ? {} : { catalogPath }),
    ...readLogFormat(flags.get('--log-format'), env),
  };
}

async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const env = io.env ?? {};
  const options = serveOptions(args, env);
  if (io.untilStopped === undefined) throw new Error('serve needs a process to stop it');
  // Before the server's modules load, so that the next start reads them compiled.
  enableCompileCache(env);
  // Loaded on demand: validate and normalize never pay for the server.
  const { runGateway } = await import('../gateway/run.js');
  return runGateway(
    { ...options, version: packageVersion() },
    {
      stdout: io.stdout,
      stderr: io.stderr,
      untilStopped: io.untilStopped,
      stdoutIsTerminal: io.stdoutIsTerminal === true,
      ...(io.armStopDeadline ? { armStopDeadline: io.armStopDeadline } : {}),
    },
  );
}

/**
 * Why `serve` could not start, as the log says everything else: one JSON line (pino's fields, level 50) off a
 * terminal or with `--log-format json`, so a log pipeline reads it too; the plain sentence elsewhere.
 */
function startFailure(args: readonly string[], io: CliIo, reason: string, usageText: string): string {
  const flagged = args.indexOf('--log-format');
  const format =
    (flagged === -1 ? undefined : args[flagged + 1]) ?? (io.env?.['GATEWAY_LOG_FORMAT'] || undefined);
  const json = format === 'json' || (format !== 'text' && io.stdoutIsTerminal !== true);
  if (!json) return `gateway-contract: ${reason}\n${usageText}`;
  const line = {
    level: 50,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    msg: `cannot start: ${reason}`,
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * Runs one CLI command; returns the exit code (0 all valid, 1 some document invalid, 2 usage error or an input
 * that could not be read; `serve` returns 0 once stopped by a signal).
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (
      command === undefined ||
      ['help', '--help', '-h'].includes(command) ||
      rest.includes('--help') ||
      rest.includes('-h')
    ) {
      io.stdout(usage);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === 'version') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    if (command === 'validate') return await validateCommand(rest, io);
    if (command === 'normalize') return await normalizeCommand(rest, io);
    if (command === 'bench') return await benchCommand(rest, io);
    if (command === 'serve') return await serveCommand(rest, io);
    throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  } catch (error) {
    const message = (error as Error).message;
    if (command === 'serve') {
      io.stderr(startFailure(rest, io, message, error instanceof UsageError ? usage : ''));
      return 2;
    }
    io.stderr(`gateway-contract: ${message}\n${error instanceof UsageError ? usage : ''}`);
    return 2;
  }
}

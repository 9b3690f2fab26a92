import { readFile } from 'node:fs/promises';
import { parseJsonBody } from '../body/json-body.js';
import { normalizePresetRequest } from '../core/normalize.js';
import type { ErrorBody } from '../core/errors.js';
import { rootNames, validate, type RootName } from '../core/validators.js';

/** Where the CLI reads and writes; the bin wires it to the process, tests to buffers. */
export interface CliIo {
  readStdin(): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The environment `serve` reads HOST, PORT and the gateway keys from. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Resolves with a signal's name (SIGTERM, SIGINT) once `serve` should stop; `serve` needs it. */
  untilStopped?: () => Promise<string>;
}

const usage = `Usage:
  gateway-contract validate [--strict] <name> [file|-]
                                             exit 0 when valid, 1 when invalid (error body on stdout);
                                             --strict rejects unknown properties
  gateway-contract normalize [file|-]         print {config, system_prompt}, or the error body (exit 1)
  gateway-contract serve [--host H] [--port P] [--base-path /api/v1] [--catalog FILE] [--memory]
                                              run the reference gateway (HOST, PORT, GATEWAY_MANAGEMENT_KEY,
                                              GATEWAY_API_KEY from the environment) until SIGTERM or SIGINT;
                                              presets and keys kept in PostgreSQL (DATABASE_URL), else in
                                              GATEWAY_DATA_DIR (embedded PGlite), or nowhere with --memory
Names: ${rootNames.join(', ')}
`;

class UsageError extends Error {}

async function readInput(source: string | undefined, io: CliIo): Promise<string> {
  if (source === undefined || source === '-') return io.readStdin();
  return readFile(source, 'utf8');
}

function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** Invalid input: the error body on stdout, exit code 1. */
function rejected(io: CliIo, error: ErrorBody): number {
  printJson(io, error);
  return 1;
}

async function validateCommand(args: readonly string[], io: CliIo): Promise<number> {
  const strict = args.includes('--strict');
  const [name, source, ...extra] = args.filter((arg) => arg !== '--strict');
  if (name === undefined || extra.length > 0)
    throw new UsageError('validate takes a name and at most one file');
  if (!(rootNames as readonly string[]).includes(name))
    throw new UsageError(`unknown name ${JSON.stringify(name)}`);
  const parsed = parseJsonBody(await readInput(source, io));
  if (!parsed.ok) return rejected(io, parsed.error);
  const result = validate(name as RootName, parsed.value, { profile: strict ? 'strict' : 'default' });
  return result.ok ? 0 : rejected(io, result.error);
}

async function normalizeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const [source, ...extra] = args;
  if (extra.length > 0) throw new UsageError('normalize takes at most one file');
  const parsed = parseJsonBody(await readInput(source, io));
  if (!parsed.ok) return rejected(io, parsed.error);
  const result = validate('messages-request', parsed.value);
  if (!result.ok) return rejected(io, result.error);
  printJson(io, normalizePresetRequest(result.value));
  return 0;
}

const serveFlags = new Set(['--host', '--port', '--base-path', '--catalog']);
const serveSwitches = new Set(['--memory']);

/** `--name value` pairs and bare switches (kept with the value ''); anything else is a usage error. */
function readFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const name = args[i] as string;
    if (serveSwitches.has(name)) {
      flags.set(name, '');
      continue;
    }
    if (!serveFlags.has(name)) throw new UsageError(`serve does not take ${JSON.stringify(name)}`);
    const value = args[(i += 1)];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    flags.set(name, value);
  }
  return flags;
}

function readPort(text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65535) throw new UsageError(`port must be 0 to 65535, got ${text}`);
  return port;
}

async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const flags = readFlags(args);
  const env = io.env ?? {};
  if (io.untilStopped === undefined) throw new Error('serve needs a process to stop it');
  // Loaded on demand: validate and normalize never pay for the server.
  const { runGateway } = await import('../gateway/run.js');
  return runGateway(
    {
      host: flags.get('--host') ?? env['HOST'] ?? '127.0.0.1',
      port: readPort(flags.get('--port') ?? env['PORT'] ?? '8787'),
      basePath: flags.get('--base-path') ?? '/api/v1',
      env,
      memory: flags.has('--memory'),
      ...(flags.has('--catalog') ? { catalogPath: flags.get('--catalog') as string } : {}),
    },
    { stdout: io.stdout, untilStopped: io.untilStopped },
  );
}

/**
 * Runs one CLI command; returns the exit code (0 valid, 1 invalid input, 2 usage or I/O error; `serve` returns 0
 * once stopped by a signal).
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'validate') return await validateCommand(rest, io);
    if (command === 'normalize') return await normalizeCommand(rest, io);
    if (command === 'serve') return await serveCommand(rest, io);
    if (command === undefined || command === 'help' || command === '--help') {
      io.stdout(usage);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  } catch (error) {
    const reason =
      error instanceof UsageError ? `${error.message}\n${usage}` : `${(error as Error).message}\n`;
    io.stderr(`gateway-contract: ${reason}`);
    return 2;
  }
}

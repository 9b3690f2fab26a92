import { spawn, type ChildProcess } from 'node:child_process';
import { exampleRequest } from '../http/example-request.js';
import { repositoryRoot } from '../support/repository-root.js';

/** The repository root, where the bin's paths start. */
export const root = repositoryRoot;

/** The bin `npm start` runs: the bundle. A bench script compiled by tsc alone runs `dist/src/cli/bin.js`. */
export const BUNDLED_BIN = 'dist/lib/bin.js';

export interface Started {
  child: ChildProcess;
  output: () => string;
  banner: string;
  /** The `curl` lines of the banner. */
  commands: string[];
  /** `http://127.0.0.1:<port>/api/v1`, read from the banner. */
  baseUrl: string;
  exited: Promise<number | null>;
}

/** How a test runs the gateway beyond its environment and flags. */
export interface ServeHow {
  /** A command the gateway runs under, such as `strace` and its flags. */
  under?: readonly string[];
  /** In a process group of its own, so that a test can kill the whole group. */
  detached?: boolean;
  /** The bin to run, when not the bundle `npm start` runs. */
  bin?: string;
  /** The Node binary to run it with, when not the one running the tests. */
  node?: string;
}

/**
 * `gateway-contract serve` as `npm start` runs it (the built bin), with only PATH, PORT=0, the text log format and
 * `env` set.
 */
export function spawnServe(env: Record<string, string>, args: readonly string[], how: ServeHow = {}) {
  const command = [
    ...(how.under ?? []),
    how.node ?? process.execPath,
    how.bin ?? BUNDLED_BIN,
    'serve',
    ...args,
  ];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    // The human lines, which these tests read, unless a test asks for JSON (a pipe's default).
    env: { PATH: process.env['PATH'], PORT: '0', GATEWAY_LOG_FORMAT: 'text', ...env },
    detached: how.detached ?? false,
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts `serve` on a free port and waits for its banner; rejects with its output when it exits first. */
export async function startServe(
  env: Record<string, string>,
  args: readonly string[] = [],
  how: ServeHow = {},
): Promise<Started> {
  const { child, output, exited } = spawnServe(env, args, how);
  await new Promise<void>((resolve, reject) => {
    const check = () => (output().includes('One log line per request follows') ? resolve() : undefined);
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output()}`)));
  });
  const banner = output();
  const commands = banner
    .split('\n')
    .filter((line) => line.startsWith('  curl '))
    .map((line) => line.trim());
  const baseUrl = /listening on (\S+)/.exec(banner)?.[1] as string;
  return { child, output, banner, commands, baseUrl, exited };
}

/** Runs `serve` to its end (a start-up failure), with its exit code and output. */
export async function serveUntilExit(
  env: Record<string, string>,
  args: readonly string[],
  how: ServeHow = {},
): Promise<{ code: number | null; output: string }> {
  const { output, exited } = spawnServe(env, args, how);
  const code = await exited;
  return { code, output: output() };
}

/** Creates a version of `slug` with the bundled example request, as the banner's curl command does. */
export function createPreset(baseUrl: string, key: string, slug: string): Promise<Response> {
  return fetch(`${baseUrl}/presets/${slug}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: exampleRequest,
  });
}

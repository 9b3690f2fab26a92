import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, from test/gateway/ or from its compiled copy in dist/test/gateway/ (a bench script's). */
export const root = fileURLToPath(
  new URL(import.meta.url.includes('/dist/test/') ? '../../..' : '../..', import.meta.url),
);

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

/** `gateway-contract serve` as `npm start` runs it (the built bin), with only PATH, PORT=0 and `env` set. */
function spawnServe(env: Record<string, string>, args: readonly string[], bin = BUNDLED_BIN) {
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'], PORT: '0', ...env },
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
  bin = BUNDLED_BIN,
): Promise<Started> {
  const { child, output, exited } = spawnServe(env, args, bin);
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
): Promise<{ code: number | null; output: string }> {
  const { output, exited } = spawnServe(env, args);
  const code = await exited;
  return { code, output: output() };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * A server the attack suite and the operator-endpoint benchmark run against: a child process in production mode
 * on loopback, its origin read from the first `http://127.0.0.1:<port>` it prints, its output then read and
 * dropped so that a full pipe never stalls it.
 */

/** The reference gateway as built. */
export const GATEWAY_BIN = fileURLToPath(new URL('../src/cli/bin.js', import.meta.url));

export interface ServerChild {
  child: ChildProcess;
  origin: string;
}

/** Starts `node <script> ...args` with `env` (and PATH, NODE_ENV=production) and waits for its origin. */
export function startServerChild(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<ServerChild> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env['PATH'], NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let banner = '';
    const onData = (chunk: Buffer) => {
      banner += chunk.toString();
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0];
      if (origin === undefined) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ child, origin });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it listened`)));
  });
}

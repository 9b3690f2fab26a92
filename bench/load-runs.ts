import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { format, resolveConfig } from 'prettier';
import { repoRoot } from './paths.js';
import { grouped } from '../src/cli/progress.js';

export { grouped };

/*
 * What the HTTP load benchmarks share: a server in a child process of its own, autocannon against it on
 * loopback, the server's own CPU time per request, rounds summarized by their median, and a section of
 * RESULTS.md replaced in place.
 */

/** The number after `name` on the command line, or `fallback`. */
export function numberOption(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  return at < 0 ? fallback : Number(argv[at + 1]);
}

/** The autocannon connections of every run. */
export const CONNECTIONS = 10;

export interface ServerProcess {
  child: ChildProcess;
  /** The first line the server printed: its base URL. */
  baseUrl: string;
}

/**
 * Starts `node <script> ...args`; the server prints its base URL and answers each IPC message with its usage
 * (server-usage.ts).
 */
export async function startServer(script: string, args: readonly string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, baseUrl };
}

/** Microseconds of CPU the server process has used, and how many requests it has answered. */
function serverUsage(child: ChildProcess): Promise<{ cpu: number; served: number }> {
  return new Promise((resolve) => {
    child.once('message', (message) => {
      const { cpu, served } = message as { cpu: NodeJS.CpuUsage; served: number };
      resolve({ cpu: cpu.user + cpu.system, served });
    });
    child.send('usage');
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time per answered request, µs. */
  cpu: number;
}

/** One timed run of `requests`, every answer a 2xx, with the server's CPU time per request. */
export async function measure(
  { child, baseUrl }: ServerProcess,
  requests: LoadRequest[],
  seconds: number,
): Promise<Sample> {
  const before = await serverUsage(child);
  const result = await autocannon({
    url: new URL(baseUrl).origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests,
  });
  const after = await serverUsage(child);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} responses were not 2xx and ${result.errors} requests failed`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: (after.cpu - before.cpu) / (after.served - before.served),
  };
}

export const middle = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] as number;

/** One column over the rounds: its median, with its lowest and highest round. */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

export function spread(values: readonly number[]): Spread {
  return { median: middle(values), low: Math.min(...values), high: Math.max(...values) };
}

export const range = ({ median, low, high }: Spread) =>
  `${grouped(median)} (${grouped(low)}-${grouped(high)})`;

/** Replaces one benchmark's own section of RESULTS.md (added last if absent); every other stays as it was. */
export async function writeSection(heading: string, section: string): Promise<void> {
  const path = join(repoRoot, 'bench', 'RESULTS.md');
  const formatted = await format(section, { ...(await resolveConfig(path)), filepath: path });
  const current = readFileSync(path, 'utf8');
  const start = current.indexOf(`\n${heading}\n`);
  const next = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const before = `${(start < 0 ? current : current.slice(0, start)).trimEnd()}\n`;
  const after = next < 0 ? '' : `\n${current.slice(next + 1)}`;
  writeFileSync(path, `${before}\n${formatted.trimEnd()}\n${after}`);
}

import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The built command, as `npx gateway-contract` runs it. */
export const binPath = fileURLToPath(new URL('../../dist/lib/bin.js', import.meta.url));

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command in a child process, standard input from `input`, its output collected. */
export function runBin(args: readonly string[], input?: string | Uint8Array): BinRun {
  const result = spawnSync(process.execPath, [binPath, ...args], {
    input: input ?? '',
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the built command with its standard input left open, for input that is written while it runs. */
export function spawnBin(args: readonly string[]) {
  return spawn(process.execPath, [binPath, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
}

/** What a run of the command held: its peak resident size, and its live heap once collected at exit. */
export interface MemoryRun {
  code: number | null;
  maxRssKb: number;
  liveHeapKb: number;
}

/**
 * Runs the built command in a child that reports its own memory when it exits: the command itself has no such
 * flag, the wrapper imports it as the bin does.
 */
export function memoryOf(args: readonly string[], bin = binPath): MemoryRun {
  const wrapper = `process.on('exit', () => {
  globalThis.gc();
  const live = process.memoryUsage().heapUsed >> 10;
  process.stderr.write('memory ' + process.resourceUsage().maxRSS + ' ' + live + '\\n');
});
await import(${JSON.stringify(pathToFileURL(bin).href)});`;
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', wrapper, 'bin', ...args],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  const found = /memory (\d+) (\d+)/.exec(result.stderr);
  if (found === null) throw new Error(`no memory reported: ${result.stderr}`);
  return { code: result.status, maxRssKb: Number(found[1]), liveHeapKb: Number(found[2]) };
}

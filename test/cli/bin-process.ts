import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

/**
 * Runs the built command in a child that reports its own peak resident size (kB) when it exits: the command
 * itself has no such flag, the wrapper imports it as the bin does.
 */
export function peakResidentKb(args: readonly string[]): { code: number | null; maxRssKb: number } {
  const wrapper = `process.on('exit', () => process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n'));
await import(${JSON.stringify(binPath)});`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper, 'bin', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const found = /maxRSS (\d+)/.exec(result.stderr);
  if (found === null) throw new Error(`no maxRSS reported: ${result.stderr}`);
  return { code: result.status, maxRssKb: Number(found[1]) };
}

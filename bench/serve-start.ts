import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './timing.js';

/**
 * How long `gateway-contract serve --memory` takes from the process's start to its "listening" line, with Node's
 * compile cache off and on (filled by one start before the runs), in fresh processes taking turns so that a
 * shared machine's load weighs on both alike; on the Node given (22.1 or later for the cache to do anything).
 *
 *   node dist/bench/serve-start.js [runs] [node binary]
 */

const bin = fileURLToPath(new URL('../lib/bin.js', import.meta.url));

function startMs(node: string, cache: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node, [bin, 'serve', '--memory', '--port', '0'], {
      env: { ...process.env, GATEWAY_COMPILE_CACHE: cache },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let seen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (!seen.includes(' listening on ')) return;
      const ms = performance.now() - started;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
      seen = '';
    });
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) reject(new Error(`serve exited with ${code}`));
    });
  });
}

const runs = Number(process.argv[2] ?? 9);
const node = process.argv[3] ?? process.execPath;
const directory = mkdtempSync(join(tmpdir(), 'serve-start-'));
try {
  const cache = join(directory, 'cache');
  await startMs(node, cache);
  const off: number[] = [];
  const on: number[] = [];
  for (let run = 0; run < runs; run++) {
    off.push(await startMs(node, 'off'));
    on.push(await startMs(node, cache));
  }
  const ratio = median(on.map((ms, i) => ms / off[i]!));
  console.log(
    `serve start to "listening" on ${node}: cache off ${median(off).toFixed(1)} ms, on ${median(on).toFixed(1)} ms, ` +
      `on/off ${ratio.toFixed(2)} (median of ${runs} pairs)`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}

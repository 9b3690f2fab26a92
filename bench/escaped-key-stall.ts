import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { catalogOperations } from '../src/gateway/catalog-operations.js';
import { bundledCatalog } from '../src/gateway/catalog.js';
import { createNodeServer } from '../src/http/node/node-server.js';
import { MemoryPresetStore } from '../src/http/store/memory-preset-store.js';
import { presetOperations } from '../src/http/store/preset-operations.js';
import { DEFAULT_MAX_BODY_BYTES } from '../src/index.js';
import { MANAGEMENT_KEY } from './attack-keys.js';
import { compareTwins, escapedKeyShapes, type TwinTiming } from './escaped-key-bodies.js';
import { numberOption } from './load-runs.js';

/*
 * How long one 4 MiB create blocks a running server's event loop, a body with escaped keys against its twin
 * written plain (escaped-key-bodies.ts; docs/contract.md#value-is-text): the library's Node server over the
 * memory store, in this process, with perf_hooks' event-loop delay at 1 ms resolution, its longest delay read
 * after each create. Every other request on the server waits that long. The two bodies go one after the other,
 * which first alternating, and the ratio is the median over rounds of escaped over plain; the goal is at most
 * 1.5. `--rounds N` sets the rounds.
 */

const GOAL = 1.5;
const rounds = numberOption(process.argv, '--rounds', 5);

const server = createNodeServer({
  basePath: '/api/v1',
  resolveKey: (key) =>
    key === MANAGEMENT_KEY ? { kind: 'management', userId: 'bench', workspaceId: null } : null,
  operations: { ...presetOperations(new MemoryPresetStore()), ...catalogOperations(bundledCatalog) },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

let creates = 0;

/** Sends one create and answers its status once the whole answer is read. */
function create(body: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/presets/stall-${creates++}/messages`,
        headers: {
          authorization: `Bearer ${MANAGEMENT_KEY}`,
          'content-type': 'application/json',
          'content-length': body.byteLength,
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

/** The longest the event loop waited while one create was served, in milliseconds, and its status. */
async function blocked(body: Uint8Array): Promise<TwinTiming> {
  (globalThis as { gc?: () => void }).gc?.();
  // A tick so that what came before is not counted against this body.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.reset();
  const status = await create(body);
  return { ms: delay.max / 1e6, outcome: String(status) };
}

const encode = (text: string) => new TextEncoder().encode(text);
const size = DEFAULT_MAX_BODY_BYTES - 64;
console.log(`Event loop blocked by one 4 MiB create; node ${process.version}; ${rounds} rounds`);
console.log('');
console.log('| body | status | plain (ms) | escaped (ms) | ratio | within 1.5x |');
console.log('|---|---|---:|---:|---:|---|');
let over = 0;
for (const shape of escapedKeyShapes) {
  const plain = encode(shape.build(size, false));
  const escaped = encode(shape.build(size, true));
  // One untimed round warms the compiler.
  const {
    plainMs,
    escapedMs,
    ratio,
    outcome: status,
  } = await compareTwins(plain, escaped, rounds, 1, blocked).catch((error: Error) =>
    Promise.reject(new Error(`${shape.name}: ${error.message}`)),
  );
  if (ratio > GOAL) over++;
  console.log(
    `| ${shape.name} | ${status} | ${plainMs.toFixed(0)} | ${escapedMs.toFixed(0)} | ${ratio.toFixed(2)} | ${ratio <= GOAL ? 'yes' : '**no**'} |`,
  );
}
console.log('');
console.log(
  over === 0
    ? 'Every escaped-key create blocks the event loop at most 1.5x as long as its twin.'
    : `${over} escaped-key creates block the event loop more than 1.5x as long as their twin.`,
);
delay.disable();
server.close();
server.closeAllConnections?.();

import { connect, type Socket } from 'node:net';
import { normalizePresetRequest, validate } from '../src/index.js';
import { MANAGEMENT_KEY, OTHER_MANAGEMENT_KEY, STANDARD_KEY } from './attack-keys.js';
import { floodHeads, floodWithoutKey, keyedCreates } from './keyless-flood.js';
import { ownCreatesBeside, stallBodies } from './stalled-bodies.js';
import { fourKeysAtTheirShare, manyKeysUnderTheirShare, served } from './tenant-stalls.js';

/*
 * The attacker of `npm run bench:attack`, one attack per process: `node attack-client.js <attack> <origin>
 * [shard]`. It runs on loopback only, every loop is bounded in count and time, and it prints one JSON line: what
 * the attack saw, and whether that is the outcome the gateway must give.
 */

const BASE = '/api/v1';
const MiB = 1024 * 1024;

const [attack = '', origin = '', shardText = '0'] = process.argv.slice(2);
const url = new URL(origin);
if (url.hostname !== '127.0.0.1') throw new Error('the attack suite runs on loopback only');
const port = Number(url.port);
const shard = Number(shardText);

interface Outcome {
  result: string;
  /** Whether the gateway answered as it must. */
  held: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tally(values: readonly (string | number)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${count}x ${value}`).join(', ');
}

const example = JSON.stringify({
  model: 'openai/gpt-4o',
  messages: [{ role: 'user', content: 'Summarize the attached notes in three bullet points.' }],
});

function createRequest(slug: string, key: string, body: string): string {
  return (
    `POST ${BASE}/presets/${slug}/messages HTTP/1.1\r\nhost: a\r\nauthorization: Bearer ${key}\r\n` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Status lines and `Connection` headers read off a raw connection until `count` responses or `ms` pass. */
function readResponses(
  socket: Socket,
  count: number,
  ms: number,
): Promise<{ statuses: number[]; closes: number }> {
  return new Promise((resolve) => {
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      resolve({
        statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1])),
        closes: (text.match(/\r\nconnection: close\r\n/gi) ?? []).length,
      });
    };
    const timer = setTimeout(finish, ms);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= count) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => {});
  });
}

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function send(path: string, init: RequestInit = {}): Promise<number | string> {
  try {
    const response = await fetch(`${origin}${BASE}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as Error).name;
  }
}

const json = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

/** Runs `task` for indexes 0..count-1 with `parallel` at a time, stopping new ones after `ms`. */
async function pool<T>(count: number, parallel: number, ms: number, task: (index: number) => Promise<T>) {
  const results: T[] = [];
  const deadline = Date.now() + ms;
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count && Date.now() < deadline) results.push(await task(next++));
    }),
  );
  return results;
}

/** `unit` repeated with commas up to `bytes` characters. */
function repeated(unit: string, bytes: number): string {
  return Array(Math.floor(bytes / (unit.length + 1)))
    .fill(unit)
    .join(',');
}

/** A request whose tool_use input holds `list` (raw JSON text): 7 levels sit above the list's items. */
const inInput = (list: string) =>
  `{"model":"m","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"n","input":{"list":[${list}]}}]}]}`;

const attacks: Record<string, () => Promise<Outcome>> = {
  async A() {
    // 600 connections each write 4,000 pipelined GETs and never read; held for 8 s.
    const request = `GET ${BASE}/providers HTTP/1.1\r\nhost: a\r\n\r\n`;
    const batch = request.repeat(4000);
    const sockets: Socket[] = [];
    let closedByServer = 0;
    for (let i = 0; i < 600; i += 50) {
      const opened = await Promise.all(Array.from({ length: 50 }, () => openSocket().catch(() => undefined)));
      for (const socket of opened) {
        if (socket === undefined) continue;
        socket.pause();
        socket.on('error', () => {});
        socket.on('close', () => closedByServer++);
        socket.write(batch);
        sockets.push(socket);
      }
    }
    await sleep(8_000);
    const closed = closedByServer;
    for (const socket of sockets) socket.destroy();
    return { result: `${sockets.length} connections, ${closed} closed by the server`, held: true };
  },

  async B() {
    // 10,200 idle connections per shard (two shards), opened in batches and held for 10 s.
    const sockets: Socket[] = [];
    let refused = 0;
    let closedByServer = 0;
    for (let i = 0; i < 10_200; i += 300) {
      const batch = await Promise.all(Array.from({ length: 300 }, () => openSocket().catch(() => undefined)));
      for (const socket of batch) {
        if (socket === undefined) refused++;
        else {
          socket.on('close', () => closedByServer++);
          socket.on('error', () => {});
          sockets.push(socket);
        }
      }
      await sleep(20);
    }
    await sleep(4_000);
    const open = sockets.length - closedByServer;
    for (const socket of sockets) socket.destroy();
    return {
      result: `shard ${shard}: ${sockets.length} opened, ${closedByServer} closed by the server, ${open} still open, ${refused} refused`,
      held: true,
    };
  },

  async C() {
    // 48 concurrent 4 MiB bodies of arrays nested to the depth limit, with the management key.
    const body = inInput(repeated('['.repeat(57) + ']'.repeat(57), 4 * MiB - 512));
    const statuses = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        send(`/presets/deep-${shard}-${i}/messages`, { method: 'POST', headers: json(MANAGEMENT_KEY), body }),
      ),
    );
    // 400 past the density bound, 503 past the bytes in flight, 408 for a connection that sent no request in time.
    const clear = (status: number | string) => status === 400 || status === 503 || status === 408;
    return { result: tally(statuses), held: statuses.every(clear) };
  },

  async D() {
    // Creates of 3.9 MiB configs (a system prompt), 4 at a time, up to 1,069 or 25 s.
    const system = 'x'.repeat(3.9 * MiB);
    // Once the store is full, ten refusals show it stays so; the rest would only repeat them.
    let refused = 0;
    const statuses = await pool(1069, 4, 25_000, async (i) => {
      if (refused >= 10) return 'not sent';
      const status = await send(`/presets/big-${i}/messages`, {
        method: 'POST',
        headers: json(MANAGEMENT_KEY),
        body: JSON.stringify({ model: 'openai/gpt-4o', system, messages: [] }),
      });
      if (status === 503) refused++;
      return status;
    });
    return {
      result: tally(statuses),
      held: statuses.every((status) => status === 200 || status === 503 || status === 'not sent'),
    };
  },

  async E() {
    // 100 fetch uploads of 8-50 MiB: past the size limit (413) or with a wrong key (401).
    const statuses = await pool(100, 4, 120_000, (i) => {
      const size = (8 + ((i * 7) % 43)) * MiB;
      const key = i % 2 === 0 ? MANAGEMENT_KEY : 'gw-mgmt-wrong';
      return send(`/presets/upload-${i}/messages`, {
        method: 'POST',
        headers: json(key),
        body: new Uint8Array(size).fill(0x20),
      });
    });
    const expected = statuses.filter((status) => status === 413 || status === 401).length;
    return {
      result: `${expected} of ${statuses.length} got 413 or 401 (${tally(statuses)})`,
      held: expected === 100,
    };
  },

  async F() {
    // An early rejection (wrong key) of a small body, then a GET, 20 times on one kept-alive connection.
    const socket = await openSocket();
    let text = '';
    for (let i = 0; i < 20; i++) text += createRequest(`small-${i}`, 'gw-mgmt-wrong', example);
    text += `GET ${BASE}/providers HTTP/1.1\r\nhost: a\r\n\r\n`;
    const reading = readResponses(socket, 21, 10_000);
    socket.write(text);
    const { statuses, closes } = await reading;
    socket.destroy();
    return {
      result: `${tally(statuses)} on one connection, ${closes} with Connection: close`,
      held: statuses.length === 21 && closes === 0 && statuses[20] === 200,
    };
  },

  async G() {
    // A create pipelined with a GET of the new slug, on 20 connections.
    const seen = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const socket = await openSocket();
        const slug = `pipelined-${i}`;
        const reading = readResponses(socket, 2, 10_000);
        socket.write(
          createRequest(slug, MANAGEMENT_KEY, example) +
            `GET ${BASE}/presets/${slug}/versions/1 HTTP/1.1\r\nhost: a\r\nauthorization: Bearer ${MANAGEMENT_KEY}\r\n\r\n`,
        );
        const { statuses } = await reading;
        socket.destroy();
        return statuses.join(' then ');
      }),
    );
    return { result: tally(seen), held: seen.every((pair) => pair === '200 then 200') };
  },

  async H() {
    // Two Authorization headers, the valid one first, on an operation that needs a key.
    const socket = await openSocket();
    const reading = readResponses(socket, 1, 10_000);
    socket.write(
      `GET ${BASE}/presets/any/versions/1 HTTP/1.1\r\nhost: a\r\nauthorization: Bearer ${MANAGEMENT_KEY}\r\n` +
        `authorization: Bearer ${STANDARD_KEY}\r\n\r\n`,
    );
    const { statuses } = await reading;
    socket.destroy();
    return { result: tally(statuses), held: statuses[0] === 401 };
  },

  async I() {
    // A tool schema with properties named __proto__, constructor and prototype, saved and read back.
    const names = ['__proto__', 'constructor', 'prototype'];
    const properties = names.map((name) => `"${name}":{"type":"string"}`).join(',');
    const body =
      `{"model":"openai/gpt-4o","messages":[{"role":"user","content":"hi"}],"tools":[{"name":"lookup",` +
      `"input_schema":{"type":"object","properties":{${properties}},"required":${JSON.stringify(names)}}}]}`;
    const created = await send('/presets/unsafe-keys/messages', {
      method: 'POST',
      headers: json(MANAGEMENT_KEY),
      body,
    });
    const response = await fetch(`${origin}${BASE}/presets/unsafe-keys/versions/1`, {
      headers: { authorization: `Bearer ${MANAGEMENT_KEY}` },
    });
    const text = await response.text();
    const kept = names.filter((name) => text.includes(`"${name}":{"type":"string"}`));
    return {
      result: `create ${created}, read ${response.status}, ${kept.length} of 3 properties kept`,
      held: created === 200 && kept.length === 3,
    };
  },

  async J() {
    // Library: a cyclic object inside a free-form field, validated and then normalized.
    const schema: Record<string, unknown> = { type: 'object' };
    schema['self'] = schema;
    const request = {
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'lookup', input_schema: schema }],
    };
    const started = performance.now();
    const verdict = validate('messages-request', request);
    let normalized = 'returned';
    try {
      if (verdict.ok) normalizePresetRequest(verdict.value);
    } catch (error) {
      normalized = `${(error as Error).name}: ${(error as Error).message.slice(0, 60)}`;
    }
    const ms = (performance.now() - started).toFixed(1);
    return {
      result: `validate ${verdict.ok ? 'ok' : 'rejected'}; normalize ${normalized} (${ms} ms)`,
      held: normalized.startsWith('TypeError'),
    };
  },

  async K() {
    // 4 MiB of objects with 127 keys new to the engine, beside 4 MiB of short user turns, 5 each, in turn.
    const turns = `{"model":"m","messages":[${repeated('{"role":"user","content":"x"}', 4 * MiB - 512)}]}`;
    const times: { hostile: number[]; ordinary: number[] } = { hostile: [], ordinary: [] };
    const statuses: Array<number | string> = [];
    for (let round = 0; round < 5; round++) {
      let key = 0;
      const object = () =>
        `{${Array.from({ length: 127 }, () => `"k${round}x${(key++).toString(36)}":0`).join(',')}}`;
      const parts: string[] = [];
      for (let length = 0; length < 4 * MiB - 8192; length += parts[parts.length - 1]!.length + 1) {
        parts.push(object());
      }
      for (const [kind, body] of [
        ['ordinary', turns],
        ['hostile', inInput(parts.join(','))],
      ] as const) {
        const started = performance.now();
        const status = await send(`/presets/cost-${kind}-${round}/messages`, {
          method: 'POST',
          headers: json(MANAGEMENT_KEY),
          body,
        });
        times[kind].push(performance.now() - started);
        if (kind === 'hostile') statuses.push(status);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(times.hostile) / median(times.ordinary);
    return {
      result: `${tally(statuses)}; ${median(times.hostile).toFixed(0)} ms against ${median(times.ordinary).toFixed(0)} ms for ordinary turns (${ratio.toFixed(2)}x)`,
      held: statuses.every((status) => status === 400) && ratio <= 3,
    };
  },

  async L() {
    // 17 connections without a key each declare a 4 MiB body and send none, reconnecting as the server closes
    // them, for 12 s; 30 creates with the management key start evenly over the same 12 s.
    const ms = 12_000;
    const [flood, creates] = await Promise.all([
      floodWithoutKey({ port, head: floodHeads.create(BASE), connections: 17, ms }),
      keyedCreates({
        baseUrl: `${origin}${BASE}`,
        key: MANAGEMENT_KEY,
        body: example,
        count: 30,
        ms,
        slugPrefix: 'beside-flood',
      }),
    ]);
    const served = creates.filter((status) => status === 200).length;
    return {
      result: `${served} of 30 keyed creates got 200 (${tally(creates)}); the flood: ${flood.opened} connections, ${tally(flood.statuses)}`,
      held: served === 30,
    };
  },

  async M() {
    // 17 connections with one management key each send all of a 4 MiB body but its last byte and stall, sending
    // again once answered, for 14 s; that key's own 5 creates go at 4 to 6 s, another key's 30 over the 14 s.
    const ms = 14_000;
    const [stalled, own, others] = await Promise.all([
      stallBodies({ port, base: BASE, key: MANAGEMENT_KEY, connections: 17, ms }),
      ownCreatesBeside({ baseUrl: `${origin}${BASE}`, key: MANAGEMENT_KEY, body: example, fromMs: 4_000 }),
      keyedCreates({
        baseUrl: `${origin}${BASE}`,
        key: OTHER_MANAGEMENT_KEY,
        body: example,
        count: 30,
        ms,
        slugPrefix: 'beside-stalled',
      }),
    ]);
    const served = others.filter((status) => status === 200).length;
    const slowest = Math.max(...own.map((create) => create.ms));
    return {
      result:
        `the other key: ${served} of 30 creates got 200 (${tally(others)}); the stalling key's own creates: ` +
        `${tally(own.map((create) => create.status))}, the slowest in ${slowest.toFixed(0)} ms; ` +
        `the stalled bodies: ${stalled.opened} connections, ${tally(stalled.statuses)}`,
      held: served === 30 && own.every((create) => create.status === 503),
    };
  },

  async N() {
    const seen = await fourKeysAtTheirShare({ port, base: BASE });
    const large = seen.creates['300 kB']!;
    const small = seen.creates['2 kB']!;
    return {
      result:
        `the fifth key: ${served(large)} of 10 creates of 300 kB got 200 (${tally(large)}); the sixth: ` +
        `${served(small)} of 10 of 2 kB (${tally(small)}); the stalled bodies: ${seen.stalled.opened} connections, ` +
        tally(seen.stalled.statuses),
      held: served(large) >= 9 && served(small) >= 9,
    };
  },

  async O() {
    const seen = await manyKeysUnderTheirShare({ port, base: BASE });
    const large = seen.creates['300 kB']!;
    return {
      result:
        `the 33rd key: ${served(large)} of 10 creates of 300 kB got 200 (${tally(large)}); the stalled bodies: ` +
        `${seen.stalled.opened} connections, ${tally(seen.stalled.statuses)}`,
      held: served(large) >= 9,
    };
  },

  async 'clean: create and read'() {
    const statuses = await pool(50, 4, 30_000, async (i) => {
      const created = await send(`/presets/clean-${i}/messages`, {
        method: 'POST',
        headers: json(MANAGEMENT_KEY),
        body: example,
      });
      const read = await send(`/presets/clean-${i}/versions/1`, {
        headers: { authorization: `Bearer ${MANAGEMENT_KEY}` },
      });
      return `${created} then ${read}`;
    });
    return { result: tally(statuses), held: statuses.every((pair) => pair === '200 then 200') };
  },

  async 'clean: 1,000 keep-alive GETs'() {
    const statuses = await pool(1000, 1, 30_000, () => send('/providers'));
    return { result: tally(statuses), held: statuses.every((status) => status === 200) };
  },

  async 'clean: 4 MiB of turns'() {
    const body = `{"model":"m","messages":[${repeated('{"role":"user","content":"x"}', 4 * MiB - 512)}]}`;
    const statuses = await pool(5, 1, 30_000, (i) =>
      send(`/presets/turns-${i}/messages`, { method: 'POST', headers: json(MANAGEMENT_KEY), body }),
    );
    return { result: tally(statuses), held: statuses.every((status) => status === 200) };
  },
};

const run = attacks[attack];
if (run === undefined) throw new Error(`no attack named ${attack}`);
const outcome = await run();
process.stdout.write(`${JSON.stringify(outcome)}\n`);
process.exit(0);

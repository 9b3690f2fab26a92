import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_OBJECT_SHAPES, parseJsonBody, validate } from '../src/index.js';
import { CHARACTERS_PER_CONTAINER } from '../src/body/body-cost.js';
import { median } from '../src/cli/median.js';
import { numberOption } from './load-runs.js';
import { measuredBodySizes } from '../test/fixtures/hostile/builders.js';
import { compareTwins, escapedKeyShapes, fill } from './escaped-key-bodies.js';

/*
 * What one body may cost (docs/contract.md#body-cost), side by side in one run: bodies built to cost the most while
 * staying within the limits (just under the shape and density bounds), and the attacks the bounds now reject,
 * each timed from raw bytes to a verdict (parseJsonBody, then validate) in rounds that alternate with an ordinary
 * body of the same size: short user turns, the densest ordinary request. The ratio is the median over rounds of
 * each body's time over the ordinary body's in the same round; the goal is at most 3. `--rounds N` sets the rounds.
 * Then bodies that write escaped keys, each against its twin written plain (escaped-key-bodies.ts), at 256 KiB and
 * 4 MiB: the goal is at most 1.5 (docs/contract.md#value-is-text). `--escaped-keys` runs only that table; `--cpu`
 * times CPU rather than wall-clock time.
 */

const GOAL = 3;
const rounds = numberOption(process.argv, '--rounds', 7);

/** A prefix no other body of this process uses, so keys are new to the engine as an attacker's would be. */
let bodies = 0;
const salt = () => `s${(bodies++).toString(36)}`;

/** Room for the request around a payload. */
const ROOM = 256;

const turns = (size: number, content: string) =>
  `{"model":"openai/gpt-4o","messages":[${fill(size - ROOM, (i) => `{"role":"${i % 2 ? 'assistant' : 'user'}","content":"${content}"}`)}]}`;

/** A request whose tool_use input holds `list`, raw JSON of about `size` characters. */
const inInput = (list: string) =>
  `{"model":"openai/gpt-4o","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"n","input":{"list":[${list}]}}]}]}`;

/** Objects of `perObject` new keys, `shapes` keys in all, then `filler` up to the size. */
function newShapes(size: number, perObject: number, filler: string): string {
  const s = salt();
  const objects: string[] = [];
  for (let first = 0; first < DEFAULT_MAX_OBJECT_SHAPES - 64; first += perObject) {
    const keys = Array.from({ length: perObject }, (_, k) => `"${s}${(first + k).toString(36)}":0`);
    objects.push(`{${keys.join(',')}}`);
  }
  const head = objects.join(',');
  return inInput(`${head},${fill(size - ROOM - head.length, () => filler)}`);
}

/** Objects of 16 keys in new orders, until just under the shape bound, then those objects repeated. */
function keyOrders(size: number): string {
  const s = salt();
  let seed = bodies * 7919;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  const objects: string[] = [];
  const seen = new Set<string>();
  for (let shapes = 16; shapes < DEFAULT_MAX_OBJECT_SHAPES - 64;) {
    const keys = Array.from({ length: 16 }, (_, k) => `${s}${k}`);
    for (let k = keys.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [keys[k], keys[j]] = [keys[j] as string, keys[k] as string];
    }
    for (let prefix = 1; prefix <= keys.length; prefix++) {
      const shape = keys.slice(0, prefix).join();
      if (seen.has(shape)) continue;
      seen.add(shape);
      shapes++;
    }
    objects.push(`{${keys.map((key) => `"${key}":0`).join(',')}}`);
  }
  return inInput(fill(size - ROOM, (i) => objects[i % objects.length] as string));
}

/** Chains of arrays nested 57 deep (64 levels in all), padded with zeros to the density bound. */
function deepArrays(size: number): string {
  const levels = 57;
  const zeros = '0,'.repeat(Math.ceil((levels * CHARACTERS_PER_CONTAINER - 2 * levels) / 2)) + '0';
  return inInput(fill(size - ROOM, () => '['.repeat(levels) + zeros + ']'.repeat(levels)));
}

/** Objects of 127 keys, every key new. */
const newKeyObject = (s: string) => (i: number) =>
  `{${Array.from({ length: 127 }, (_, k) => `"${s}${(i * 127 + k).toString(36)}":0`).join(',')}}`;

interface Body {
  name: string;
  /** Whether the bounds reject it (an attack), rather than let it through as within the limits. */
  rejected: boolean;
  build: (size: number) => string;
}

const lorem =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.';
const pad = (length: number) => 'x'.repeat(length);

/** An array and an object that, with the comma after them, take the characters allowed per container. */
const denseArray = `[${'0,'.repeat((CHARACTERS_PER_CONTAINER - 4) / 2)}0]`;
const denseObject = `{"a":"${pad(CHARACTERS_PER_CONTAINER - 9)}"}`;

const ordinary: Body = {
  name: 'ordinary: short user turns',
  rejected: false,
  build: (size) => turns(size, 'x'),
};

const candidates: Body[] = [
  { name: 'turns of 100 characters', rejected: false, build: (size) => turns(size, lorem) },
  {
    name: '4 032 shapes, one new key per object, then turns',
    rejected: false,
    build: (size) => newShapes(size, 1, '{"role":"user","content":"x"}'),
  },
  {
    name: '4 032 shapes in objects of 127 new keys, then zeros',
    rejected: false,
    build: (size) => newShapes(size, 127, '0'),
  },
  { name: '16 keys in new orders up to the shape bound', rejected: false, build: keyOrders },
  {
    name: `arrays at the density bound: ${denseArray}`,
    rejected: false,
    build: (size) => inInput(fill(size - ROOM, () => denseArray)),
  },
  {
    name: `objects at the density bound: ${denseObject}`,
    rejected: false,
    build: (size) => inInput(fill(size - ROOM, () => denseObject)),
  },
  { name: 'arrays nested 57 deep at the density bound', rejected: false, build: deepArrays },
  { name: 'zeros', rejected: false, build: (size) => inInput(fill(size - ROOM, () => '0')) },
  { name: 'doubles', rejected: false, build: (size) => inInput(fill(size - ROOM, (i) => `${i}.5e-3`)) },
  { name: 'empty strings', rejected: false, build: (size) => inInput(fill(size - ROOM, () => '""')) },
  {
    name: 'one long string',
    rejected: false,
    build: (size) => `{"model":"m","system":"${pad(size - ROOM)}","messages":[]}`,
  },
  {
    name: 'attack: objects of 127 new keys',
    rejected: true,
    build: (size) => inInput(fill(size - ROOM, newKeyObject(salt()))),
  },
  { name: 'attack: empty objects', rejected: true, build: (size) => inInput(fill(size - ROOM, () => '{}')) },
  {
    name: 'attack: empty arrays nested 57 deep',
    rejected: true,
    build: (size) => inInput(fill(size - ROOM, () => '['.repeat(57) + ']'.repeat(57))),
  },
];

function verdict(bytes: Uint8Array): string {
  const parsed = parseJsonBody(bytes);
  const result = parsed.ok ? validate('messages-request', parsed.value) : parsed;
  if (result.ok) return '200';
  return `${result.error.error.code} ${result.error.error.metadata?.issues[0]?.message ?? ''}`.trim();
}

/** Collects the garbage of earlier bodies first (with `--expose-gc`), so no body pays for another's. */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** With `--cpu`, CPU time rather than wall-clock time: on a shared machine, waiting for a core is no body's cost. */
const cpuClock = process.argv.includes('--cpu');

function timed(bytes: Uint8Array): { ms: number; verdict: string } {
  collect();
  if (cpuClock) {
    const before = process.cpuUsage();
    const got = verdict(bytes);
    const spent = process.cpuUsage(before);
    return { ms: (spent.user + spent.system) / 1000, verdict: got };
  }
  const start = process.hrtime.bigint();
  const got = verdict(bytes);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, verdict: got };
}

const encode = (text: string) => new TextEncoder().encode(text);
const sizes = measuredBodySizes;

const escapedOnly = process.argv.includes('--escaped-keys');
if (!escapedOnly) {
  console.log(`What one body costs, raw bytes to a verdict; node ${process.version}; ${rounds} rounds`);
  console.log('');
  console.log('| body | size | bytes | verdict | ordinary (ms) | body (ms) | ratio | within 3x |');
  console.log('|---|---|---:|---|---:|---:|---:|---|');
  let over = 0;
  for (const [label, size] of sizes) {
    for (const body of candidates) {
      const ordinaryMs: number[] = [];
      const bodyMs: number[] = [];
      const ratios: number[] = [];
      let seen = '';
      let length = 0;
      // Two untimed rounds warm the compiler; then each round times the ordinary body and this one back to back.
      for (let round = -2; round < rounds; round++) {
        const plain = encode(ordinary.build(size));
        const hostile = encode(body.build(size));
        length = hostile.byteLength;
        if (length > DEFAULT_MAX_BODY_BYTES)
          throw new Error(`${body.name}: ${length} bytes is past the limit`);
        const base = timed(plain);
        const cost = timed(hostile);
        seen = cost.verdict;
        if (round < 0) continue;
        ordinaryMs.push(base.ms);
        bodyMs.push(cost.ms);
        ratios.push(cost.ms / base.ms);
      }
      // A body timed for the wrong verdict would measure the wrong thing, so a surprise stops the run.
      if ((seen === '200') === body.rejected) throw new Error(`${body.name} (${label}): unexpected ${seen}`);
      const ratio = median(ratios);
      if (!body.rejected && ratio > GOAL) over++;
      const shown = seen.length > 40 ? `${seen.slice(0, 37)}...` : seen;
      console.log(
        `| ${body.name} | ${label} | ${length} | ${shown} | ${median(ordinaryMs).toFixed(1)} | ${median(bodyMs).toFixed(1)} | ${ratio.toFixed(2)} | ${body.rejected ? 'rejected' : ratio <= GOAL ? 'yes' : '**no**'} |`,
      );
    }
  }
  console.log('');
  console.log(
    over === 0 ? 'Every body within the limits: at most 3x the ordinary body.' : `${over} bodies over 3x.`,
  );
}

/** Each escaped-key body against its plain twin, the two timed back to back in each round. */
const ESCAPED_GOAL = 1.5;
const escapedSizes: ReadonlyArray<[string, number]> = [
  ['64 KiB', 64 * 1024],
  ['256 KiB', 256 * 1024],
  ['4 MiB', DEFAULT_MAX_BODY_BYTES - 64],
];
console.log('');
console.log(
  `Escaped keys against the same body written plain; node ${process.version}; ${rounds} rounds; ${cpuClock ? 'CPU' : 'wall-clock'} time`,
);
console.log('');
console.log('| body | size | bytes | verdict | plain (ms) | escaped (ms) | ratio | within 1.5x |');
console.log('|---|---|---:|---|---:|---:|---:|---|');
let escapedOver = 0;
for (const [label, size] of escapedSizes) {
  for (const shape of escapedKeyShapes) {
    const plain = encode(shape.build(size, false));
    const escaped = encode(shape.build(size, true));
    const timing = (body: Uint8Array) => {
      const { ms, verdict } = timed(body);
      return { ms, outcome: verdict };
    };
    const {
      plainMs,
      escapedMs,
      ratio,
      outcome: seen,
    } = await compareTwins(plain, escaped, rounds, 2, timing).catch((error: Error) =>
      Promise.reject(new Error(`${shape.name} (${label}): ${error.message}`)),
    );
    if (ratio > ESCAPED_GOAL) escapedOver++;
    const shown = seen.length > 40 ? `${seen.slice(0, 37)}...` : seen;
    console.log(
      `| ${shape.name} | ${label} | ${escaped.byteLength} | ${shown} | ${plainMs.toFixed(1)} | ${escapedMs.toFixed(1)} | ${ratio.toFixed(2)} | ${ratio <= ESCAPED_GOAL ? 'yes' : '**no**'} |`,
    );
  }
}
console.log('');
console.log(
  escapedOver === 0
    ? 'Every escaped-key body: at most 1.5x its twin written plain.'
    : `${escapedOver} escaped-key bodies over 1.5x their twin.`,
);

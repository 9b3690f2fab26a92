import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseJsonBody } from '../src/body/json-body.js';
import { scanJsonShape } from '../src/body/json-shape.js';
import { benchCases } from '../test/fixtures/payloads.js';
import { writeSection } from './load-runs.js';
import { runtimesDir, runtimesIn } from './runtimes.js';
import { calibrate, median, newLoop, timeBatch, warmUp } from './timing.js';
import { escapedKeyShapes } from './escaped-key-bodies.js';

/**
 * The body guards' accept path: `parseJsonBody` from a valid request's bytes to its value (size, UTF-8, the
 * shape, depth and repeated-key checks, the parse), against `JSON.parse` of the same text, on the Node running
 * this and on Node 24 (from test/runtimes/install.sh), each payload in a fresh process. Besides the small,
 * typical and large requests, the typical one with escaped keys (its tools' property names and its metadata
 * key), and the escaped-key bodies of bench/escaped-key-bodies.ts at 256 KiB beside their plain twins, whose
 * escaped keys the guards check against the text (contract: value-is-text).
 *
 *   node dist/bench/body-path.js [--rounds N] [--processes N] [--no-node24] [--write] [--before]
 *   `npm run bench` runs it after its own rows, with its `--write` and `--no-node24`.
 *   --write replaces `## Body path` in RESULTS.md; with --before, `## Body path, before escaped keys`.
 */

const SECTION = '## Body path';
const BEFORE_SECTION = '## Body path, before escaped keys';
const argv = process.argv.slice(2);
const roundsAt = argv.indexOf('--rounds');
const rounds = roundsAt < 0 ? 15 : Number(argv[roundsAt + 1]);
const processesAt = argv.indexOf('--processes');
/** Fresh processes per payload and runtime: the figures are their medians, which a shared machine needs. */
const processes = processesAt < 0 ? 3 : Number(argv[processesAt + 1]);

/** The escaped-key bodies of 256 KiB and their plain twins (escaped-key-bodies.ts), by payload name. */
const SHAPE_SIZE = 256 * 1024;
const shapePayloads = new Map(
  escapedKeyShapes.flatMap((shape) => [
    [`256 KiB, ${shape.name}`, () => shape.build(SHAPE_SIZE, true)],
    [`256 KiB, ${shape.name}: plain twin`, () => shape.build(SHAPE_SIZE, false)],
  ]),
);

/** The payloads, by name: the valid requests, the typical one with escaped keys, the escaped-key bodies. */
function payloadText(name: string): string {
  const shaped = shapePayloads.get(name);
  if (shaped !== undefined) return shaped();
  if (name !== ESCAPED) {
    return JSON.stringify(benchCases.find((benchCase) => benchCase.name === name)?.value);
  }
  const typical = payloadText('typical');
  // Each property name of a tool's input schema, and the metadata key, with its first letter escaped.
  const escaped = typical.replace(
    /"(\w)(\w*)":(?=\{"type")|"(u)(ser_id)":/g,
    (_whole, first: string | undefined, rest: string | undefined, u?: string, tail?: string) =>
      `"\\u${(first ?? u!).charCodeAt(0).toString(16).padStart(4, '0')}${rest ?? tail}":`,
  );
  if (escaped === typical) throw new Error('no key of the typical request was escaped');
  return escaped;
}

const ESCAPED = 'typical, escaped keys';
const payloads = ['small', 'typical', 'large', ESCAPED, ...shapePayloads.keys()];

interface Timing {
  payload: string;
  bytes: number;
  escapedKeys: number;
  parseUs: number;
  bodyUs: number;
  /** Median over rounds of body path time / JSON.parse time in the same round. */
  ratio: number;
}

/** One payload in this process: JSON.parse and the body path, taking turns round by round. */
function timePayload(name: string): Timing {
  const text = payloadText(name);
  const bytes = new TextEncoder().encode(text);
  const parse = (value: unknown) => JSON.parse(value as string) as unknown;
  const body = (value: unknown) => {
    const result = parseJsonBody(value as Uint8Array);
    if (!result.ok) throw new Error(`${name} was refused`);
    return result.value;
  };
  const [parseLoop, bodyLoop] = [newLoop(), newLoop()];
  warmUp(parseLoop, parse, text, 300);
  warmUp(bodyLoop, body, bytes, 300);
  const parseCalls = calibrate(parseLoop, parse, text, 10);
  const bodyCalls = calibrate(bodyLoop, body, bytes, 10);
  const parseNs: number[] = [];
  const bodyNs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    parseNs.push(timeBatch(parseLoop, parse, text, parseCalls));
    bodyNs.push(timeBatch(bodyLoop, body, bytes, bodyCalls));
    ratios.push(bodyNs.at(-1)! / parseNs.at(-1)!);
  }
  return {
    payload: name,
    bytes: bytes.byteLength,
    escapedKeys: scanJsonShape(text, Infinity).escapedKeys,
    parseUs: median(parseNs) / 1000,
    bodyUs: median(bodyNs) / 1000,
    ratio: median(ratios),
  };
}

const script = fileURLToPath(import.meta.url);

/** The payload timed in `processes` fresh processes of `binary`, each figure the median of theirs. */
function measureOn(binary: string, name: string): Timing {
  const timings = Array.from({ length: processes }, () => {
    const run = spawnSync(binary, [script, '--payload', name, '--rounds', String(rounds)], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${name} on ${binary} failed: ${run.stderr}`);
    return JSON.parse(run.stdout) as Timing;
  });
  const middle = (figure: (timing: Timing) => number) => median(timings.map(figure));
  return {
    ...timings[0]!,
    parseUs: middle((timing) => timing.parseUs),
    bodyUs: middle((timing) => timing.bodyUs),
    ratio: middle((timing) => timing.ratio),
  };
}

const fixed = (us: number) => (us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2));

async function main(): Promise<void> {
  const payloadAt = argv.indexOf('--payload');
  if (payloadAt >= 0) {
    console.log(JSON.stringify(timePayload(argv[payloadAt + 1]!)));
    return;
  }
  const node24 = runtimesIn(runtimesDir()).find((runtime) => runtime.name === 'Node 24');
  const nodes = [
    { name: `Node ${process.versions.node}`, binary: process.execPath },
    ...(node24 !== undefined && existsSync(node24.binary) && !argv.includes('--no-node24')
      ? [{ name: 'Node 24', binary: node24.binary }]
      : []),
  ];
  const load = loadavg()[0]!;
  const rows: string[] = [];
  for (const node of nodes) {
    for (const name of payloads) {
      const timing = measureOn(node.binary, name);
      console.error(`${node.name}, ${name}: ${timing.ratio.toFixed(2)}x JSON.parse`);
      rows.push(
        `| ${node.name} | ${name} | ${timing.bytes} | ${timing.escapedKeys} | ${fixed(timing.parseUs)} | ` +
          `${fixed(timing.bodyUs)} | ${timing.ratio.toFixed(2)}x |`,
      );
    }
  }
  const before = argv.includes('--before');
  const section = [
    before ? BEFORE_SECTION : SECTION,
    '',
    '`node dist/bench/body-path.js`: `parseJsonBody` from the bytes of a valid request to its value (the body ' +
      "guards' accept path: size, UTF-8, the shape, depth and repeated-key checks, the parse), against " +
      '`JSON.parse` of its text, each payload in a fresh process: ' +
      `${rounds} rounds of batches of about 10 ms after 300 ms of warm-up, the two taking turns; the ratio is the ` +
      `median over rounds of the two times of a round, and each figure the median of ${processes} such processes. ` +
      '"typical, escaped keys" is the typical request with the ' +
      "first letter of its tools' property names and of its metadata key written as `\\uXXXX`: the guards read it " +
      "with `JSON.parse` and checks its escaped keys against the text ([the value is the text's](../docs/contract.md#value-is-text)); " +
      'the 256 KiB rows are the escaped-key bodies of `bench/escaped-key-bodies.ts`, each beside its twin written plain. ' +
      `Machine: ${cpus().length} cores, shared; load average ${load.toFixed(1)} when the run began, ` +
      `${loadavg()[0]!.toFixed(1)} when it ended.` +
      (before ? ' Measured on the code before escaped keys were read by the grammar.' : ''),
    '',
    '| Node | request | bytes | escaped keys | `JSON.parse` (µs) | body path (µs) | body path / `JSON.parse` |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
  console.log(section);
  if (argv.includes('--write')) await writeSection(before ? BEFORE_SECTION : SECTION, section);
}

await main();

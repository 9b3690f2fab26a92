import { openSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import { requestCases } from '../test/fixtures/payloads.js';
import { grouped, middle, numberOption, writeSection } from './load-runs.js';
import { resolvedLimits } from '../src/body/body-limits.js';
import { normalizePresetRequest, presetDraftOf } from '../src/core/normalize.js';
import { validate, validateParams } from '../src/core/validators.js';
import type { MessagesRequest } from '../src/generated/types.js';
import { gatewayKeys, keyResolver } from '../src/gateway/keys.js';
import { requestLogLine } from '../src/gateway/request-log.js';
import { authenticate } from '../src/http/authenticate.js';
import { createHandler } from '../src/http/handler.js';
import { jsonTextResponse } from '../src/http/http-response.js';
import { takeWrittenJson } from '../src/core/written-json.js';
import { presetOperations } from '../src/http/store/preset-operations.js';
import { readJsonRequest } from '../src/http/request-body.js';
import { createRouter } from '../src/http/route-match.js';
import { MemoryPresetStore } from '../src/http/store/memory-preset-store.js';
import { savePresetVersion } from '../src/http/store/preset-store.js';
import type { HandlerRequest, Principal } from '../src/http/types.js';
import { stubOperations } from '../test/support/stub-operations.js';

/*
 * Where a create request's server time goes, step by step, each step timed alone in this one process on the
 * typical create request of test/fixtures/payloads.ts: the same work the reference gateway does per request,
 * without the HTTP around it. Beside it, the bare floor's own work (bytes to text, JSON.parse, JSON.stringify
 * of a same-size answer, bytes out) and the whole handler. Steps take turns over the rounds; each figure is the
 * median round.
 *
 *   node dist/bench/request-steps.js [--rounds N] [--ms M] [--write] [--before]
 *   --write replaces `## Request steps` in RESULTS.md; with --before, `## Request steps, before the lean path`.
 */

const argv = process.argv.slice(2);
const ROUNDS = numberOption(argv, '--rounds', 7);
const ROUND_MS = numberOption(argv, '--ms', 250);
const BASE_PATH = '/api/v1';
const MANAGEMENT_KEY = 'bench-management-key';
const SECTION = argv.includes('--before') ? '## Request steps, before the lean path' : '## Request steps';

const typical = requestCases.find((testCase) => testCase.name === 'typical')?.value as MessagesRequest;
const text = JSON.stringify(typical);
const bytes = new Uint8Array(Buffer.from(text));
const limits = resolvedLimits({});
const headers = {
  authorization: `Bearer ${MANAGEMENT_KEY}`,
  'content-type': 'application/json',
  'content-length': String(bytes.byteLength),
};
const resolveKey = keyResolver(
  gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: 'bench-standard-key' }),
);
const principal = (await resolveKey(MANAGEMENT_KEY)) as Principal;
const route = createRouter(BASE_PATH);
/** Stores without the event-loop turn the gateway's store waits, so only their own work is timed; never full. */
const freshStore = () =>
  new MemoryPresetStore({
    latency: () => Promise.resolve(),
    maxPresets: Number.MAX_SAFE_INTEGER,
    maxPresetsPerWorkspace: Number.MAX_SAFE_INTEGER,
    maxConfigBytes: Number.MAX_SAFE_INTEGER,
    maxConfigBytesPerWorkspace: Number.MAX_SAFE_INTEGER,
  });
let store = freshStore();
const nullDevice = openSync('/dev/null', 'w');
let slugs = 0;
/** A fresh slug per call, and a fresh store now and then so the map does not grow through the whole run. */
const nextSlug = () => {
  if (++slugs % 20_000 === 0) store = freshStore();
  return `load-${slugs}`;
};

const saved = await savePresetVersion(store, 'sample', normalizePresetRequest(typical), principal);
if (!saved.ok) throw new Error('the sample preset was not saved');
const preset = saved.preset;
const presetJson = takeWrittenJson(preset);
if (presetJson === undefined) throw new Error('the store wrote no JSON for the sample preset');
/** The bare floor's answer: a preset-shaped JSON of the same size as the gateway's. */
const floorAnswer = { data: preset };

let handlerStore = freshStore();
const handler = createHandler({
  basePath: BASE_PATH,
  resolveKey,
  validateRequests: true,
  validateResponses: false,
  operations: stubOperations(
    presetOperations({
      getPreset: (key) => handlerStore.getPreset(key),
      getVersion: (key, version) => handlerStore.getVersion(key, version),
      compareAndSet: (key, expected, value) => handlerStore.compareAndSet(key, expected, value),
    }),
  ),
});

interface Step {
  name: string;
  what: string;
  /** Runs the step once; a promise is awaited before the next call. */
  run: () => unknown;
  /** Part of the handler's sum, or a reference row shown apart. */
  kind: 'floor' | 'step' | 'part' | 'whole';
}

const steps: Step[] = [
  {
    name: 'bare floor',
    what: 'bytes to text, `JSON.parse`, `JSON.stringify` of a preset-shaped answer of the same size, bytes out',
    kind: 'floor',
    run: () => {
      JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      return Buffer.from(JSON.stringify(floorAnswer));
    },
  },
  {
    name: 'routing',
    what: '`createRouter` on `POST /api/v1/presets/{slug}/messages`, then `validateParams`',
    kind: 'step',
    run: () => {
      const match = route('POST', `${BASE_PATH}/presets/${nextSlug()}/messages`);
      if (match.kind === 'operation') validateParams('createPresetsMessages', match.params);
    },
  },
  {
    name: 'auth',
    what: "`authenticate('management', ...)`: the Bearer header read, the key's digest compared",
    kind: 'step',
    run: () => authenticate('management', headers.authorization, resolveKey),
  },
  {
    name: 'body',
    what: '`readJsonRequest`: content type, size, UTF-8, depth, repeated keys, cost bounds, `JSON.parse`',
    kind: 'step',
    run: () => readJsonRequest({ headers, body: bytes }, limits),
  },
  {
    name: 'validate',
    what: "`validate('messages-request')` (production validates requests)",
    kind: 'step',
    run: () => validate('messages-request', typical),
  },
  {
    name: 'normalize',
    what: 'the config and system prompt a preset saves, as the create operation takes them (`presetDraftOf`)',
    kind: 'step',
    run: () => presetDraftOf(typical),
  },
  {
    name: 'store',
    what: '`savePresetVersion` on the memory store (its event-loop turn left out), a fresh slug',
    kind: 'step',
    run: () =>
      savePresetVersion(
        store,
        nextSlug(),
        { config: preset.designated_version.config, system_prompt: preset.designated_version.system_prompt },
        principal,
      ),
  },
  {
    name: 'response',
    what: 'the answer `{ data: preset }` from the JSON the store wrote (as the handler does), and the bytes written',
    kind: 'step',
    run: () => Buffer.from(jsonTextResponse(200, `{"data":${presetJson}}`).body),
  },
  {
    name: 'log line',
    what: '`requestLogLine` written to /dev/null with one `write` call (as a synchronous stdout write does)',
    kind: 'step',
    run: () =>
      writeSync(nullDevice, `${requestLogLine('POST', `/api/v1/presets/load-1/messages`, 200, 1.25)}\n`),
  },
  {
    name: 'handler',
    what: 'the whole handler on one request (bytes in, response out), store turn left out',
    kind: 'whole',
    run: () => {
      if (++slugs % 20_000 === 0) handlerStore = freshStore();
      const request: HandlerRequest = {
        method: 'POST',
        url: `${BASE_PATH}/presets/load-${slugs}/messages`,
        headers,
        body: bytes,
      };
      return handler(request);
    },
  },
];

/**
 * CPU microseconds per call of one step over about `ms` milliseconds: CPU time, not elapsed time, because on a
 * shared machine the process waits for a core for longer than most steps take.
 */
async function timeStep(step: Step, ms: number): Promise<number> {
  const deadline = performance.now() + ms;
  const started = process.cpuUsage();
  let calls = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 50; i++) {
      const result = step.run();
      if (result instanceof Promise) await result;
    }
    calls += 50;
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}

const fixed = (micros: number) => (micros < 10 ? micros.toFixed(2) : micros.toFixed(1));

function render(medians: Map<Step, { median: number; low: number; high: number }>): string {
  const floor = medians.get(steps[0] as Step)?.median ?? NaN;
  const whole = medians.get(steps[steps.length - 1] as Step)?.median ?? NaN;
  const sum = steps
    .filter((step) => step.kind === 'step')
    .reduce((total, step) => total + (medians.get(step)?.median ?? 0), 0);
  return [
    SECTION,
    '',
    `\`npm run bench:steps\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, on the shared 2-core ` +
      `machine at load average ${loadavg()[0]?.toFixed(1)}. Each step of a create request timed alone in one ` +
      `process on the typical create request (${grouped(bytes.byteLength)} bytes), a fresh slug each time: ` +
      `${ROUNDS} rounds of ${ROUND_MS} ms per step, the steps taking turns; each figure is the median round (lowest ` +
      'and highest in brackets). The bare floor is what a bare `node:http` server does besides HTTP itself.',
    '',
    '| step | what it times | µs per request | against the bare floor |',
    '| --- | --- | ---: | ---: |',
    ...steps.map((step) => {
      const { median, low, high } = medians.get(step) ?? { median: NaN, low: NaN, high: NaN };
      return `| ${step.name} | ${step.what} | ${fixed(median)} (${fixed(low)}-${fixed(high)}) | ${(median / floor).toFixed(2)}x |`;
    }),
    '',
    `The steps add up to ${fixed(sum)} µs (${(sum / floor).toFixed(2)}x the floor); the whole handler takes ` +
      `${fixed(whole)} µs, ${fixed(whole - floor)} µs more than the floor's ${fixed(floor)} µs. HTTP itself (the ` +
      'socket, parsing the request, writing the response) comes on top of both alike; `npm run bench:load` ' +
      'measures it.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  // Warm-up: every step runs until the engine has optimized it.
  for (const step of steps) await timeStep(step, 200);
  const runs = new Map<Step, number[]>(steps.map((step) => [step, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const offset = round % steps.length;
    for (const step of [...steps.slice(offset), ...steps.slice(0, offset)]) {
      runs.get(step)?.push(await timeStep(step, ROUND_MS));
    }
  }
  const medians = new Map(
    steps.map((step) => {
      const values = runs.get(step) ?? [];
      return [step, { median: middle(values), low: Math.min(...values), high: Math.max(...values) }];
    }),
  );
  const section = render(medians);
  console.log(section);
  if (argv.includes('--write')) await writeSection(SECTION, section);
}

await main();

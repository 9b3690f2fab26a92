import { spawnSync } from 'node:child_process';
import { validate } from '../src/index.js';
import { benchCases, type PayloadKind } from '../test/fixtures/payloads.js';
import { typebox } from './competitors/typebox.js';
import type { Checker } from './competitors/competitor.js';
import { benchScript } from './paths.js';
import { walk } from './rows.js';
import { calibrate, median, newLoop, timeBatch, warmUp } from './timing.js';

/**
 * Where the time goes: our `validate()`, TypeBox and the walk on parts of the typical request and of the two
 * responses, each part a valid body of its own. `node dist/bench/subtrees.js` prints the table.
 */

export interface Subtree {
  label: string;
  kind: PayloadKind;
  oursUs: number;
  typeboxUs: number;
  walkUs: number;
}

type Json = Record<string, unknown>;
type Block = Json;

const valueOf = (name: string) =>
  JSON.parse(JSON.stringify(benchCases.find((c) => c.name === name)!.value)) as Json;

function parts(): [string, PayloadKind, unknown][] {
  const typical = valueOf('typical');
  const messages = typical.messages as { role: string; content: Block[] }[];
  const base = { model: typical.model, messages: [] };
  const only = (key: string) => ({ ...base, [key]: typical[key] });
  const blocks = (role: string, block: Block) => ({
    ...base,
    messages: [{ role, content: Array.from({ length: 30 }, () => structuredClone(block)) }],
  });
  const [assistant, user] = [messages[1]!, messages[2]!];
  const scalars = {
    ...base,
    ...Object.fromEntries(
      Object.entries(typical).filter(
        ([key]) => !['messages', 'system', 'tools', 'plugins', 'context_management'].includes(key),
      ),
    ),
  };
  const endpoints = valueOf('model endpoints (20)');
  const endpointList = (endpoints.data as { endpoints: Json[] }).endpoints;
  const withEndpoints = (change: (endpoint: Json) => Json) => ({
    data: { ...(endpoints.data as Json), endpoints: endpointList.map(change) },
  });
  const providers = valueOf('providers (60)');
  const providerList = providers.data as Json[];
  return [
    ['typical request', 'messages-request', typical],
    ['`{ model, messages: [] }`', 'messages-request', base],
    ['`messages` (21 turns)', 'messages-request', { ...base, messages }],
    ['`system` (2 blocks)', 'messages-request', only('system')],
    ['`tools` (5 custom)', 'messages-request', only('tools')],
    ['`plugins` (3)', 'messages-request', only('plugins')],
    ['`context_management`', 'messages-request', only('context_management')],
    ['the other top-level fields', 'messages-request', scalars],
    ['30 `text` blocks', 'messages-request', blocks('user', user.content[1]!)],
    ['30 `thinking` blocks', 'messages-request', blocks('assistant', assistant.content[0]!)],
    ['30 `tool_use` blocks', 'messages-request', blocks('assistant', assistant.content[2]!)],
    ['30 `tool_result` blocks', 'messages-request', blocks('user', user.content[0]!)],
    ['model endpoints (20)', 'model-endpoints-response', endpoints],
    [
      'endpoints without latency and throughput',
      'model-endpoints-response',
      withEndpoints((e) => ({ ...e, latency_last_30m: null, throughput_last_30m: null })),
    ],
    [
      'endpoints without supported_parameters',
      'model-endpoints-response',
      withEndpoints((e) => ({ ...e, supported_parameters: [] })),
    ],
    ['providers (60)', 'providers-response', providers],
    [
      'providers without country codes',
      'providers-response',
      { data: providerList.map((p) => ({ ...p, headquarters: null, datacenters: null })) },
    ],
  ];
}

/** Median µs per call of each checker on `value`, the three timed in turn within each round. */
function time(checks: ((value: unknown) => unknown)[], value: unknown, rounds = 11): number[] {
  const loops = checks.map(() => newLoop());
  checks.forEach((check, i) => warmUp(loops[i]!, check, value, 150));
  const calls = checks.map((check, i) => calibrate(loops[i]!, check, value, 5));
  const times = checks.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    checks.forEach((check, i) => times[i]!.push(timeBatch(loops[i]!, check, value, calls[i]!)));
  }
  return times.map((list) => median(list) / 1000);
}

function measure(): Subtree[] {
  const checkers = new Map<PayloadKind, Checker>();
  return parts().map(([label, kind, built]) => {
    const value = JSON.parse(JSON.stringify(built)) as unknown; // parsed, as a server receives it
    if (!checkers.has(kind)) {
      const built = typebox.build(kind)!;
      checkers.set(kind, typeof built === 'function' ? built : built.check);
    }
    const other = checkers.get(kind)!;
    const ours = (input: unknown) => validate(kind, input).ok;
    if (!ours(value) || !other(value)) throw new Error(`${label}: not valid on its own`);
    const [oursUs, typeboxUs, walkUs] = time([ours, other, walk], value) as [number, number, number];
    return { label, kind, oursUs, typeboxUs, walkUs };
  });
}

/** Runs the measurement in a fresh process, away from the other rows' code and garbage. */
export function measureSubtrees(): Subtree[] {
  const result = spawnSync(process.execPath, [benchScript('subtrees'), '--json'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`subtrees failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Subtree[];
}

export function subtreeTable(subtrees: Subtree[]): string[] {
  return [
    '| part | ours (µs) | TypeBox (µs) | walk (µs) | ours / TypeBox |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...subtrees.map(
      (s) =>
        `| ${s.label} | ${s.oursUs.toFixed(2)} | ${s.typeboxUs.toFixed(2)} | ${s.walkUs.toFixed(2)} | ` +
        `${(s.oursUs / s.typeboxUs).toFixed(2)}x |`,
    ),
  ];
}

if (process.argv[1]?.endsWith('subtrees.js')) {
  const subtrees = measure();
  console.log(process.argv.includes('--json') ? JSON.stringify(subtrees) : subtreeTable(subtrees).join('\n'));
}

import { median } from '../src/cli/median.js';

/*
 * Bodies that write escaped object keys, each beside its plain twin: the same body with every escaped key
 * written without escapes (where a key must hold an escape, `\"`, the twin holds two plain characters instead;
 * a key that is one long run of escapes is the twin's value instead), so that the two differ only in how their
 * keys are written (docs/contract.md#value-is-text). The attack-cost
 * bench and the body-path bench time the pairs; the goal is at most 1.5x the twin.
 */

/** Room for the request around a payload. */
const ROOM = 256;

/** `unit(i)` joined by commas, as many as fit in `characters`. */
export function fill(characters: number, unit: (index: number) => string): string {
  const parts: string[] = [];
  let written = 0;
  for (let index = 0; ; index++) {
    const part = unit(index);
    if (written + part.length + 1 > characters && index > 0) break;
    parts.push(part);
    written += part.length + 1;
  }
  return parts.join(',');
}

/** A key as written: its first letter as `\uXXXX` when `escaped`. */
const keyed = (name: string, escaped: boolean) =>
  escaped ? `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${name.slice(1)}"` : `"${name}"`;

/** A request whose tool_use input holds `list`, raw JSON. */
const inInput = (list: string, escaped = false) =>
  `{${keyed('model', escaped)}:"openai/gpt-4o","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"n","input":{"list":[${list}]}}]}]}`;

export interface EscapedKeyShape {
  name: string;
  /** The body of about `size` characters, its keys escaped or its plain twin. */
  build: (size: number, escaped: boolean) => string;
}

export const escapedKeyShapes: readonly EscapedKeyShape[] = [
  {
    name: 'strings of `\\n` runs, the model key escaped',
    build: (size, escaped) =>
      `{${keyed('model', escaped)}:"openai/gpt-4o","messages":[${fill(size - ROOM, (i) => `{"role":"${i % 2 ? 'assistant' : 'user'}","content":"${'\\n'.repeat(200)}"}`)}]}`,
  },
  {
    name: 'every key escaped: short user turns',
    build: (size, escaped) =>
      `{${keyed('model', escaped)}:"openai/gpt-4o",${keyed('messages', escaped)}:[${fill(size - ROOM, (i) => `{${keyed('role', escaped)}:"${i % 2 ? 'assistant' : 'user'}",${keyed('content', escaped)}:"x"}`)}]}`,
  },
  {
    name: 'keys that hold a quote, 8 per object',
    build: (size, escaped) =>
      inInput(
        fill(
          size - ROOM,
          (i) => `{${Array.from({ length: 8 }, (_, k) => `"${escaped ? '\\"' : '__'}${k}":${i}`).join(',')}}`,
        ),
        escaped,
      ),
  },
  {
    // An array-index key, which engines list first, leaves the text's order of keys to be read from the text.
    name: 'keys that hold a quote, 8 per object, and an index key',
    build: (size, escaped) =>
      inInput(
        fill(
          size - ROOM,
          (i) =>
            `{${Array.from({ length: 8 }, (_, k) => `"${escaped ? '\\"' : '__'}${k}":${i}`).join(',')},"0":${i}}`,
        ),
        escaped,
      ),
  },
  {
    name: 'objects nested 57 deep, every key escaped',
    build: (size, escaped) => {
      const levels = 57;
      const open = `{${keyed('key', escaped)}:`.repeat(levels);
      // Padded to the density bound's room per container, in a string that closes the chain.
      const padding = `"${'x'.repeat(levels * 24)}"`;
      return inInput(
        fill(size - ROOM, () => open + padding + '}'.repeat(levels)),
        escaped,
      );
    },
  },
  {
    // The escapes themselves cost JSON.parse as much in a value as in a key: the twin holds the run as a value.
    name: 'one key of a `\\n` run as long as the body (twin: the run as a value)',
    build: (size, escaped) => {
      const run = '\\n'.repeat(Math.floor((size - ROOM) / 2) - 8);
      return inInput(escaped ? `{"${run}":"k"}` : `{"k":"${run}"}`, escaped);
    },
  },
];

/** One timing of a body, and what it answered, which must be the same for a body and its twin. */
export interface TwinTiming {
  ms: number;
  outcome: string;
}

/** The medians of a body and its twin written plain over timed rounds, the ratio, and what both answered. */
export interface TwinComparison {
  plainMs: number;
  escapedMs: number;
  ratio: number;
  outcome: string;
}

/**
 * Times a body written with escaped keys against its twin written plain, back to back, after `warmups` untimed
 * rounds; which goes first alternates, so neither always runs on the other's garbage or warm caches.
 */
export async function compareTwins(
  plain: Uint8Array,
  escaped: Uint8Array,
  rounds: number,
  warmups: number,
  time: (body: Uint8Array) => TwinTiming | Promise<TwinTiming>,
): Promise<TwinComparison> {
  const plainMs: number[] = [];
  const escapedMs: number[] = [];
  const ratios: number[] = [];
  let outcome = '';
  for (let round = -warmups; round < rounds; round++) {
    const first = round % 2 === 0 ? plain : escaped;
    const a = await time(first);
    const b = await time(first === plain ? escaped : plain);
    const [base, cost] = first === plain ? [a, b] : [b, a];
    if (base.outcome !== cost.outcome) throw new Error(`${cost.outcome} vs ${base.outcome}`);
    outcome = cost.outcome;
    if (round < 0) continue;
    plainMs.push(base.ms);
    escapedMs.push(cost.ms);
    ratios.push(cost.ms / base.ms);
  }
  return { plainMs: median(plainMs), escapedMs: median(escapedMs), ratio: median(ratios), outcome };
}

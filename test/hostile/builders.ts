/*
 * Builders of hostile request bodies as JSON text. Large bodies are generated here, never stored, and sized in
 * bytes so the corpus and the hostile benchmark can ask for the worst body that fits a given size.
 */

export const MiB = 1024 * 1024;

/** A value planted in bodies that no error body may ever echo (D8: issues never carry the input's values). */
export const CANARY = 'CANARY-private-prompt-7f3a';

/** Marks where `withRaw` splices raw JSON text into a serialized body. */
const RAW = '@@raw@@';

/** The smallest valid messages request, with the canary as its prompt, and `fields` beside it. */
export function request(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'openai/gpt-4o', messages: [{ role: 'user', content: CANARY }], ...fields };
}

export function requestJson(fields: Record<string, unknown> = {}): string {
  return JSON.stringify(request(fields));
}

/** A body whose value marked `RAW` (see `raw`) is replaced by text JSON.stringify cannot produce. */
export function withRaw(value: unknown, rawText: string): string {
  const text = JSON.stringify(value);
  const at = text.indexOf(JSON.stringify(RAW));
  if (at < 0) throw new Error('withRaw: the value has no raw marker');
  return text.slice(0, at) + rawText + text.slice(at + RAW.length + 2);
}

/** The marker for `withRaw`. */
export const raw = RAW;

/** `levels` objects inside each other, each holding the next under `key`: `{"a":{"a":{}}}` is 3 levels. */
export function nestedObjects(levels: number, key = 'a'): string {
  const open = `{${JSON.stringify(key)}:`;
  return open.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
}

/** `levels` arrays inside each other: `[[[]]]` is 3 levels. */
export function nestedArrays(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/** The JSON Pointer of the container at `level` in a chain of `key` objects starting at `base`, `baseLevel`. */
export function chainPointer(base: string, baseLevel: number, level: number, key = 'a'): string {
  return base + `/${key}`.repeat(level - baseLevel);
}

/** Where a deep chain can be planted: its pointer, its level (root = 1), and the body around it. */
export interface DeepSpot {
  name: string;
  pointer: string;
  level: number;
  body: (chain: string) => string;
}

export const deepSpots: readonly DeepSpot[] = [
  {
    name: 'an unknown field of a message',
    pointer: '/messages/0/extra',
    level: 4,
    body: (chain) => withRaw(request({ messages: [{ role: 'user', content: CANARY, extra: raw }] }), chain),
  },
  {
    name: 'tool_use.input',
    pointer: '/messages/0/content/0/input',
    level: 6,
    body: (chain) =>
      withRaw(
        request({
          messages: [
            { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: raw }] },
          ],
        }),
        chain,
      ),
  },
  {
    name: 'input_schema.properties',
    pointer: '/tools/0/input_schema/properties',
    level: 5,
    body: (chain) =>
      withRaw(
        request({ tools: [{ name: 'lookup', input_schema: { type: 'object', properties: raw } }] }),
        chain,
      ),
  },
  {
    name: 'metadata',
    pointer: '/metadata',
    level: 2,
    body: (chain) => withRaw(request({ metadata: raw }), chain),
  },
];

/** A body whose total depth is `depth`, the deepest chain of objects planted at `spot`. */
export function deepBody(spot: DeepSpot, depth: number): string {
  return spot.body(nestedObjects(depth - spot.level + 1));
}

/** How many copies of `unit` (joined by commas) fit in `bytes` of ASCII text. */
function fit(unit: string, bytes: number): number {
  return Math.max(1, Math.floor((bytes + 1) / (unit.length + 1)));
}

function listOf(unit: string, count: number): string {
  return Array(count).fill(unit).join(',');
}

/**
 * Distinct short keys, in an order that spreads their hashes. A `salt` makes them new to the engine: V8 keeps
 * the hidden classes JSON.parse built for keys it has seen, so a benchmark repeating one body would time a
 * warm cache an attacker never meets.
 */
function keyNames(count: number, salt = ''): string[] {
  return Array.from({ length: count }, (_, i) => `k${salt}${i.toString(36)}`);
}

/**
 * Two keys whose FNV-1a hashes are equal from the standard basis (0x811c9dc5), as an attacker would compute
 * them; any suffix keeps them equal, so keys made of these blocks all collide. The scan draws its basis at
 * random, so in the corpus they are merely similar keys; tests that pass the standard basis reach the collisions.
 */
export const STANDARD_FNV_BASIS = 0x811c9dc5 | 0;

export const COLLIDING_KEYS = ['k4uzx', 'kf2ad'] as const;

/** `count` distinct keys sharing one standard FNV-1a hash: binary numbers written in the two colliding blocks. */
export function collidingKeys(count: number): string[] {
  const blocks = Math.max(1, Math.ceil(Math.log2(count)));
  return Array.from({ length: count }, (_, n) =>
    Array.from({ length: blocks }, (_, bit) => COLLIDING_KEYS[(n >> bit) & 1]).join(''),
  );
}

const toolUseInput = (input: unknown): Record<string, unknown> =>
  request({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'n', input }] }] });

/** Room left for a payload once the body around it is written. */
const ROOM = 512;

/** One of the worst bodies of a given size: it stresses one part of the guards, the validator or the parser. */
export interface WorstBody {
  name: string;
  valid: boolean;
  path?: string;
  /** The body, about `bytes` long; a `salt` of a few characters, where given, renames its keys. */
  build: (bytes: number, salt?: string) => string;
}

export const worstBodies: readonly WorstBody[] = [
  {
    name: 'deepest: nested objects in metadata',
    valid: false,
    path: chainPointer('/metadata', 2, 65),
    build: (bytes) => withRaw(request({ metadata: raw }), nestedObjects(Math.floor((bytes - ROOM) / 6))),
  },
  {
    name: 'deepest: nested arrays as messages',
    valid: false,
    path: `/messages${'/0'.repeat(63)}`,
    build: (bytes) => withRaw({ model: 'm', messages: raw }, nestedArrays(Math.floor((bytes - ROOM) / 2))),
  },
  {
    name: 'widest object: distinct keys in tool_use.input',
    valid: true,
    build: (bytes, salt = '') => {
      const keys = keyNames(fit(`"k${salt}zzzz":0`, bytes - ROOM), salt);
      return withRaw(toolUseInput(raw), `{${keys.map((key) => `"${key}":0`).join(',')}}`);
    },
  },
  {
    name: 'widest object: keys crafted to share one hash',
    valid: true,
    build: (bytes) => {
      const sample = collidingKeys(2 ** 16)[0] as string;
      const keys = collidingKeys(fit(`"${sample}":0`, bytes - ROOM));
      return withRaw(toolUseInput(raw), `{${keys.map((key) => `"${key}":0`).join(',')}}`);
    },
  },
  {
    name: 'widest object, its last key repeated',
    valid: false,
    path: '/messages/0/content/0/input/k0',
    build: (bytes) => {
      const keys = keyNames(fit('"kzzzz":0', bytes - ROOM));
      return withRaw(toolUseInput(raw), `{${keys.map((key) => `"${key}":0`).join(',')},"k0":1}`);
    },
  },
  {
    // Every object a new sequence of keys makes V8's JSON.parse build a hidden class per key: its worst case.
    name: 'most object shapes: 100-key objects, every key distinct',
    valid: true,
    build: (bytes, salt = '') => {
      const names = keyNames(fit(`"k${salt}zzzz":0`, bytes - ROOM), salt);
      const objects: string[] = [];
      for (let first = 0; first < names.length; first += 100) {
        objects.push(
          `{${names
            .slice(first, first + 100)
            .map((key) => `"${key}":0`)
            .join(',')}}`,
        );
      }
      return withRaw(toolUseInput({ list: raw }), `[${objects.join(',')}]`);
    },
  },
  {
    name: 'widest array: empty strings in stop_sequences',
    valid: true,
    build: (bytes) => withRaw(request({ stop_sequences: raw }), `[${listOf('""', fit('""', bytes - ROOM))}]`),
  },
  {
    name: 'widest array: zeros as messages',
    valid: false,
    path: '/messages/0',
    build: (bytes) => withRaw({ model: 'm', messages: raw }, `[${listOf('0', fit('0', bytes - ROOM))}]`),
  },
  {
    name: 'most messages: small user turns',
    valid: true,
    build: (bytes) => {
      const turn = '{"role":"user","content":"x"}';
      return withRaw({ model: 'm', messages: raw }, `[${listOf(turn, fit(turn, bytes - ROOM))}]`);
    },
  },
  {
    name: 'longest string: system prompt',
    valid: true,
    build: (bytes) => requestJson({ system: 'x'.repeat(bytes - ROOM) }),
  },
  {
    name: 'longest string: escaped system prompt',
    valid: true,
    build: (bytes) =>
      withRaw(request({ system: raw }), `"${'\\u00e9'.repeat(Math.floor((bytes - ROOM) / 6))}"`),
  },
  {
    name: 'longest string: emoji session_id',
    valid: false,
    path: '/session_id',
    build: (bytes) => requestJson({ session_id: '😀'.repeat(Math.floor((bytes - ROOM) / 4)) }),
  },
  {
    name: 'most patterns: 1024 patterns of up to 1024 characters in one list',
    valid: false,
    path: '/plugins/0/allowed_models',
    build: (bytes) => {
      const length = Math.min(1024, Math.floor((bytes - ROOM) / 1024) - 3);
      const patterns = Array.from({ length: 1024 }, (_, i) => `${i}/${'*a'.repeat(length)}`.slice(0, length));
      return requestJson({ plugins: [{ id: 'auto-router', allowed_models: patterns }] });
    },
  },
  {
    name: 'most patterns: router plugins at the 65 536 total',
    valid: true,
    build: (bytes) => {
      const list = Array.from({ length: 64 }, () => `a/${'*a'.repeat(511)}`);
      const plugin = JSON.stringify({ id: 'auto-router', allowed_models: list, excluded_models: list });
      return withRaw(request({ plugins: raw }), `[${listOf(plugin, fit(plugin, bytes - ROOM))}]`);
    },
  },
];

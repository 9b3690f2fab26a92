import { accepted, rejected, type BodyCase } from './case.js';
import { nestedObjects, request, requestJson, withRaw, raw } from './builders.js';

/*
 * Prototype pollution: JSON.parse makes `__proto__` an own key, and a naive copy would then replace a new
 * object's prototype. These keys are accepted where unknown fields are (D2), but must never reach the
 * normalizer's output or Object.prototype; the runner checks both after every case.
 */

const UNSAFE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** An object holding one unsafe key whose value tries to pollute. */
const polluting = (key: string) => `{${JSON.stringify(key)}:{"polluted":true,"prototype":{"polluted":true}}}`;

/** Places a request holds a free-form or open object, most of them persisted into the preset config (D6). */
const spots: ReadonlyArray<[name: string, body: (object: string) => string]> = [
  ['the root', (object) => `${requestJson().slice(0, -1)},${object.slice(1)}`],
  [
    'a message',
    (object) => withRaw(request({ messages: [{ role: 'user', content: 'x', extra: raw }] }), object),
  ],
  [
    'tool_use.input',
    (object) =>
      withRaw(
        request({
          messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: raw }] }],
        }),
        object,
      ),
  ],
  [
    'input_schema.properties',
    (object) => withRaw(request({ tools: [{ name: 't', input_schema: { properties: raw } }] }), object),
  ],
  [
    'a custom tool',
    (object) => withRaw(request({ tools: [{ name: 't', input_schema: {}, extra: raw }] }), object),
  ],
  [
    'output_config.format.schema',
    (object) => withRaw(request({ output_config: { format: { type: 'json_schema', schema: raw } } }), object),
  ],
  ['a plugin', (object) => withRaw(request({ plugins: [{ id: 'moderation', extra: raw }] }), object)],
  ['thinking', (object) => withRaw(request({ thinking: { type: 'adaptive', extra: raw } }), object)],
  ['metadata', (object) => withRaw(request({ metadata: raw }), object)],
  [
    'input_schema 60 levels down',
    (object) =>
      withRaw(
        request({ tools: [{ name: 't', input_schema: { properties: raw } }] }),
        nestedObjects(56).replace('{}', object),
      ),
  ],
];

const placedCases = UNSAFE_KEYS.flatMap((key) =>
  spots.map(([spot, body]) => accepted(`${key} in ${spot}`, () => body(polluting(key)))),
);

const tagCases: BodyCase[] = [
  rejected(
    'a block type of __proto__',
    () => requestJson({ messages: [{ role: 'user', content: [{ type: '__proto__' }] }] }),
    400,
    '/messages/0/content/0/type',
  ),
  rejected(
    'a block type of constructor',
    () => requestJson({ messages: [{ role: 'user', content: [{ type: 'constructor' }] }] }),
    400,
    '/messages/0/content/0/type',
  ),
  rejected(
    'a role of constructor',
    () => requestJson({ messages: [{ role: 'constructor', content: 'x' }] }),
    400,
    '/messages/0/role',
  ),
  rejected(
    'a plugin id of toString',
    () => requestJson({ plugins: [{ id: 'toString' }] }),
    400,
    '/plugins/0/id',
  ),
  rejected(
    'a thinking type of __proto__',
    () => requestJson({ thinking: { type: '__proto__' } }),
    400,
    '/thinking/type',
  ),
  rejected(
    'a tool_choice type of hasOwnProperty',
    () => requestJson({ tool_choice: { type: 'hasOwnProperty' } }),
    400,
    '/tool_choice/type',
  ),
  rejected('a speed of valueOf', () => requestJson({ speed: 'valueOf' }), 400, '/speed'),
  accepted('a generic tool of type constructor (the one open union, D3)', () =>
    requestJson({ tools: [{ type: 'constructor' }] }),
  ),
  rejected(
    '__proto__ inside a fallbacks entry, which takes model alone (D2)',
    () => withRaw(request({ fallbacks: [raw] }), `{"model":"m",${polluting('__proto__').slice(1)}`),
    400,
    '/fallbacks/0/__proto__',
  ),
  rejected(
    'constructor inside a fallbacks entry',
    () => withRaw(request({ fallbacks: [raw] }), `{"model":"m",${polluting('constructor').slice(1)}`),
    400,
    '/fallbacks/0/constructor',
  ),
  accepted('a __proto__ key holding an array', () =>
    withRaw(request({ tools: [{ name: 't', input_schema: raw }] }), '{"__proto__":[1,2]}'),
  ),
  accepted('a __proto__ key holding null', () =>
    withRaw(request({ tools: [{ name: 't', input_schema: raw }] }), '{"__proto__":null}'),
  ),
  accepted('constructor.prototype chained', () =>
    withRaw(
      request({ plugins: [{ id: 'web', extra: raw }] }),
      '{"constructor":{"prototype":{"polluted":true}}}',
    ),
  ),
];

export const unsafeKeyCases: BodyCase[] = [...placedCases, ...tagCases];

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizePresetRequest,
  rootNames,
  validate,
  validatePresetConfig,
  type MessagesRequest,
} from '../../src/index.js';
import { mediaBlocks } from '../../schemas/media-blocks.js';
import { contentBlockTypes } from '../../schemas/message.js';
import { messagesRequest } from '../../schemas/messages-request.js';
import {
  contentBlockArbitraries,
  mediaBlockArbitraries,
  message,
  requestFields,
  routingFields,
  validRequest,
} from '../support/arbitraries.js';

type Body = Record<string, unknown>;

/** Every place in a value that holds a field or an item, as [container, key]: the root's own fields first. */
function fieldSlots(root: Body): Array<[Record<string | number, unknown>, string | number]> {
  const slots: Array<[Record<string | number, unknown>, string | number]> = [[root, 'x-new-field']];
  const queue: unknown[] = [root];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const holder = node as Record<string | number, unknown>;
      slots.push([holder, Array.isArray(node) ? Number(key) : key]);
      queue.push(holder[key]);
    }
  }
  return slots;
}

const runs = { numRuns: 300 };

function issuesOf(value: unknown) {
  const result = validate('messages-request', value);
  return result.ok ? [] : (result.error.error.metadata?.issues ?? []);
}

/** One change past one limit or rule (contract: limits), and the path its issue must name. */
const mutations: Array<[name: string, path: string, mutate: (body: Body) => void]> = [
  [
    'a fourth fallbacks entry',
    '/fallbacks',
    (b) => {
      delete b.models;
      b.fallbacks = Array.from({ length: 4 }, () => ({ model: 'm' }));
    },
  ],
  [
    'a key beside model in a fallbacks entry',
    '/fallbacks/0',
    (b) => {
      delete b.models;
      b.fallbacks = [{ model: 'm', max_tokens: 5 }];
    },
  ],
  [
    'models together with fallbacks',
    '/fallbacks',
    (b) => {
      b.models = ['a'];
      b.fallbacks = [{ model: 'b' }];
    },
  ],
  [
    'a session_id of 257 code points',
    '/session_id',
    (b) => {
      b.session_id = '😀'.repeat(257);
    },
  ],
  [
    'a user of 257 characters',
    '/user',
    (b) => {
      b.user = 'u'.repeat(257);
    },
  ],
  [
    'a max_tokens of 0',
    '/max_tokens',
    (b) => {
      b.max_tokens = 0;
    },
  ],
  [
    'a max_tokens of 2^53',
    '/max_tokens',
    (b) => {
      b.max_tokens = 2 ** 53;
    },
  ],
  [
    'a fractional top_k',
    '/top_k',
    (b) => {
      b.top_k = 1.5;
    },
  ],
  [
    'an infinite temperature',
    '/temperature',
    (b) => {
      b.temperature = Infinity;
    },
  ],
  [
    'a task budget under 20000',
    '/output_config/task_budget/total',
    (b) => {
      b.output_config = { task_budget: { type: 'tokens', total: 19999 } };
    },
  ],
  [
    'a negative remaining task budget',
    '/output_config/task_budget/remaining',
    (b) => {
      b.output_config = { task_budget: { type: 'tokens', total: 20000, remaining: -1 } };
    },
  ],
  [
    'an unknown role',
    '/messages/0/role',
    (b) => {
      b.messages = [{ role: 'tool', content: 'x' }];
    },
  ],
  [
    'an unknown thinking type',
    '/thinking/type',
    (b) => {
      b.thinking = { type: 'maybe' };
    },
  ],
  [
    'a cost_quality_tradeoff of 11',
    '/plugins/0/cost_quality_tradeoff',
    (b) => {
      b.plugins = [{ id: 'auto-router', cost_quality_tradeoff: 11 }];
    },
  ],
  [
    '17 fusion tool calls',
    '/plugins/0/max_tool_calls',
    (b) => {
      b.plugins = [{ id: 'fusion', max_tool_calls: 17 }];
    },
  ],
  [
    '9 fusion analysis models',
    '/plugins/0/analysis_models',
    (b) => {
      b.plugins = [{ id: 'fusion', analysis_models: Array(9).fill('m') }];
    },
  ],
  [
    'a router list of 1025 patterns',
    '/plugins/0/allowed_models',
    (b) => {
      b.plugins = [{ id: 'auto-router', allowed_models: Array(1025).fill('a/*') }];
    },
  ],
  [
    'a router list over 65536 characters in total',
    '/plugins/0/excluded_models',
    (b) => {
      b.plugins = [{ id: 'auto-beta-router', excluded_models: [...Array(64).fill('x'.repeat(1024)), 'y'] }];
    },
  ],
  [
    'a negative max_price',
    '/plugins/0/max_price',
    (b) => {
      b.plugins = [{ id: 'pareto-router', max_price: -0.01 }];
    },
  ],
  [
    'a min_coding_score above 1',
    '/plugins/0/min_coding_score',
    (b) => {
      b.plugins = [{ id: 'pareto-router', min_coding_score: 1.01 }];
    },
  ],
];

describe('the generators of the property tests', () => {
  it('draw every kind of content block the schemas hold, each of its own kind', () => {
    const missing = contentBlockTypes.filter((kind) => !Object.hasOwn(contentBlockArbitraries, kind));
    expect(
      missing,
      'block kinds the property tests never generate: add each to contentBlockArbitraries (test/support/arbitraries.ts)',
    ).toEqual([]);
    for (const [kind, block] of Object.entries(contentBlockArbitraries))
      fc.assert(
        fc.property(block, (drawn) => drawn['type'] === kind),
        { numRuns: 20 },
      );
  });

  it('draw every block allowed wherever an image is as such, in tool results and documents too', () => {
    const kinds = mediaBlocks.flatMap((block) => block.properties.type.enum);
    expect(
      Object.keys(mediaBlockArbitraries).sort(),
      'the kinds of mediaBlocks (schemas/media-blocks.ts) are the keys of mediaBlockArbitraries (test/support/arbitraries.ts)',
    ).toEqual([...kinds].sort());
  });

  it('draw every field of the request schema', () => {
    const drawn = new Set<string>([...Object.keys(requestFields), ...routingFields]);
    expect(
      Object.keys(messagesRequest.properties).filter((field) => !drawn.has(field)),
      'request fields the property tests never generate: add each to requestFields (test/support/arbitraries.ts)',
    ).toEqual([]);
  });
});

describe('generated requests (properties)', () => {
  it('accepts every generated valid request', () => {
    fc.assert(
      fc.property(validRequest, (body) => {
        expect(issuesOf(body)).toEqual([]);
      }),
      runs,
    );
  });

  it.each(mutations)('rejects %s at %s', (_name, path, mutate) => {
    fc.assert(
      fc.property(validRequest, (body) => {
        mutate(body);
        expect(issuesOf(body)[0]?.path).toBe(path);
      }),
      { numRuns: 50 },
    );
  });

  it('reports ok === false exactly when there are issues, for any value at any root', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rootNames), fc.jsonValue(), (name, value) => {
        const result = validate(name, value);
        if (result.ok) expect(result.value).toBe(value);
        else expect(result.error.error.metadata?.issues.length).toBeGreaterThan(0);
      }),
      runs,
    );
  });

  it('never throws on any JSON value at the root or in place of any field, at any depth', () => {
    fc.assert(
      fc.property(validRequest, fc.jsonValue(), fc.nat(), (generated, value, pick) => {
        for (const name of rootNames) validate(name, value);
        // A copy: generated values may share constants between runs.
        const body = structuredClone(generated);
        const slots = fieldSlots(body);
        const [holder, key] = slots[pick % slots.length]!;
        holder[key] = value;
        validate('messages-request', body);
      }),
      runs,
    );
  });
});

describe('the normalizer (properties)', () => {
  it('always produces a config that passes the preset-config schema', () => {
    fc.assert(
      fc.property(validRequest, (body) => {
        const { config } = normalizePresetRequest(body as MessagesRequest);
        expect(validatePresetConfig(config)).toBe(true);
      }),
      runs,
    );
  });

  it('ignores every field outside the config: adding, removing or changing one leaves the config alone', () => {
    const nonConfig = fc.constantFrom(
      ['messages', fc.array(message, { maxLength: 3 })],
      ['stream', fc.boolean()],
      ['metadata', fc.record({ user_id: fc.option(fc.string()) })],
      ['session_id', fc.string({ maxLength: 256 })],
      ['user', fc.string({ maxLength: 256 })],
      ['system', fc.string()],
      ['trace', fc.record({ trace_id: fc.string() })],
      ['prompt', fc.jsonValue()],
      ['x-unknown-field', fc.jsonValue()],
    ) as fc.Arbitrary<[string, fc.Arbitrary<unknown>]>;
    const change = nonConfig.chain(([field, value]) =>
      fc.tuple(fc.constant(field), fc.option(value, { nil: undefined })),
    );
    fc.assert(
      fc.property(validRequest, change, (body, [field, value]) => {
        const changed: Body = { ...body, [field]: value };
        if (value === undefined) delete changed[field];
        if (field === 'messages' && value === undefined) changed.messages = [];
        expect(issuesOf(changed)).toEqual([]);
        const before = normalizePresetRequest(body as MessagesRequest).config;
        expect(normalizePresetRequest(changed as MessagesRequest).config).toEqual(before);
      }),
      runs,
    );
  });
});

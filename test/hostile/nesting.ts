import { accepted, rejected, type BodyCase } from './case.js';
import {
  chainPointer,
  deepBody,
  deepSpots,
  nestedArrays,
  nestedObjects,
  request,
  requestJson,
  withRaw,
  raw,
} from './builders.js';

/*
 * D11: at most 64 levels, the root object being level 1; the 65th container gets 400 at its own pointer, found
 * on the text before JSON.parse, so 100 000 levels cost no more than 65.
 */

const LIMIT = 64;

const depthCases = deepSpots.flatMap((spot): BodyCase[] => [
  accepted(`63 levels through ${spot.name}`, () => deepBody(spot, 63)),
  accepted(`64 levels through ${spot.name}`, () => deepBody(spot, 64)),
  rejected(
    `65 levels through ${spot.name}`,
    () => deepBody(spot, 65),
    400,
    chainPointer(spot.pointer, spot.level, 65),
  ),
  rejected(
    `100 000 levels through ${spot.name}`,
    () => deepBody(spot, 100_000),
    400,
    chainPointer(spot.pointer, spot.level, 65),
  ),
]);

/** `messages` as arrays inside arrays: `messages` itself is level 2. */
const messagesAsArrays = (depth: number) => withRaw({ model: 'm', messages: raw }, nestedArrays(depth - 1));
const zeros = (count: number) => '/0'.repeat(count);

export const nestingCases: BodyCase[] = [
  ...depthCases,
  rejected(
    '64 levels of arrays as messages: a schema error, not a depth one',
    () => messagesAsArrays(64),
    400,
    '/messages/0',
  ),
  rejected('65 levels of arrays as messages', () => messagesAsArrays(65), 400, `/messages${zeros(63)}`),
  rejected(
    '100 000 levels of arrays as messages',
    () => messagesAsArrays(100_000),
    400,
    `/messages${zeros(63)}`,
  ),
  rejected(
    '100 000 unclosed arrays as messages',
    () => `{"model":"m","messages":${'['.repeat(100_000)}`,
    400,
    `/messages${zeros(63)}`,
  ),
  rejected('65 levels of arrays as the root', () => nestedArrays(65), 400, zeros(64)),
  rejected('64 levels of arrays as the root: not an object', () => nestedArrays(64), 400, ''),
  rejected(
    '65 levels alternating objects and arrays',
    () => withRaw(request({ metadata: raw }), '{"a":['.repeat(32) + '{}' + ']}'.repeat(32)),
    400,
    '/metadata' + '/a/0'.repeat(31) + '/a',
  ),
  rejected(
    'the second of two chains is the too-deep one',
    () =>
      withRaw(request({ metadata: { shallow: raw, deep: 0 } }), nestedObjects(10)).replace(
        '"deep":0',
        `"deep":${nestedObjects(63)}`,
      ),
    400,
    chainPointer('/metadata/deep', 3, 65),
  ),
  rejected(
    'depth counted through the items of an array',
    () => withRaw(request({ metadata: { list: [0, 1, raw] } }), nestedObjects(62)),
    400,
    chainPointer('/metadata/list/2', 4, 65),
  ),
  rejected(
    'a too-deep key that needs escaping in a pointer',
    () => withRaw(request({ metadata: raw }), nestedObjects(64, 'a/b~c')),
    400,
    chainPointer('/metadata', 2, 65, 'a~1b~0c'),
  ),
  accepted('100 000 brackets inside a string', () => requestJson({ system: '['.repeat(100_000) })),
  accepted('100 000 braces inside a key', () =>
    withRaw(request({ metadata: raw }), `{${JSON.stringify('{'.repeat(100_000))}:1}`),
  ),
  accepted('escaped quotes before brackets in a string', () =>
    requestJson({ system: '\\"[[[[' + '\\'.repeat(9) + '"{{{{' }),
  ),
  accepted('a string ending in escaped backslashes, then a deep-looking value', () =>
    withRaw(request({ metadata: { a: '\\\\', b: raw } }), nestedObjects(61)),
  ),
  rejected(
    'a depth limit of 3, given 4 levels',
    () => withRaw(request({ metadata: raw }), nestedObjects(3)),
    400,
    '/metadata/a/a',
    {
      limits: { maxDepth: 3 },
    },
  ),
  accepted('a depth limit of 200, given 200 levels', () => deepBody(deepSpots[1]!, 200), {
    limits: { maxDepth: 200 },
  }),
  rejected(
    'a depth limit of 200, given 201 levels',
    () => deepBody(deepSpots[3]!, 201),
    400,
    chainPointer('/metadata', 2, 201),
    {
      limits: { maxDepth: 200 },
    },
  ),
  accepted(`exactly ${LIMIT} levels made only of arrays under tool_use.input`, () =>
    withRaw(
      request({
        messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: raw }] }],
      }),
      nestedArrays(LIMIT - 5),
    ),
  ),
];

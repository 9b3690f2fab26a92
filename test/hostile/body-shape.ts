import { accepted, rejected, type BodyCase } from './case.js';
import { CANARY, COLLIDING_KEYS, collidingKeys, request, requestJson, withRaw, raw } from './builders.js';

/* D8, D11: bodies that are not a JSON object, are not JSON at all, or repeat a key. */

const bytes =
  (...values: number[]) =>
  () =>
    new Uint8Array(values);
const utf8 = (text: string) => () => new TextEncoder().encode(text);
const [first, second] = COLLIDING_KEYS;

const inInput = (input: string) =>
  withRaw(
    request({
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: raw }] }],
    }),
    input,
  );

export const bodyShapeCases: BodyCase[] = [
  // Empty bodies (D11).
  rejected('an empty string', () => '', 400, ''),
  rejected('no bytes at all', bytes(), 400, ''),
  rejected('only JSON whitespace', () => ' \t\r\n ', 400, ''),
  rejected('only a byte order mark', bytes(0xef, 0xbb, 0xbf), 400, ''),
  rejected('a no-break space, which JSON does not count as whitespace', () => '\u00a0', 400, ''),
  // Roots that are not an object (D11).
  rejected('null', () => 'null', 400, ''),
  rejected('true', () => 'true', 400, ''),
  rejected('a number', () => '0', 400, ''),
  rejected('a string', () => JSON.stringify(CANARY), 400, ''),
  rejected('an empty array', () => '[]', 400, ''),
  rejected('an array holding a valid request', () => `[${requestJson()}]`, 400, ''),
  rejected('an empty object, which lacks the required fields', () => '{}', 400, '/model'),
  // Text that is not JSON (D11).
  rejected('an unclosed object', () => '{', 400, ''),
  rejected('a lone closing brace', () => '}', 400, ''),
  rejected('a key without a value', () => '{"model":}', 400, ''),
  rejected('single quotes', () => "{'model':'m','messages':[]}", 400, ''),
  rejected('a trailing comma', () => '{"model":"m","messages":[],}', 400, ''),
  rejected('NaN as a number', () => '{"model":"m","messages":[],"temperature":NaN}', 400, ''),
  rejected('Infinity as a number', () => '{"model":"m","messages":[],"temperature":Infinity}', 400, ''),
  rejected('a comment', () => `// note\n${requestJson()}`, 400, ''),
  rejected('an unterminated string', () => '{"model":"m', 400, ''),
  rejected('an escape JSON does not have', () => '{"model":"\\x41","messages":[]}', 400, ''),
  rejected('an unterminated escape in a key', () => '{"mo\\', 400, ''),
  rejected('a raw line feed inside a string', () => '{"model":"a\nb","messages":[]}', 400, ''),
  rejected('two objects one after the other', () => `${requestJson()}${requestJson()}`, 400, ''),
  rejected('an object followed by text', () => `${requestJson()} x`, 400, ''),
  rejected('a NUL byte after the object', () => `${requestJson()}\u0000`, 400, ''),
  rejected('a closing bracket that closes nothing', () => `${requestJson()}]`, 400, ''),
  rejected('mismatched brackets', () => '{"model":"m","messages":[}', 400, ''),
  // Encodings (D11): the body must be UTF-8.
  rejected('a byte that is never UTF-8', bytes(0x7b, 0xff, 0x7d), 400, ''),
  rejected('an overlong encoding of a slash', bytes(0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d), 400, ''),
  rejected(
    'a surrogate encoded in UTF-8 (CESU-8)',
    bytes(0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d),
    400,
    '',
  ),
  rejected(
    'a character cut off at the end',
    () => new Uint8Array([...new TextEncoder().encode('{"a":"'), 0xe2, 0x82]),
    400,
    '',
  ),
  rejected('UTF-16 text', () => new Uint8Array([0x7b, 0x00, 0x7d, 0x00]), 400, ''),
  accepted(
    'UTF-8 bytes with a byte order mark',
    () => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(requestJson())]),
  ),
  accepted('a string with a byte order mark', () => `\ufeff${requestJson()}`),
  accepted('UTF-8 bytes of every plane', utf8(requestJson({ system: 'é€😀\u0000\u2028' }))),
  // Repeated keys (D11 decision: rejected at the repeat, never last-wins, so no two parsers can disagree).
  rejected('model twice at the root', () => '{"model":"a","messages":[],"model":"b"}', 400, '/model'),
  rejected(
    'role twice in a message',
    () => `{"model":"m","messages":[{"role":"user","content":"x","role":"system"}]}`,
    400,
    '/messages/0/role',
  ),
  rejected(
    'a key repeated through an escape',
    () => '{"model":"a","messages":[],"\\u006dodel":"b"}',
    400,
    '/model',
  ),
  rejected(
    '__proto__ twice',
    () => '{"model":"m","messages":[],"__proto__":{},"__proto__":[]}',
    400,
    '/__proto__',
  ),
  rejected(
    'a repeated key in tool_use.input',
    () => inInput('{"q":1,"q":2}'),
    400,
    '/messages/0/content/0/input/q',
  ),
  rejected(
    'a repeated key after sixteen others',
    () => inInput(`{${Array.from({ length: 20 }, (_, i) => `"k${i}":${i}`).join(',')},"k3":0}`),
    400,
    '/messages/0/content/0/input/k3',
  ),
  rejected('a repeated empty key', () => inInput('{"":1,"":2}'), 400, '/messages/0/content/0/input/'),
  rejected(
    'a repeated key whose name needs escaping in a pointer',
    () => inInput('{"a/b~c":1,"a/b~c":2}'),
    400,
    '/messages/0/content/0/input/a~1b~0c',
  ),
  accepted('keys differing only in case', () => inInput('{"Q":1,"q":2}')),
  accepted('the same key in sibling objects', () => inInput('[{"q":1},{"q":2}]')),
  accepted('the same key at different depths', () => inInput('{"q":{"q":{"q":1}}}')),
  accepted('a string value that looks like a repeated key', () => inInput('{"q":"\\"q\\":1","r":"q"}')),
  accepted('two distinct keys crafted to share one hash', () => inInput(`{"${first}":1,"${second}":2}`)),
  rejected(
    'a repeat after two keys crafted to share one hash',
    () => inInput(`{"${first}":1,"${second}":2,"${first}":3}`),
    400,
    `/messages/0/content/0/input/${first}`,
  ),
  accepted('16 384 distinct keys crafted to share one hash', () =>
    inInput(
      `{${collidingKeys(16384)
        .map((key) => `"${key}":0`)
        .join(',')}}`,
    ),
  ),
];

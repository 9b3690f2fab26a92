import { DEFAULT_MAX_BODY_BYTES } from '../../src/body-limits.js';
import { accepted, rejected, type BodyCase } from './case.js';
import { MiB, request, requestJson, withRaw, raw, worstBodies } from './builders.js';

/* D11: the 4 MiB body limit (413), and the largest arrays and strings that fit under it. */

const LIMIT = DEFAULT_MAX_BODY_BYTES;

/** A valid request padded with spaces to exactly `bytes` bytes of UTF-8. */
const paddedTo = (bytes: number, pad = ' ') => {
  const body = requestJson();
  return body + pad.repeat(bytes - body.length);
};

const array = (item: string, count: number) => `[${Array(count).fill(item).join(',')}]`;
const MILLION = 1_000_000;
const threeMiB = 3 * MiB;

const toolInput = (input: string) =>
  withRaw(
    request({
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: raw }] }],
    }),
    input,
  );

export const sizeCases: BodyCase[] = [
  accepted('exactly 4 MiB', () => paddedTo(LIMIT)),
  rejected('4 MiB and one byte', () => paddedTo(LIMIT + 1), 413),
  rejected('4 MiB and one byte, as bytes', () => new TextEncoder().encode(paddedTo(LIMIT + 1)), 413),
  rejected('4 MiB and one byte of whitespace only', () => ' '.repeat(LIMIT + 1), 413),
  rejected('4 MiB and one byte of invalid JSON', () => `{${'x'.repeat(LIMIT)}`, 413),
  rejected(
    'fewer characters than 4 MiB that are more bytes',
    () => requestJson({ system: 'é'.repeat(LIMIT / 2) }),
    413,
  ),
  accepted('2 MiB of two-byte characters, under 4 MiB', () => requestJson({ system: 'é'.repeat(MiB) })),
  rejected(
    'astral characters over the limit in bytes only',
    () => requestJson({ system: '😀'.repeat(LIMIT / 4) }),
    413,
  ),
  accepted('a limit raised to 5 MiB', () => paddedTo(5 * MiB), { limits: { maxBytes: 5 * MiB } }),
  rejected('a limit lowered to 1 KiB', () => paddedTo(1025), 413, undefined, { limits: { maxBytes: 1024 } }),
  accepted('a limit lowered to 1 KiB, given 1 KiB', () => paddedTo(1024), { limits: { maxBytes: 1024 } }),
  rejected('10 MiB', () => paddedTo(10 * MiB), 413),
  // A million items.
  accepted('a million empty stop sequences', () =>
    withRaw(request({ stop_sequences: raw }), array('""', MILLION)),
  ),
  accepted('a million zeros in tool_use.input', () => toolInput(array('0', MILLION))),
  accepted('a million empty model names in models', () =>
    withRaw(request({ models: raw }), array('""', MILLION)),
  ),
  rejected(
    'a million zeros as messages',
    () => withRaw({ model: 'm', messages: raw }, array('0', MILLION)),
    400,
    '/messages/0',
  ),
  rejected(
    'a million fallbacks',
    () => withRaw(request({ fallbacks: raw }), array('{}', MILLION)),
    400,
    '/fallbacks',
  ),
  rejected(
    'a million allowed models',
    () => withRaw(request({ plugins: [{ id: 'auto-router', allowed_models: raw }] }), array('""', MILLION)),
    400,
    '/plugins/0/allowed_models',
  ),
  accepted('a million empty objects in tool_use.input', () => toolInput(array('{}', MILLION))),
  // Strings of 3 MiB.
  accepted('a 3 MiB system prompt', () => requestJson({ system: 'x'.repeat(threeMiB) })),
  accepted('a 3 MiB model id', () => requestJson({ model: 'm'.repeat(threeMiB) })),
  rejected('a 3 MiB session_id', () => requestJson({ session_id: 's'.repeat(threeMiB) }), 400, '/session_id'),
  rejected('a 3 MiB user', () => requestJson({ user: 'u'.repeat(threeMiB) }), 400, '/user'),
  accepted('a 3 MiB key in tool_use.input', () => toolInput(`{${JSON.stringify('k'.repeat(threeMiB))}:1}`)),
  accepted('a 3 MiB string of escapes', () =>
    withRaw(request({ system: raw }), `"${'\\n'.repeat(threeMiB / 2)}"`),
  ),
  accepted('a 3 MiB number', () => toolInput(`0.${'1'.repeat(threeMiB)}`)),
  rejected(
    'a 3 MiB integer as max_tokens',
    () => withRaw(request({ max_tokens: raw }), '9'.repeat(threeMiB)),
    400,
    '/max_tokens',
  ),
  // The worst 1 MiB and 4 MiB bodies the hostile benchmark times.
  ...[MiB, LIMIT - 64].flatMap((bytes) =>
    worstBodies.map((worst) => {
      const name = `${bytes === MiB ? '1 MiB' : '4 MiB'}: ${worst.name}`;
      return worst.valid
        ? accepted(name, () => worst.build(bytes))
        : rejected(name, () => worst.build(bytes), 400, worst.path);
    }),
  ),
];

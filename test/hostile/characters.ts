import { accepted, rejected, type BodyCase } from './case.js';
import { request, requestJson, withRaw, raw } from './builders.js';

/* D5: characters are code points; a lone surrogate counts as one. The 256 limits of session_id and user. */

const EMOJI = '😀';
const FAMILY = '👨‍👩‍👧'; // 5 code points joined by zero-width joiners
const LONE_HIGH = '\\ud83d';
const LONE_LOW = '\\ude00';

/** A body whose `field` is raw JSON string text (escapes kept as written). */
const rawString = (field: string, text: string) => withRaw(request({ [field]: raw }), `"${text}"`);

const boundCases = (field: 'session_id' | 'user'): BodyCase[] => [
  accepted(`${field}: 256 emoji`, () => requestJson({ [field]: EMOJI.repeat(256) })),
  rejected(`${field}: 257 emoji`, () => requestJson({ [field]: EMOJI.repeat(257) }), 400, `/${field}`),
  accepted(`${field}: 256 lone high surrogates`, () => rawString(field, LONE_HIGH.repeat(256))),
  rejected(
    `${field}: 257 lone high surrogates`,
    () => rawString(field, LONE_HIGH.repeat(257)),
    400,
    `/${field}`,
  ),
  accepted(`${field}: 256 lone low surrogates`, () => rawString(field, LONE_LOW.repeat(256))),
  rejected(
    `${field}: 257 lone low surrogates`,
    () => rawString(field, LONE_LOW.repeat(257)),
    400,
    `/${field}`,
  ),
  accepted(`${field}: 256 escaped surrogate pairs`, () =>
    rawString(field, `${LONE_HIGH}${LONE_LOW}`.repeat(256)),
  ),
  rejected(
    `${field}: 257 escaped surrogate pairs`,
    () => rawString(field, `${LONE_HIGH}${LONE_LOW}`.repeat(257)),
    400,
    `/${field}`,
  ),
  accepted(`${field}: 255 emoji and a lone surrogate`, () => rawString(field, EMOJI.repeat(255) + LONE_HIGH)),
  rejected(
    `${field}: 256 emoji and a lone surrogate`,
    () => rawString(field, EMOJI.repeat(256) + LONE_LOW),
    400,
    `/${field}`,
  ),
  accepted(`${field}: 256 ASCII characters`, () => requestJson({ [field]: 'a'.repeat(256) })),
  rejected(
    `${field}: 257 ASCII characters`,
    () => requestJson({ [field]: 'a'.repeat(257) }),
    400,
    `/${field}`,
  ),
];

export const characterCases: BodyCase[] = [
  ...boundCases('session_id'),
  ...boundCases('user'),
  accepted('session_id: 51 families of 5 code points and an emoji (256)', () =>
    requestJson({ session_id: FAMILY.repeat(51) + EMOJI }),
  ),
  rejected(
    'session_id: 51 families and two emoji (257)',
    () => requestJson({ session_id: FAMILY.repeat(51) + EMOJI + EMOJI }),
    400,
    '/session_id',
  ),
  accepted('session_id: 128 letters with combining accents (256)', () =>
    requestJson({ session_id: 'e\u0301'.repeat(128) }),
  ),
  rejected(
    'session_id: 129 letters with combining accents (258)',
    () => requestJson({ session_id: 'e\u0301'.repeat(129) }),
    400,
    '/session_id',
  ),
  accepted('session_id: 256 escaped NUL characters', () => rawString('session_id', '\\u0000'.repeat(256))),
  accepted('a lone surrogate in a model id', () => rawString('model', `openai/${LONE_HIGH}`)),
  accepted('a lone surrogate as a key', () => withRaw(request({ metadata: raw }), `{"${LONE_LOW}":1}`)),
];

import type { HeaderCase } from './case.js';

/*
 * D10: `Authorization: Bearer <key>`, a non-empty key of visible ASCII. The scheme is case-insensitive
 * (RFC 9110 §11.1); spaces separate it from the key; anything else gets the 401 body.
 */

const KEY = 'sk-or-v1-0123456789abcdef';

const missing = (name: string, header: string | null | undefined): HeaderCase => ({
  kind: 'header',
  name,
  header,
  expect: { status: 401 },
});

const found = (name: string, header: string, key = KEY): HeaderCase => ({
  kind: 'header',
  name,
  header,
  expect: { status: 200, key },
});

export const headerCases: HeaderCase[] = [
  found('a bearer key', `Bearer ${KEY}`),
  found('lower-case bearer (schemes are case-insensitive)', `bearer ${KEY}`),
  found('upper-case BEARER', `BEARER ${KEY}`),
  found('two spaces before the key', `Bearer  ${KEY}`),
  found('optional whitespace around the value', ` \tBearer ${KEY}\t `),
  found(
    'a key of every visible ASCII character',
    `Bearer ${'!"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~'}`,
    '!"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~',
  ),
  found('a one-character key', 'Bearer x', 'x'),
  found('a key of 100 000 characters', `Bearer ${'k'.repeat(100_000)}`, 'k'.repeat(100_000)),
  missing('no header', undefined),
  missing('a null header', null),
  missing('an empty header', ''),
  missing('the scheme alone', 'Bearer'),
  missing('the scheme and a space', 'Bearer '),
  missing('the scheme and two spaces', 'Bearer  '),
  missing('Basic credentials', 'Basic dXNlcjpwYXNz'),
  missing('a key without a scheme', KEY),
  missing('the scheme glued to the key', `Bearer${KEY}`),
  missing('a colon after the scheme', `Bearer: ${KEY}`),
  missing('a tab instead of a space', `Bearer\t${KEY}`),
  missing('a space inside the key', `Bearer sk-or v1`),
  missing('two credentials joined by a comma', `Bearer ${KEY}, Bearer other`),
  missing('CR LF inside, smuggling a header', `Bearer ${KEY}\r\nX-Admin: 1`),
  missing('a trailing line feed', `Bearer ${KEY}\n`),
  missing('a CR inside the key', `Bearer sk\r1`),
  missing('a NUL inside the key', `Bearer sk\u00001`),
  missing('DEL inside the key', `Bearer sk\u007f1`),
  missing('a non-ASCII key', 'Bearer clé'),
  missing('a full-width space as separator', `Bearer\u3000${KEY}`),
  missing('a Kelvin sign spelling the scheme', 'Bearer'.replace('e', '\u212a') + ` ${KEY}`),
  missing('a long header of spaces', `Bearer${' '.repeat(100_000)}`),
];

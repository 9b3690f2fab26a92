/** JSON's structural characters (RFC 8259, section 2) and the string escape, as UTF-16 code units. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const DIGIT_ZERO = 0x30;
export const DIGIT_NINE = 0x39;

/**
 * What every placeholder key starts with (DEL, which a key may hold raw but hardly ever starts with): the shape
 * scan hands on every key that starts with it, so that no key written plain is taken for a placeholder.
 */
export const PLACEHOLDER_MARK = 0x7f;

/** JSON's whitespace is only space, tab, line feed and carriage return (RFC 8259, section 2). */
export function isJsonWhitespace(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d;
}

/** How often `unit` occurs in `text`, found by the engine's own search. */
export function countOf(text: string, unit: string): number {
  let count = 0;
  for (let at = text.indexOf(unit); at !== -1; at = text.indexOf(unit, at + 1)) count++;
  return count;
}

/** Strings up to about this long are skipped one unit at a time; longer ones by searching for quotes. */
export const SHORT_STRING = 32;

/**
 * The index of the quote that closes the string opened at `open`, or -1 if it never closes. Short strings are
 * walked unit by unit; past that, quotes are searched for and the backslashes before each counted, which reads
 * every backslash run once, so the whole is linear.
 */
export function stringEnd(text: string, open: number): number {
  const shortEnd = Math.min(open + SHORT_STRING, text.length);
  let i = open + 1;
  for (; i < shortEnd; i++) {
    const unit = text.charCodeAt(i);
    if (unit === QUOTE) return i;
    if (unit === BACKSLASH) i++;
  }
  for (let quote = text.indexOf('"', i); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/** What each one-character escape stands for, by the character after the backslash (RFC 8259, section 7). */
const ESCAPED: (string | undefined)[] = [];
for (const [written, meant] of Object.entries({
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}))
  ESCAPED[written.charCodeAt(0)] = meant;

/** ESCAPED as code units, -1 where a character opens no escape, for the loops that read a unit at a time. */
const ESCAPED_UNITS = new Int32Array(128).fill(-1);
ESCAPED.forEach((meant, written) => (ESCAPED_UNITS[written] = (meant as string).charCodeAt(0)));

/** The code unit a one-character escape stands for, by the character after its backslash, or -1. */
export function escapedUnit(escape: number): number {
  return escape < 128 ? (ESCAPED_UNITS[escape] as number) : -1;
}

/** The value of a hexadecimal digit, or -1. */
function hexDigit(unit: number): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  const lower = unit | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** The code unit the four hexadecimal digits at `at` write (`\\uXXXX`), or -1. */
export function hexUnit(text: string, at: number): number {
  let unit = 0;
  for (let i = at; i < at + 4; i++) {
    const digit = hexDigit(text.charCodeAt(i));
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

/**
 * The string whose quotes are at `open` and `close` decoded by JSON's grammar, by this code rather than the
 * engine's (contract: value-is-text): undefined if an escape is not JSON or a control character is written raw.
 * A `\\u` escape gives its code unit as it is, so escaped halves of a surrogate pair join and a lone half stays.
 */
export function decodedJsonString(text: string, open: number, close: number): string | undefined {
  let decoded = '';
  let runStart = open + 1;
  for (let i = runStart; i < close; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20) return undefined;
    if (unit !== BACKSLASH) continue;
    decoded += text.slice(runStart, i);
    const escape = text.charCodeAt(i + 1);
    if (escape === 0x75) {
      const escaped = i + 6 <= close ? hexUnit(text, i + 2) : -1;
      if (escaped < 0) return undefined;
      decoded += String.fromCharCode(escaped);
      i += 5;
    } else {
      const meant = ESCAPED[escape];
      if (meant === undefined) return undefined;
      decoded += meant;
      i += 1;
    }
    runStart = i + 1;
  }
  return decoded + text.slice(runStart, close);
}

/**
 * The string whose quotes are at `open` and `close`, decoded; undefined if its escapes are not JSON. One
 * without escapes is taken as written, unchecked.
 */
export function decodedString(text: string, open: number, close: number): string | undefined {
  const raw = text.slice(open + 1, close);
  if (!raw.includes('\\')) return raw;
  return decodedJsonString(text, open, close);
}

/** The string opened at `open`, decoded, where an earlier step already found that it closes and decodes. */
export function stringAt(text: string, open: number): string {
  return decodedString(text, open, stringEnd(text, open)) ?? '';
}

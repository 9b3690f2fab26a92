/** JSON's structural characters (RFC 8259, section 2) and the string escape, as UTF-16 code units. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;

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
const SHORT_STRING = 32;

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

/** The string whose quotes are at `open` and `close`, decoded; undefined if its escapes are not JSON. */
export function decodedString(text: string, open: number, close: number): string | undefined {
  const raw = text.slice(open + 1, close);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

/** The string opened at `open`, decoded, where an earlier step already found that it closes and decodes. */
export function stringAt(text: string, open: number): string {
  return decodedString(text, open, stringEnd(text, open)) ?? '';
}

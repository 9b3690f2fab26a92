import { keysKept } from './repeated-keys.js';

/*
 * JSON.parse as the engine for the values of a text that writes escaped object keys, with the keys read the
 * careful way (contract: value-is-text). The engine's fault (escaped-keys.ts) needs an escaped key, so the text
 * is parsed with each escaped key written again without escapes: as the key it means where JSON lets that be
 * written plain, else as a placeholder, which is put back as the key it stands for once the value is parsed.
 * Each key is decoded by the same JSON.parse as a string on its own, where no key cache takes part.
 *
 * Why the value is the text's: the quotes given are those of string tokens, as a pass that reads the text from
 * its start finds them (json-shape.ts), and the text written again differs from it only inside those strings,
 * each written again as a string of no quote, backslash or control character that means the same key (or its
 * placeholder). So the two texts hold the same tokens: either both are JSON or neither, and where they are, they
 * mean the same value but for the placeholders; and the text written again has no escaped key for the engine's
 * parse to get wrong, on any engine.
 */

/** How many of the spellings met last are compared in place before a lookup. */
const RECENT_SPELLINGS = 8;

/** A private-use character, rare in text; a placeholder is a run of it and a number. */
const MARK = '\ue000';
const MARK_UNIT = 0xe000;
const QUOTE_UNIT = 0x22;

/** The value, the keys of all its objects, and whether an object repeats a key, which JSON.parse hid. */
export interface ParsedText {
  value: unknown;
  keys: number;
  repeated: boolean;
}

/** A run of the mark longer than any in the text, so that no key of the text can be a placeholder. */
function placeholderPrefix(text: string): string {
  let longest = 0;
  for (let at = text.indexOf(MARK); at !== -1;) {
    let end = at + 1;
    while (text.charCodeAt(end) === MARK_UNIT) end++;
    longest = Math.max(longest, end - at);
    at = text.indexOf(MARK, end);
  }
  return MARK.repeat(longest + 1);
}

/**
 * Whether a key can be written between quotes as it is (no quote, backslash or control character) and holds no
 * mark, so that no key written plain can be taken for a placeholder.
 */
function isWritablePlain(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    if (unit < 0x20 || unit === 0x22 || unit === 0x5c || unit === MARK_UNIT) return false;
  }
  return true;
}

/** Sets a key as JSON.parse does: an own data property, even `__proto__`, which assignment would not make. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** Whether `for...in` sees only own keys: an enumerable key added to Object.prototype would be walked too. */
function prototypeIsClean(): boolean {
  for (const _ in {}) return false;
  return true;
}

/** The meant key of a key the text so written holds: itself, or the key its placeholder stands for. */
function meantKey(name: string, prefix: string, keys: string[]): string {
  return name.charCodeAt(0) === MARK_UNIT && name.startsWith(prefix)
    ? (keys[Number(name.slice(prefix.length))] as string)
    : name;
}

/**
 * Walks the parsed value with an explicit stack, counting the keys of its objects, and makes each object that
 * holds a placeholder again with the meant keys in their order, in its place in its parent. `placed` is how many
 * placeholders the text was written with: fewer found means JSON.parse kept one of a key an object repeats.
 */
function restoredKeys(root: object, prefix: string, keys: string[], placed: number): ParsedText {
  let count = 0;
  let found = 0;
  let repeated = false;
  const top: Record<string, unknown> = { root };
  // Each container still to walk, with the container that holds it and its key or index there.
  const pending: object[] = [root];
  const parents: Record<string, unknown>[] = [top];
  const slots: (string | number)[] = ['root'];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
    const parent = parents.pop() as Record<string, unknown>;
    const slot = slots.pop() as string | number;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object') {
          pending.push(item);
          parents.push(node);
          slots.push(i);
        }
      }
      continue;
    }
    const children = pending.length;
    let held = 0;
    for (const name in node) {
      count++;
      if (name.charCodeAt(0) === MARK_UNIT && name.startsWith(prefix)) held++;
      const item = node[name];
      if (item !== null && typeof item === 'object') {
        pending.push(item);
        parents.push(node);
        slots.push(name);
      }
    }
    if (held === 0) continue;
    found += held;
    // Made again rather than changed in place: deleting keys slows the engine's objects down.
    const fresh: Record<string, unknown> = {};
    for (const name in node) {
      const key = meantKey(name, prefix, keys);
      if (Object.hasOwn(fresh, key)) repeated = true;
      setOwn(fresh, key, node[name]);
    }
    setOwn(parent, slot as string, fresh);
    for (let i = children; i < pending.length; i++) {
      parents[i] = fresh;
      slots[i] = meantKey(slots[i] as string, prefix, keys);
    }
  }
  return { value: top.root, keys: count, repeated: repeated || found !== placed };
}

/** From this many escaped keys on, an ASCII text is written again in place. */
const IN_PLACE_KEYS = 256;

const encoder = new TextEncoder();
const asciiDecoder = new TextDecoder();
const SPACE = 0x20;
const BACKSLASH = 0x5c;

/** The value of a hexadecimal digit's byte, or -1. */
function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/**
 * The key whose quotes are at `open` and `close` of ASCII `bytes` written again in place: its characters decoded
 * as UTF-8, the closing quote after them and spaces up to where it was, which JSON allows between a key and its
 * colon. False, having written nothing past the key, where it cannot be: a character it may not hold plain, a
 * surrogate, or an escape that is not JSON.
 */
function keyWrittenInPlace(bytes: Uint8Array, open: number, close: number): boolean {
  let out = open + 1;
  for (let at = open + 1; at < close; at++) {
    let unit = bytes[at] as number;
    if (unit === BACKSLASH) {
      const escape = bytes[++at] as number;
      if (escape === 0x75) {
        unit = 0;
        for (let digit = 1; digit <= 4; digit++) {
          const value = hexValue(bytes[at + digit] as number);
          if (value < 0 || at + digit >= close) return false;
          unit = unit * 16 + value;
        }
        at += 4;
      } else if (escape === 0x2f) unit = 0x2f;
      else return false;
    }
    if (unit < 0x20 || unit === QUOTE_UNIT || unit === BACKSLASH || (unit >= 0xd800 && unit <= 0xdfff))
      return false;
    if (unit === MARK_UNIT) return false;
    if (unit < 0x80) bytes[out++] = unit;
    else if (unit < 0x800) {
      bytes[out++] = 0xc0 | (unit >> 6);
      bytes[out++] = 0x80 | (unit & 0x3f);
    } else {
      bytes[out++] = 0xe0 | (unit >> 12);
      bytes[out++] = 0x80 | ((unit >> 6) & 0x3f);
      bytes[out++] = 0x80 | (unit & 0x3f);
    }
  }
  bytes[out++] = QUOTE_UNIT;
  bytes.fill(SPACE, out, close + 1);
  return true;
}

/**
 * The text with every escaped key written plain in place, where it writes many, the text is ASCII (so its indexes are its
 * bytes') and every key can be written plain: a copy of its bytes written over, one allocation for the text
 * whatever the number of keys. Undefined otherwise, and the caller writes it again piece by piece.
 */
function writtenInPlace(text: string, quotes: readonly number[]): string | undefined {
  // A few keys cost less written piece by piece than the text's bytes twice over.
  if (quotes.length < 2 * IN_PLACE_KEYS) return undefined;
  const bytes = encoder.encode(text);
  if (bytes.length !== text.length) return undefined;
  for (let i = 0; i < quotes.length; i += 2) {
    if (!keyWrittenInPlace(bytes, quotes[i] as number, quotes[i + 1] as number)) return undefined;
  }
  return asciiDecoder.decode(bytes);
}

/**
 * The value of a text whose escaped keys have their quotes at `quotes` (the shape scan's `escapedKeys`), parsed
 * by JSON.parse with those keys written plain or as placeholders; with how many keys its objects kept (JSON.parse
 * keeps one of each repeated key), and whether an object repeats a key that JSON.parse could not tell. Undefined
 * where the text is not JSON.
 */
export function parsedWithPlainKeys(text: string, quotes: readonly number[]): ParsedText | undefined {
  const inPlace = writtenInPlace(text, quotes);
  if (inPlace !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(inPlace);
    } catch {
      return undefined;
    }
    return { value, keys: keysKept(value), repeated: false };
  }
  // How each spelling of a key is written again, decoded once however often it is written; the spellings met
  // last are compared in place first, so that the common body, a few keys written again and again, makes no
  // string per key.
  const rewritten = new Map<string, string>();
  const recentSpellings: string[] = [];
  const recentPlain: string[] = [];
  const placeholderIds = new Map<string, number>();
  const placeheld: string[] = [];
  let prefix = '';
  let placed = 0;
  const pieces: string[] = [];
  let from = 0;
  for (let i = 0; i < quotes.length; i += 2) {
    const open = quotes[i] as number;
    const close = quotes[i + 1] as number;
    let plain: string | undefined;
    for (let r = 0; r < recentSpellings.length; r++) {
      const recent = recentSpellings[r] as string;
      if (recent.length === close + 1 - open && text.startsWith(recent, open)) {
        plain = recentPlain[r] as string;
        break;
      }
    }
    if (plain === undefined) {
      const spelling = text.slice(open, close + 1);
      plain = rewritten.get(spelling);
      if (plain === undefined) {
        let key: unknown;
        try {
          key = JSON.parse(spelling);
        } catch {
          return undefined;
        }
        if (typeof key !== 'string') return undefined;
        if (isWritablePlain(key)) {
          plain = key;
        } else {
          if (prefix === '') prefix = placeholderPrefix(text);
          let id = placeholderIds.get(key);
          if (id === undefined) placeholderIds.set(key, (id = placeheld.push(key) - 1));
          plain = prefix + String(id);
        }
        rewritten.set(spelling, plain);
      }
      if (recentSpellings.length === RECENT_SPELLINGS) {
        recentSpellings.shift();
        recentPlain.shift();
      }
      recentSpellings.push(spelling);
      recentPlain.push(plain);
    }
    if (plain.charCodeAt(0) === MARK_UNIT) placed++;
    pieces.push(text.slice(from, open + 1), plain);
    from = close;
  }
  pieces.push(text.slice(from));
  let value: unknown;
  try {
    value = JSON.parse(pieces.join(''));
  } catch {
    return undefined;
  }
  if (placed === 0 || value === null || typeof value !== 'object') {
    return { value, keys: keysKept(value), repeated: false };
  }
  if (!prototypeIsClean()) return undefined;
  return restoredKeys(value, prefix, placeheld, placed);
}

import { keysKept, prototypeIsClean } from './repeated-keys.js';
import { keysReplacedInPlace } from './replaced-keys.js';
import { BACKSLASH, escapedUnit, hexUnit, PLACEHOLDER_MARK, QUOTE } from './json-text.js';
import { hashUnits, processHashBasis } from './seeded-hash.js';

/*
 * JSON.parse as the engine for the values of a text that writes escaped object keys, where the engine's keys
 * differ from the text or cannot be checked against it (checked-keys.ts), with the keys read the careful way
 * (contract: value-is-text). The engine's fault (escaped-keys.ts) needs an escaped key, so the text is parsed
 * with each escaped key written again without escapes: as the key it means where JSON lets that be written
 * plain, else as a placeholder, which is put back as the key it stands for once the value is parsed.
 *
 * Why the value is the text's: the quotes given are those of string tokens, as a pass that reads the text from
 * its start finds them (json-shape.ts), and the text written again differs from it only inside those strings,
 * each written again as a string of no quote, backslash or control character that means the same key (or its
 * placeholder). So the two texts hold the same tokens: either both are JSON or neither, and where they are, they
 * mean the same value but for the placeholders. A placeholder is the mark and a number, one for each key it
 * stands for, and every key that starts with the mark is one (the scan hands on those written plain too), so
 * two keys of an object are one key written again exactly when they are one key: JSON.parse keeps as many keys
 * as the text means, and a repeated key shows as one fewer, as it does without escapes.
 */

/** The value, and the keys of all its objects (JSON.parse keeps one of each repeated key), or -1 where not counted. */
export interface ParsedText {
  value: unknown;
  keys: number;
}

const MARK = String.fromCharCode(PLACEHOLDER_MARK);

/** Past this many keys a text is written again as bytes, which costs less per key than pieces of text. */
const KEYS_WRITTEN_AS_BYTES = 64;

/** What `keyWritten` answers for a key that needs its placeholder, whatever else it holds. */
const NOT_PLAIN = -1;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The placeholders of one text: the key each stands for, and the placeholder of each key, in both directions. */
class Placeholders {
  readonly meant = new Map<string, string>();
  private readonly byKey = new Map<string, string>();

  /** The placeholder of `key`, the same for every spelling of it. */
  of(key: string): string {
    let placeholder = this.byKey.get(key);
    if (placeholder === undefined) {
      placeholder = MARK + this.byKey.size.toString(36);
      this.byKey.set(key, placeholder);
      this.meant.set(placeholder, key);
    }
    return placeholder;
  }
}

/**
 * The spellings of keys that need a placeholder, by a seeded hash of their text, so that a spelling met again is
 * found without making a string of it: an open-addressed table of indexes into the lists beside it.
 */
class SpellingTable {
  private slots = new Int32Array(64);
  private readonly hashes: number[] = [];
  private readonly spellings: string[] = [];
  private readonly placeholders: string[] = [];

  /** The placeholder met before for the key spelled between `open` and `close` (its quotes), if any. */
  find(text: string, open: number, close: number, hash: number): string | undefined {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (this.slots[slot] as number) - 1;
      if (entry < 0) return undefined;
      const spelling = this.spellings[entry] as string;
      if (
        this.hashes[entry] === hash &&
        spelling.length === close + 1 - open &&
        text.startsWith(spelling, open)
      ) {
        return this.placeholders[entry];
      }
    }
  }

  add(spelling: string, hash: number, placeholder: string): void {
    const entry = this.spellings.push(spelling) - 1;
    this.hashes.push(hash);
    this.placeholders.push(placeholder);
    if (2 * this.spellings.length > this.slots.length) {
      this.slots = new Int32Array(2 * this.slots.length);
      for (let i = 0; i < this.spellings.length; i++) this.place(i);
    } else this.place(entry);
  }

  private place(entry: number): void {
    const mask = this.slots.length - 1;
    let slot = (this.hashes[entry] as number) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
  }
}

/** Whether a key can be written between quotes as it is and is not taken for a placeholder. */
function isWritablePlain(key: string): boolean {
  if (key.charCodeAt(0) === PLACEHOLDER_MARK) return false;
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    if (unit < 0x20 || unit === QUOTE || unit === BACKSLASH) return false;
  }
  return true;
}

/** A key's spelling, quotes and all, decoded by JSON.parse as a string on its own, where no key cache takes part. */
function decodedKey(spelling: string): string | undefined {
  try {
    const key: unknown = JSON.parse(spelling);
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Where the unit `unitAt` read last ends in the text. */
let unitEnd = 0;

/** The code unit written at `at` of a key that ends before `close`, as it is or escaped; -1 where not JSON. */
function unitAt(text: string, at: number, close: number): number {
  const unit = text.charCodeAt(at);
  if (unit !== BACKSLASH) {
    unitEnd = at + 1;
    return unit < 0x20 ? -1 : unit;
  }
  const escape = text.charCodeAt(at + 1);
  if (escape !== 0x75) {
    unitEnd = at + 2;
    return escapedUnit(escape);
  }
  unitEnd = at + 6;
  return unitEnd <= close ? hexUnit(text, at + 2) : -1;
}

/**
 * Writes the key whose quotes are at `open` and `close` into `out` from `at`, decoded and encoded in UTF-8, and
 * answers where it ends; NOT_PLAIN, having written nothing that counts, where it holds a unit JSON does not let a
 * key hold plain, a surrogate that is not half of a pair (which UTF-8 cannot carry), or an escape that is not JSON.
 */
function keyWritten(text: string, open: number, close: number, out: Uint8Array, at: number): number {
  let written = at;
  for (let i = open + 1; i < close;) {
    let unit = unitAt(text, i, close);
    i = unitEnd;
    if (unit < 0x20 || unit === QUOTE || unit === BACKSLASH) return NOT_PLAIN;
    if (unit < 0x80) {
      if (unit === PLACEHOLDER_MARK && written === at) return NOT_PLAIN;
      out[written++] = unit;
    } else if (unit < 0x800) {
      out[written++] = 0xc0 | (unit >> 6);
      out[written++] = 0x80 | (unit & 0x3f);
    } else if ((unit & 0xf800) !== 0xd800) {
      out[written++] = 0xe0 | (unit >> 12);
      out[written++] = 0x80 | ((unit >> 6) & 0x3f);
      out[written++] = 0x80 | (unit & 0x3f);
    } else {
      const trail = (unit & 0xfc00) === 0xd800 && i < close ? unitAt(text, i, close) : -1;
      if ((trail & 0xfc00) !== 0xdc00 || trail < 0) return NOT_PLAIN;
      i = unitEnd;
      unit = 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      out[written++] = 0xf0 | (unit >> 18);
      out[written++] = 0x80 | ((unit >> 12) & 0x3f);
      out[written++] = 0x80 | ((unit >> 6) & 0x3f);
      out[written++] = 0x80 | (unit & 0x3f);
    }
  }
  return written;
}

/** The bytes of a well-formed text's UTF-8 encoding from `from` up to `to`, counted without encoding it. */
function utf8Between(text: string, from: number, to: number): number {
  let bytes = to - from;
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x80) bytes += unit < 0x800 || (unit & 0xf800) === 0xd800 ? 1 : 2;
  }
  return bytes;
}

/**
 * The text with its keys at `quotes` written again, as UTF-8 bytes copied from its own, for a text of many such
 * keys: no string is made for a key written plain, nor for a spelling met before. Undefined where a key's
 * escapes are not JSON.
 */
function writtenAsBytes(text: string, keys: Int32Array, placeholders: Placeholders): string | undefined {
  const bytes = encoder.encode(text);
  const ascii = bytes.length === text.length;
  // A key written plain is never longer than its spelling, and a placeholder's spelling takes at least a byte.
  const count = keys.length / 3;
  const out = new Uint8Array(bytes.length + count * (MARK.length + count.toString(36).length));
  const spellings = new SpellingTable();
  let written = 0;
  let from = 0;
  let fromByte = 0;
  for (let i = 0; i < keys.length; i += 3) {
    const open = keys[i + 1] as number;
    const close = keys[i + 2] as number;
    // The text up to the key's opening quote, copied as it is.
    const openByte = ascii ? open : fromByte + utf8Between(text, from, open);
    const length = openByte + 1 - fromByte;
    if (length > 32) out.set(bytes.subarray(fromByte, openByte + 1), written);
    else for (let b = 0; b < length; b++) out[written + b] = bytes[fromByte + b] as number;
    written += length;
    let end = keyWritten(text, open, close, out, written);
    if (end === NOT_PLAIN) {
      const hash = hashUnits(text, open, close, processHashBasis);
      let placeholder = spellings.find(text, open, close, hash);
      if (placeholder === undefined) {
        const spelling = text.slice(open, close + 1);
        const key = decodedKey(spelling);
        if (key === undefined) return undefined;
        placeholder = placeholders.of(key);
        spellings.add(spelling, hash, placeholder);
      }
      end = written;
      for (let p = 0; p < placeholder.length; p++) out[end++] = placeholder.charCodeAt(p);
    }
    written = end;
    from = close;
    fromByte = ascii ? close : openByte + 1 + utf8Between(text, open + 1, close);
  }
  out.set(bytes.subarray(fromByte), written);
  return decoder.decode(out.subarray(0, written + bytes.length - fromByte));
}

/** The text with its keys at `quotes` written again piece by piece, for a text of a few such keys. */
function writtenAsPieces(text: string, keys: Int32Array, placeholders: Placeholders): string | undefined {
  const pieces: string[] = [];
  let from = 0;
  for (let i = 0; i < keys.length; i += 3) {
    const open = keys[i + 1] as number;
    const close = keys[i + 2] as number;
    const key = decodedKey(text.slice(open, close + 1));
    if (key === undefined) return undefined;
    pieces.push(text.slice(from, open + 1), isWritablePlain(key) ? key : placeholders.of(key));
    from = close;
  }
  pieces.push(text.slice(from));
  return pieces.join('');
}

/**
 * The keys of the parsed value's objects, each object that holds a placeholder made again with the meant keys, in
 * its place in the container that holds it. -1 where the keys cannot be walked.
 */
function restoredKeys(holder: { value: unknown }, meant: ReadonlyMap<string, string>): number {
  if (!prototypeIsClean()) return -1;
  return keysReplacedInPlace(holder, (_node, marked) => (marked ? meant : undefined));
}

/**
 * The value of a text whose escaped keys are among `keysToCheck` (the shape scan's), parsed by JSON.parse with
 * those keys written plain or as placeholders, with the keys its objects kept. Undefined where the text is not JSON.
 */
export function parsedWithPlainKeys(text: string, keysToCheck: Int32Array): ParsedText | undefined {
  const placeholders = new Placeholders();
  // A text that holds half a surrogate pair has no UTF-8 encoding that keeps it.
  const asBytes =
    keysToCheck.length >= 3 * KEYS_WRITTEN_AS_BYTES &&
    (text as { isWellFormed?: () => boolean }).isWellFormed?.() === true;
  const written = asBytes
    ? writtenAsBytes(text, keysToCheck, placeholders)
    : writtenAsPieces(text, keysToCheck, placeholders);
  if (written === undefined) return undefined;
  const holder: { value: unknown } = { value: undefined };
  try {
    holder.value = JSON.parse(written);
  } catch {
    return undefined;
  }
  if (placeholders.meant.size === 0) return { value: holder.value, keys: keysKept(holder.value) };
  const keys = restoredKeys(holder, placeholders.meant);
  return { value: holder.value, keys };
}

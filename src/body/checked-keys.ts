import { BACKSLASH, escapedUnit, hexUnit } from './json-text.js';
import { parsedWithPlainKeys, type ParsedText } from './placeholder-keys.js';
import { prototypeIsClean } from './repeated-keys.js';

/*
 * JSON.parse as the engine for a text that writes escaped object keys, its keys checked against the text
 * (contract: value-is-text). The engine's fault (escaped-keys.ts) gives an escaped key the name of a key cached
 * from another parse, so the parsed value is walked in the text's order and each escaped key compared with its
 * spelling, decoded here; where every one is the key the text means and the value holds as many keys as the
 * text writes, the value is the text's. Else, and where the walk cannot tell the text's order (an object with
 * an array-index key, which engines list first), the text is parsed again with its escaped keys written plain
 * (placeholder-keys.ts).
 */

/** Past this nesting the text is handed on rather than walked deeper by recursion. */
const DEEPEST = 256;

/** A key spelled in more characters than this is long: comparing it costs as much as the engine's decoding. */
const LONG_KEY = 256;

/** Where long escaped keys spell more than this share of the text, it is parsed with them written plain. */
const LONG_KEYS_SHARE = 0.25;

const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;

/** Whether `key` is the string spelled between the quotes at `open` and `close` of a JSON text, escapes decoded. */
function spells(text: string, open: number, close: number, key: string): boolean {
  let at = 0;
  for (let i = open + 1; i < close;) {
    let unit = text.charCodeAt(i);
    if (unit !== BACKSLASH) i++;
    else if (text.charCodeAt(i + 1) === 0x75) {
      unit = hexUnit(text, i + 2);
      i += 6;
    } else {
      unit = escapedUnit(text.charCodeAt(i + 1));
      i += 2;
    }
    if (unit !== key.charCodeAt(at++)) return false;
  }
  return at === key.length;
}

/** A walk of a parsed value in its text's order, counting its keys and comparing the escaped ones. */
class KeyCheck {
  keys = 0;
  private next = 0;
  private nextKey: number;

  constructor(
    private readonly text: string,
    private readonly escapedKeys: Int32Array,
  ) {
    this.nextKey = escapedKeys.length > 0 ? (escapedKeys[0] as number) : -1;
  }

  /** Whether every escaped key met was the key the text means; false too where the order cannot be told. */
  holds(node: object, depth: number): boolean {
    if (depth > DEEPEST) return false;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object' && !this.holds(item, depth + 1)) return false;
      }
      return true;
    }
    let first = true;
    for (const name in node) {
      if (first) {
        first = false;
        const unit = name.charCodeAt(0);
        if (unit >= DIGIT_ZERO && unit <= DIGIT_NINE) return false;
      }
      if (++this.keys === this.nextKey) {
        const at = this.next;
        const keys = this.escapedKeys;
        if (!spells(this.text, keys[at + 1] as number, keys[at + 2] as number, name)) return false;
        this.next = at + 3;
        this.nextKey = this.next < keys.length ? (keys[this.next] as number) : -1;
      }
      const item: unknown = (node as Record<string, unknown>)[name];
      if (item !== null && typeof item === 'object' && !this.holds(item, depth + 1)) return false;
    }
    return true;
  }
}

/** The characters that the long ones of `escapedKeys` spell, each decoded once however it is parsed. */
function longKeysSpell(escapedKeys: Int32Array): number {
  let characters = 0;
  for (let i = 0; i < escapedKeys.length; i += 3) {
    const length = (escapedKeys[i + 2] as number) - (escapedKeys[i + 1] as number);
    if (length > LONG_KEY) characters += length;
  }
  return characters;
}

/**
 * The value of a JSON text whose escaped keys are `escapedKeys` and whose objects write `keysWritten` keys (the
 * shape scan's), with the keys its objects kept: JSON.parse's where its keys are the text's, else the text's
 * parsed with its escaped keys written plain. Undefined where the text is not JSON.
 */
export function parsedWithTextKeys(
  text: string,
  escapedKeys: Int32Array,
  keysWritten: number,
): ParsedText | undefined {
  if (longKeysSpell(escapedKeys) > LONG_KEYS_SHARE * text.length)
    return parsedWithPlainKeys(text, escapedKeys);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Whether the text is JSON is told by a parse with no escaped key in it.
    return parsedWithPlainKeys(text, escapedKeys);
  }
  if (value !== null && typeof value === 'object' && prototypeIsClean()) {
    const check = new KeyCheck(text, escapedKeys);
    if (check.holds(value, 1) && check.keys === keysWritten) return { value, keys: check.keys };
  }
  return parsedWithPlainKeys(text, escapedKeys);
}

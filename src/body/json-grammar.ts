import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  decodedJsonString,
  isJsonWhitespace,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  stringEnd,
} from './json-text.js';

/*
 * The project's own JSON parser: the value a text means by JSON's grammar (RFC 8259), built by this code alone, so
 * that it is the same on every engine whatever the engine parsed before (contract: value-is-text). The body
 * guards read with it what the engine's JSON.parse may get wrong: a text with an escaped object key, and a text
 * whose parsed keys disagree with it. It gives what a correct JSON.parse gives: keys in the engine's property
 * order, the last value of a repeated key at its first place, `__proto__` an own data property, numbers as
 * `Number` reads their text, and lone surrogates kept. It keeps an explicit stack and never recurses.
 */

const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

type Container = unknown[] | Record<string, unknown>;

function isDigit(unit: number): boolean {
  return unit >= ZERO && unit <= NINE;
}

/** Thrown where an object repeats a key and the caller refuses repeated keys. */
export class RepeatedKeyError extends SyntaxError {}

/**
 * Sets a key as JSON.parse does: an own data property, even `__proto__`, which assignment would not make; or
 * throws where the object has it already and `refuseRepeated` says so.
 */
function setKey(object: Record<string, unknown>, key: string, value: unknown, refuseRepeated: boolean): void {
  if (refuseRepeated && Object.hasOwn(object, key)) throw new RepeatedKeyError('An object repeats a key');
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** One pass over a text, from its start. */
class GrammarReader {
  at = 0;

  constructor(readonly text: string) {}

  fail(): never {
    throw new SyntaxError(`Not JSON at position ${this.at}`);
  }

  skipWhitespace(): void {
    while (isJsonWhitespace(this.text.charCodeAt(this.at))) this.at++;
  }

  /** The next character that is not whitespace, which must be `unit`; the reader moves past it. */
  expect(unit: number): void {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.at) !== unit) this.fail();
    this.at++;
  }

  string(): string {
    const { text, at: open } = this;
    // Most strings hold no escape: one pass finds their end and checks their characters.
    for (let i = open + 1; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit === QUOTE) {
        this.at = i + 1;
        return text.slice(open + 1, i);
      }
      if (unit === BACKSLASH) break;
      if (unit < 0x20) this.fail();
    }
    const close = stringEnd(this.text, this.at);
    const decoded = close < 0 ? undefined : decodedJsonString(this.text, this.at, close);
    if (decoded === undefined) return this.fail();
    this.at = close + 1;
    return decoded;
  }

  /** A key and its colon; the reader stands on the key's opening quote or the whitespace before it. */
  key(): string {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.at) !== QUOTE) this.fail();
    const key = this.string();
    this.expect(COLON);
    return key;
  }

  digits(): void {
    if (!isDigit(this.text.charCodeAt(this.at))) this.fail();
    while (isDigit(this.text.charCodeAt(this.at))) this.at++;
  }

  number(): number {
    const start = this.at;
    if (this.text.charCodeAt(this.at) === MINUS) this.at++;
    if (this.text.charCodeAt(this.at) === ZERO) this.at++;
    else this.digits();
    if (this.text.charCodeAt(this.at) === DOT) {
      this.at++;
      this.digits();
    }
    if ((this.text.charCodeAt(this.at) | 0x20) === 0x65) {
      this.at++;
      const sign = this.text.charCodeAt(this.at);
      if (sign === PLUS || sign === MINUS) this.at++;
      this.digits();
    }
    return Number(this.text.slice(start, this.at));
  }

  literal(word: string, value: boolean | null): boolean | null {
    if (!this.text.startsWith(word, this.at)) this.fail();
    this.at += word.length;
    return value;
  }
}

/**
 * The value of a JSON text by the grammar; throws a SyntaxError where JSON.parse would, on any text that is not
 * JSON, and with `refuseRepeated` a RepeatedKeyError at the first key an object already has (contract:
 * repeated-keys), which JSON.parse would resolve last-wins.
 */
export function parsedByGrammar(text: string, refuseRepeated = false): unknown {
  const reader = new GrammarReader(text);
  const open: Container[] = [];
  const keys: string[] = [];
  for (;;) {
    reader.skipWhitespace();
    const unit = text.charCodeAt(reader.at);
    let value: unknown;
    if (unit === OPEN_OBJECT || unit === OPEN_ARRAY) {
      reader.at++;
      reader.skipWhitespace();
      const closing = unit === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
      if (text.charCodeAt(reader.at) === closing) {
        reader.at++;
        value = unit === OPEN_OBJECT ? {} : [];
      } else {
        open.push(unit === OPEN_OBJECT ? {} : []);
        if (unit === OPEN_OBJECT) keys.push(reader.key());
        continue;
      }
    } else if (unit === QUOTE) value = reader.string();
    else if (unit === MINUS || isDigit(unit)) value = reader.number();
    else if (unit === 0x74) value = reader.literal('true', true);
    else if (unit === 0x66) value = reader.literal('false', false);
    else if (unit === 0x6e) value = reader.literal('null', null);
    else reader.fail();
    // The value joins its container; each container it closes joins the one around it in turn.
    for (;;) {
      const container = open[open.length - 1];
      if (container === undefined) {
        reader.skipWhitespace();
        if (reader.at !== text.length) reader.fail();
        return value;
      }
      const isArray = Array.isArray(container);
      if (isArray) container.push(value);
      else setKey(container, keys.pop() as string, value, refuseRepeated);
      reader.skipWhitespace();
      const next = text.charCodeAt(reader.at++);
      if (next === COMMA) {
        if (!isArray) keys.push(reader.key());
        break;
      }
      if (next !== (isArray ? CLOSE_ARRAY : CLOSE_OBJECT)) {
        reader.at--;
        reader.fail();
      }
      value = open.pop();
    }
  }
}

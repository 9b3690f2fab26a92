import { COLON, isJsonWhitespace, stringEnd } from './json-text.js';
import { parsedByGrammar } from './json-grammar.js';
import { scanJsonShape } from './json-shape.js';
import { parsedWithTextKeys } from './checked-keys.js';

/*
 * Where the engine's JSON.parse may not give the value a text means (contract: value-is-text). V8's parser, on
 * Node 24 and on early releases of Node 26, reuses a key it decoded in an earlier parse for an escaped key at the
 * same place of an object of the same keys so far, so `{"h":1,"\"":2}` can come out with the key `\` once a text
 * like `{"h":[],"\\":0}` was parsed in the same process (nodejs/node issue 63785). The fault needs an escaped key,
 * so the keys of a text that writes one are checked against the text (checked-keys.ts): a key that differs as
 * the fault makes it is put right in its object, and where they differ otherwise the text is parsed with each
 * escaped key written again without escapes (placeholder-keys.ts): the values stay JSON.parse's, and no
 * engine's wrong key is ever kept.
 */

/** The index past the JSON whitespace from `at`. */
function pastWhitespace(text: string, at: number): number {
  while (isJsonWhitespace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * The quotes of the object keys a JSON text writes with an escape in them, up to `most` keys: the opening and
 * closing quote of each, in the text's order, in one flat list. Only strings hold a backslash in JSON, so each
 * string that holds one is found from its first backslash (its opening quote is the last quote before that) and
 * read to its closing quote, and it is a key when a colon follows. Linear: no character is read twice. On text
 * that is not JSON the answer may be anything, and every caller checks what it finds.
 */
export function escapedKeyQuotes(text: string, most = Infinity): number[] {
  const quotes: number[] = [];
  for (let at = text.indexOf('\\'); at !== -1 && quotes.length < 2 * most;) {
    // The first backslash after the last string read opens an escape: the string before it holds none.
    const close = stringEnd(text, at - 1);
    if (close < 0) break;
    if (text.charCodeAt(pastWhitespace(text, close + 1)) === COLON)
      quotes.push(text.lastIndexOf('"', at), close);
    at = text.indexOf('\\', close + 1);
  }
  return quotes;
}

/** Whether a JSON text writes an object key with an escape in it. On text that is not JSON, either answer. */
export function hasEscapedKey(text: string): boolean {
  return escapedKeyQuotes(text, 1).length > 0;
}

/**
 * The value of a JSON text that needs no body guard, such as one a store wrote and reads back: JSON.parse's,
 * with the keys the text means where it writes escaped ones (checked-keys.ts); an object that repeats a key,
 * which a store never writes, is read by the project's own parser, last value wins, as JSON.parse does. Throws
 * on text that is not JSON.
 */
export function parsedJsonText(text: string): unknown {
  if (!hasEscapedKey(text)) return JSON.parse(text);
  const shape = scanJsonShape(text, Infinity);
  const parsed = parsedWithTextKeys(text, shape);
  return parsed === undefined || parsed.keys !== shape.keys ? parsedByGrammar(text) : parsed.value;
}

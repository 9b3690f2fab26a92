import { COLON, isJsonWhitespace, stringEnd } from './json-text.js';
import { parsedByGrammar } from './json-grammar.js';

/*
 * Where the engine's JSON.parse may not give the value a text means (contract: value-is-text). V8's parser, on
 * Node 24 and on early releases of Node 26, reuses a key it decoded in an earlier parse for an escaped key at the
 * same place of an object of the same keys so far, so `{"h":1,"\"":2}` can come out with the key `\` once a text
 * like `{"h":[],"\\":0}` was parsed in the same process (nodejs/node issue 63785). The fault needs an escaped key,
 * so only a text that writes one is read by the project's own parser (json-grammar.ts): every engine takes the
 * same path, fixed or not, and the common body keeps JSON.parse and its speed.
 */

/** The index past the JSON whitespace from `at`. */
function pastWhitespace(text: string, at: number): number {
  while (isJsonWhitespace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * Whether a JSON text writes an object key with an escape in it. Only strings hold a backslash in JSON, so each
 * string that holds one is found from its first backslash and read to its closing quote, and it is a key when a
 * colon follows. Linear: no character is read twice. On text that is not JSON the answer may be either, and
 * either path rejects it alike.
 */
export function hasEscapedKey(text: string): boolean {
  for (let at = text.indexOf('\\'); at !== -1;) {
    // The first backslash after the last string read opens an escape: the string before it holds none.
    const close = stringEnd(text, at - 1);
    if (close < 0) return false;
    if (text.charCodeAt(pastWhitespace(text, close + 1)) === COLON) return true;
    at = text.indexOf('\\', close + 1);
  }
  return false;
}

/**
 * The value of a JSON text that needs no body guard, such as one a store wrote and reads back: JSON.parse's,
 * unless the text writes an escaped key, which the project's own parser reads. Throws on text that is not JSON.
 */
export function parsedJsonText(text: string): unknown {
  return hasEscapedKey(text) ? parsedByGrammar(text) : JSON.parse(text);
}

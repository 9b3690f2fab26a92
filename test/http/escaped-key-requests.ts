import { parsedByGrammar } from '../../src/body/json-grammar.js';

/*
 * Requests that poison V8's key cache and then write escaped keys where the poison wrote a backslash
 * (nodejs/node issue 63785), for the tests that send them through each entry point (contract: value-is-text).
 */

/** Every one-character escape, and `\uXXXX` escapes: a letter, a non-ASCII letter, a surrogate pair. */
export const ESCAPED_KEYS = [
  '\\"',
  '\\\\',
  '\\/',
  '\\b',
  '\\f',
  '\\n',
  '\\r',
  '\\t',
  '\\u0041',
  '\\u00e9',
  '\\ud83d\\ude00',
];
export const meant = (written: string) => parsedByGrammar(`"${written}"`) as string;

/** A messages request whose tools each have the properties `h` and one escaped key, and its metadata too. */
export function requestWith(keys: readonly string[], metadata = `{"h":"x","${keys[0]}":"y"}`): string {
  const tools = keys.map(
    (key, i) =>
      `{"name":"tool_${i}","input_schema":{"type":"object","properties":{"h":{"type":"string"},"${key}":{"type":"number"}}}}`,
  );
  return `{"model":"openai/gpt-5","max_tokens":64,"messages":[{"role":"user","content":"Hi"}],"tools":[${tools.join(',')}],"metadata":${metadata}}`;
}

/** The request that puts a key `\` after `h` into the key cache, in tools' properties and in metadata. */
export const POISON = requestWith(['\\\\']);
export const SENT = requestWith(ESCAPED_KEYS);
/** `user_id` written with an escape, and a number: invalid wherever it is read as the key the text means. */
export const HIDDEN_USER_ID = requestWith(['\\\\'], '{"h":"x","\\u0075ser_id":42}');

export interface Tool {
  input_schema: { properties: Record<string, unknown> };
}

/** The keys of each tool's properties, as the text of SENT means them. */
export const sentProperties = ESCAPED_KEYS.map((key) => ['h', meant(key)]);

export function propertiesOf(tools: readonly Tool[]): string[][] {
  return tools.map((tool) => Object.keys(tool.input_schema.properties));
}

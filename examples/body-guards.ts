import { parseJsonBody, readBearerToken, validate } from 'gateway-contract';

const authorization = 'bearer example-key'; // the scheme is read in any case
const rawBody = new TextEncoder().encode('{"model":"openai/gpt-5","model":"openai/gpt-4o","messages":[]}');

const key = readBearerToken(authorization);
console.log(key.ok ? `key: ${key.value}` : key.error); // the 401 error body when there is no valid key

const body = parseJsonBody(rawBody, { maxBytes: 1024 * 1024, maxDepth: 32 }); // both limits are optional
// 413 for too many bytes, else 400; this body repeats the key "model"
console.log(body.ok ? validate('messages-request', body.value) : JSON.stringify(body.error));

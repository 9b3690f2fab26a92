import {
  bodyIssueMessages,
  errorBody,
  requestIssueMessages,
  repeatedKeyMessage,
  tooDeepBelowMessage,
} from '../../../src/core/errors.js';
import { normalizePresetRequest } from '../../../src/core/normalize.js';
import type { MessagesRequest } from '../../../src/core/types.js';
import type { WireRequest } from '../adapters.js';

/** The limits every framework's route is given: low, so that a body past them stays small. */
export const LIMITS = { maxBytes: 4096, maxDepth: 8 };

/** The route that answers `{ body }`, the validated value, and the one that answers the normalized request. */
export const ROUTE = '/v1/messages';
export const NORMALIZED_ROUTE = '/v1/normalized';

export interface MiddlewareCase {
  name: string;
  request: WireRequest;
  status: number;
  /** The response body, parsed. */
  expected: unknown;
}

const json = { 'content-type': 'application/json' };

const request = {
  model: 'openai/gpt-5',
  system: [
    { type: 'text', text: 'Be brief.' },
    { type: 'text', text: 'Answer in French.' },
  ],
  messages: [{ role: 'user', content: 'Hi' }],
  temperature: 0.2,
  stream: true,
  metadata: { user_id: 'u-1' },
  x_unknown: 1,
} satisfies Record<string, unknown>;
const requestText = JSON.stringify(request);

function post(body: string | Uint8Array, headers: Record<string, string> = json, path = ROUTE): WireRequest {
  return { method: 'POST', path, headers, body };
}

/** The 400 body of one issue. */
const issue = (path: string, message: string) => errorBody(400, [{ path, message }]);

/** One table, run through every framework's middleware: each answer the body check can give. */
export const middlewareCases: MiddlewareCase[] = [
  {
    name: '200: a valid request becomes req.body, unknown fields kept (default profile)',
    request: post(requestText),
    status: 200,
    expected: { body: request },
  },
  {
    name: '200: a +json media type with a UTF-8 charset',
    request: post(requestText, { 'content-type': 'application/vnd.api+json; charset=UTF-8' }),
    status: 200,
    expected: { body: request },
  },
  {
    name: '200: normalize gives the preset config, the system prompt and the dropped field names',
    request: post(requestText, json, NORMALIZED_ROUTE),
    status: 200,
    expected: {
      body: {
        request,
        ...normalizePresetRequest(request as MessagesRequest),
        dropped: ['system', 'messages', 'stream', 'metadata', 'x_unknown'],
      },
    },
  },
  {
    name: '400: a body the schema rejects, with its issue',
    request: post('{"model":"m"}'),
    status: 400,
    expected: issue('/messages', 'is required'),
  },
  {
    name: '400: the same through normalize, which never sees it',
    request: post('{"model":"m"}', json, NORMALIZED_ROUTE),
    status: 400,
    expected: issue('/messages', 'is required'),
  },
  {
    name: '400: a wrong type',
    request: post('{"model":7,"messages":[]}'),
    status: 400,
    expected: issue('/model', 'must be a string'),
  },
  {
    name: '413: a body past maxBytes',
    request: post(JSON.stringify({ ...request, metadata: { user_id: 'x'.repeat(LIMITS.maxBytes) } })),
    status: 413,
    expected: errorBody(413),
  },
  {
    name: '400: text that is not JSON',
    request: post('{"model":'),
    status: 400,
    expected: issue('', bodyIssueMessages.notJson),
  },
  {
    name: '400: a content type that is not JSON',
    request: post(requestText, { 'content-type': 'text/plain' }),
    status: 400,
    expected: issue('', requestIssueMessages.notJsonMediaType),
  },
  {
    name: '400: no content type at all',
    request: post(new TextEncoder().encode(requestText), {}),
    status: 400,
    expected: issue('', requestIssueMessages.notJsonMediaType),
  },
  {
    name: '400: a charset that is not UTF-8',
    request: post(requestText, { 'content-type': 'application/json; charset=latin1' }),
    status: 400,
    expected: issue('', requestIssueMessages.notJsonMediaType),
  },
  {
    name: '400: a repeated key, at its object, by the byte of its second occurrence',
    request: post('{"model":"a","messages":[],"model":"b"}'),
    status: 400,
    expected: issue('', repeatedKeyMessage(27)),
  },
  {
    name: '400: a value nested past maxDepth, at the last name the schemas declare',
    request: post(`{"model":"m","messages":[],"metadata":{"a":${'['.repeat(7)}${']'.repeat(7)}}}`),
    status: 400,
    expected: issue('/metadata', tooDeepBelowMessage(LIMITS.maxDepth)),
  },
  {
    name: '400: an empty body',
    request: post(''),
    status: 400,
    expected: issue('', bodyIssueMessages.empty),
  },
  {
    name: '400: a JSON array',
    request: post('[]'),
    status: 400,
    expected: issue('', bodyIssueMessages.notObject),
  },
  {
    name: '400: bytes that are not UTF-8',
    request: post(new Uint8Array([0x7b, 0xff, 0x7d])),
    status: 400,
    expected: issue('', bodyIssueMessages.notUtf8),
  },
];

import { expect } from 'vitest';
import { validate } from '../../src/core/validators.js';
import { errorBody } from '../../src/core/errors.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { ContractViolation } from '../../src/http/contract-violation.js';
import { presetOperations } from '../../src/http/store/preset-operations.js';
import type { HandlerOptions } from '../../src/http/types.js';
import { BASE_PATH, type WireRequest, type WireResponse } from './adapters.js';
import { exampleRequest } from './example-request.js';
import {
  MANAGEMENT_KEY,
  OTHER_MANAGEMENT_KEY,
  OTHER_STANDARD_KEY,
  OTHER_WORKSPACE_ID,
  STANDARD_KEY,
  TEST_MAX_BYTES,
  tableOptionsOf,
} from './table-options.js';

export { MANAGEMENT_KEY, STANDARD_KEY, TEST_MAX_BYTES } from './table-options.js';

/** The options every adapter is started with (test/http/table-options.ts), made of the source's parts. */
export function tableOptions(errors: unknown[]): Omit<HandlerOptions, 'basePath'> {
  return tableOptionsOf({ MemoryPresetStore, presetOperations, errorBody }, errors);
}

export interface AdapterCase {
  name: string;
  request: WireRequest;
  status: number;
  check?: (response: WireResponse, errors: readonly unknown[]) => void;
}

const json = { 'content-type': 'application/json' };
const asManagement = { authorization: `Bearer ${MANAGEMENT_KEY}`, ...json };
const asStandard = { authorization: `Bearer ${STANDARD_KEY}`, ...json };
const asOtherManagement = { authorization: `Bearer ${OTHER_MANAGEMENT_KEY}`, ...json };
const asOtherStandard = { authorization: `Bearer ${OTHER_STANDARD_KEY}`, ...json };

/** The version a 200 read answers: who created it tells which workspace's preset it is. */
function versionOf(response: WireResponse) {
  return (JSON.parse(response.body) as { data: { version: number; creator_id: string } }).data;
}

function issuesOf(response: WireResponse) {
  return (JSON.parse(response.body) as ReturnType<typeof errorBody>).error.metadata?.issues;
}

/**
 * Checks every case shares: a JSON content type that a browser may not sniff, and for errors the error body with `code` equal to the status.
 */
export function checkShape(response: WireResponse, status: number): void {
  expect(response.status).toBe(status);
  // Every answer carries the request's id, safe to log (contract: request-id).
  expect(response.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  // No cache keeps an error answer (contract: reading-versions).
  if (status >= 400) expect(response.headers['cache-control']).toBe('no-store');
  if (status === 304) return;
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  if (status >= 400 && response.body !== '') {
    const body: unknown = JSON.parse(response.body);
    expect(validate('error-response', body).ok).toBe(true);
    expect((body as { error: { code: number } }).error.code).toBe(status);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One table, run through every adapter: each status the handler can answer, at least once. */
export const adapterCases: AdapterCase[] = [
  {
    name: '200: a safe X-Request-Id comes back as it was sent',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/providers`,
      headers: { 'x-request-id': 'req-abc.123_XYZ' },
    },
    status: 200,
    check: (response) => expect(response.headers['x-request-id']).toBe('req-abc.123_XYZ'),
  },
  {
    name: '400: an X-Request-Id of 300 characters is replaced by a new UUID',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/long-id/messages`,
      headers: { ...asManagement, 'x-request-id': 'a'.repeat(300) },
      body: '{}',
    },
    status: 400,
    check: (response) => expect(response.headers['x-request-id']).toMatch(UUID),
  },
  {
    name: '404: an X-Request-Id with a space and markup is replaced by a new UUID',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/nowhere`,
      headers: { 'x-request-id': 'id <script>' },
    },
    status: 404,
    check: (response) => expect(response.headers['x-request-id']).toMatch(UUID),
  },
  {
    name: '200: creates a preset whose body is a valid preset-response',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: asManagement,
      body: exampleRequest,
    },
    status: 200,
    check: (response) => {
      const body: unknown = JSON.parse(response.body);
      expect(validate('preset-response', body).ok).toBe(true);
      expect(body).toMatchObject({ data: { slug: 'table', designated_version: { version: 1 } } });
    },
  },
  {
    name: '200: creates with an Idempotency-Key, which the adapter passes on (contract: idempotent-creates)',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table-keyed/messages`,
      headers: { ...asManagement, 'idempotency-key': 'adapter-case-key-1' },
      body: exampleRequest,
    },
    status: 200,
    check: (response) => {
      expect(JSON.parse(response.body)).toMatchObject({ data: { slug: 'table-keyed' } });
      expect(response.headers['retry-after']).toBeUndefined();
    },
  },
  {
    name: '400: an Idempotency-Key of 256 characters, before the body is read',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table-keyed/messages`,
      headers: { ...asManagement, 'idempotency-key': 'k'.repeat(256) },
      body: exampleRequest,
    },
    status: 400,
    check: (response) =>
      expect(issuesOf(response)).toEqual([
        { path: '/Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' },
      ]),
  },
  {
    name: '200: lists providers without a key (GET /providers is public)',
    request: { method: 'GET', path: `${BASE_PATH}/providers` },
    status: 200,
    check: (response) => expect(validate('providers-response', JSON.parse(response.body)).ok).toBe(true),
  },
  {
    name: '401: reading a version without a key',
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/versions/1` },
    status: 401,
    check: (response) => expect(JSON.parse(response.body)).toEqual(errorBody(401)),
  },
  {
    name: '401: an unknown key, before the bad parameter is looked at (contract: authentication)',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/presets/table/versions/01`,
      headers: { authorization: 'Bearer nope' },
    },
    status: 401,
    check: (response) =>
      expect(JSON.parse(response.body)).toEqual({ error: { code: 401, message: 'Invalid API key' } }),
  },
  {
    name: '401: a repeated Authorization header, a valid key first (contract: authentication)',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/presets/table/versions/1`,
      headers: { authorization: [`Bearer ${STANDARD_KEY}`, `Bearer ${MANAGEMENT_KEY}`] },
    },
    status: 401,
    // A repeated header is a malformed key, not a missing one.
    check: (response) =>
      expect(JSON.parse(response.body)).toEqual({ error: { code: 401, message: 'Invalid API key' } }),
  },
  {
    name: '401: a repeated Authorization header, the same valid key twice',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: { ...json, authorization: [`Bearer ${MANAGEMENT_KEY}`, `Bearer ${MANAGEMENT_KEY}`] },
      body: exampleRequest,
    },
    status: 401,
  },
  {
    name: '401: a repeated Authorization header, a valid key then one of another scheme',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/observability/destinations/5b0c3a52-7d6e-4f3a-9c41-2e8f1d6a7b90`,
      headers: { authorization: [`Bearer ${MANAGEMENT_KEY}`, 'Basic dXNlcjpwYXNz'] },
    },
    status: 401,
  },
  {
    name: '200: a repeated Authorization header on a public operation reads as no key',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/providers`,
      headers: { authorization: [`Bearer ${MANAGEMENT_KEY}`, `Bearer ${MANAGEMENT_KEY}`] },
    },
    status: 200,
  },
  {
    name: '400: a repeated Content-Type is no JSON media type, as fetch reads it',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: {
        authorization: `Bearer ${MANAGEMENT_KEY}`,
        'content-type': ['application/json', 'text/plain'],
      },
      body: exampleRequest,
    },
    status: 400,
    check: (response) =>
      expect(issuesOf(response)).toEqual([
        { path: '', message: 'must be sent with Content-Type application/json' },
      ]),
  },
  {
    name: '403: creating with a standard key',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: asStandard,
      body: exampleRequest,
    },
    status: 403,
    check: (response) => expect(JSON.parse(response.body)).toEqual(errorBody(403)),
  },
  {
    name: '400: a body the schema rejects, with its issue',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: asManagement,
      body: '{"model":"m"}',
    },
    status: 400,
    check: (response) => expect(issuesOf(response)).toEqual([{ path: '/messages', message: 'is required' }]),
  },
  {
    name: '400: a version that is not canonical (contract: path-parameters)',
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/versions/01`, headers: asStandard },
    status: 400,
    check: (response) => expect(issuesOf(response)?.[0]?.path).toBe('/version'),
  },
  {
    name: '400: a body that is not sent as JSON',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: { ...asManagement, 'content-type': 'text/plain' },
      body: exampleRequest,
    },
    status: 400,
    check: (response) =>
      expect(issuesOf(response)).toEqual([
        { path: '', message: 'must be sent with Content-Type application/json' },
      ]),
  },
  {
    name: '400: text that is not JSON',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: asManagement,
      body: '{"model":',
    },
    status: 400,
    check: (response) => expect(issuesOf(response)).toEqual([{ path: '', message: 'must be valid JSON' }]),
  },
  {
    name: '404: a path no operation has',
    request: { method: 'GET', path: `${BASE_PATH}/presets` },
    status: 404,
  },
  {
    name: '404: a version that does not exist',
    request: { method: 'GET', path: `${BASE_PATH}/presets/never-created/versions/1`, headers: asStandard },
    status: 404,
  },
  {
    name: "404: another workspace's standard key reads a version the first holds, as one that does not exist",
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/versions/1`, headers: asOtherStandard },
    status: 404,
    check: (response) => expect(JSON.parse(response.body)).toEqual(errorBody(404)),
  },
  {
    name: "200: another workspace's management key creates at the first's slug: a preset of its own, version 1",
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: asOtherManagement,
      body: exampleRequest,
    },
    status: 200,
    check: (response) =>
      expect(JSON.parse(response.body)).toMatchObject({
        data: {
          slug: 'table',
          workspace_id: OTHER_WORKSPACE_ID,
          creator_user_id: 'other-m',
          designated_version: { version: 1, creator_id: 'other-m' },
        },
      }),
  },
  {
    name: "200: the other workspace reads its own version 1 at that slug, not the first's",
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/versions/1`, headers: asOtherStandard },
    status: 200,
    check: (response) => expect(versionOf(response)).toMatchObject({ version: 1, creator_id: 'other-m' }),
  },
  {
    name: '200: the first workspace still reads its own version 1',
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/versions/1`, headers: asStandard },
    status: 200,
    check: (response) => expect(versionOf(response)).toMatchObject({ version: 1, creator_id: 'user-m' }),
  },
  {
    name: "404: the other workspace's create added no version 2 to the first's preset",
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/versions/2`, headers: asStandard },
    status: 404,
  },
  {
    name: '404: a destination id that is not a UUID (its operation lists no 400)',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/observability/destinations/not-a-uuid`,
      headers: asManagement,
    },
    status: 404,
    check: (response) => expect(JSON.parse(response.body)).toEqual(errorBody(404)),
  },
  {
    name: '405: GET on the create path, with Allow: POST',
    request: { method: 'GET', path: `${BASE_PATH}/presets/table/messages`, headers: asManagement },
    status: 405,
    check: (response) => {
      expect(response.headers['allow']).toBe('POST');
      expect(JSON.parse(response.body)).toEqual({ error: { code: 405, message: 'Method Not Allowed' } });
    },
  },
  {
    name: '405: DELETE on the providers path, with Allow: GET, HEAD',
    request: { method: 'DELETE', path: `${BASE_PATH}/providers` },
    status: 405,
    check: (response) => expect(response.headers['allow']).toBe('GET, HEAD'),
  },
  {
    name: '200: HEAD gets what GET gets, without the body (RFC 9110)',
    request: { method: 'HEAD', path: `${BASE_PATH}/providers` },
    status: 200,
    check: (response) => expect(response.body).toBe(''),
  },
  {
    name: '304: a version read again with If-None-Match, no body and no length of 0 (RFC 9110)',
    request: {
      method: 'GET',
      path: `${BASE_PATH}/presets/table/versions/1`,
      headers: { ...asStandard, 'if-none-match': '*' },
    },
    status: 304,
    check: (response) => {
      expect(response.body).toBe('');
      expect(response.headers['content-length']).toBeUndefined();
      expect(response.headers['etag']).toMatch(/^"[0-9a-f-]{36}"$/);
    },
  },
  {
    name: '401: HEAD on a version without a key, without the body',
    request: { method: 'HEAD', path: `${BASE_PATH}/presets/table/versions/1` },
    status: 401,
    check: (response) => expect(response.body).toBe(''),
  },
  {
    name: '409: a create that lost the compare-and-set (contract: preset-versions)',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/contested/messages`,
      headers: asManagement,
      body: exampleRequest,
    },
    status: 409,
    check: (response) => expect(JSON.parse(response.body)).toEqual(errorBody(409)),
  },
  {
    name: '503: a create the preset store has no room for, with Retry-After (contract: overload)',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/full/messages`,
      headers: asManagement,
      body: exampleRequest,
    },
    status: 503,
    check: (response) => {
      expect(response.headers['retry-after']).toBe('60');
      expect(JSON.parse(response.body)).toEqual(errorBody(503));
    },
  },
  {
    name: '413: a body one byte over the limit (contract: body-limits)',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/table/messages`,
      headers: asManagement,
      body: `{"model":"m","messages":[],"metadata":{"pad":"${'x'.repeat(TEST_MAX_BYTES)}"}}`,
    },
    status: 413,
    check: (response) => expect(JSON.parse(response.body)).toEqual(errorBody(413)),
  },
  {
    name: '500: an implementation that throws, with nothing of the error in the body',
    request: {
      method: 'POST',
      path: `${BASE_PATH}/presets/explode/messages`,
      headers: asManagement,
      body: exampleRequest,
    },
    status: 500,
    check: (response, errors) => {
      expect(response.body).toBe(JSON.stringify(errorBody(500)));
      expect(errors).toHaveLength(1);
      expect((errors[0] as Error).message).toContain('db-7.internal');
    },
  },
  {
    name: '500: an implementation whose body breaks the response schema (development mode)',
    request: { method: 'GET', path: `${BASE_PATH}/models/broken/model/endpoints` },
    status: 500,
    check: (response, errors) => {
      expect(response.body).toBe(JSON.stringify(errorBody(500)));
      expect(errors).toEqual([expect.any(ContractViolation)]);
      expect((errors[0] as ContractViolation).issues.length).toBeGreaterThan(0);
    },
  },
];

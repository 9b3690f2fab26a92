import { connect } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { createGatewayMetrics } from '../../src/gateway/metrics.js';
import { secretsToRedact } from '../../src/gateway/redact.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import type { PresetStore } from '../../src/http/store/preset-store.js';
import { PresetStoreUnavailable } from '../../src/http/store/preset-store-unavailable.js';
import { exampleRequest } from '../http/example-request.js';
import { capturedLog } from './captured-log.js';

/*
 * The reference gateway's log in JSON (contract: log-format): every line of a run through each operation, the
 * operator endpoints, a 304, a 400, a 404, a 500 and a store fault is one object with pino's fields, each request
 * line with its id (contract: request-id), and no line holds a key or the database's password.
 */

const MANAGEMENT = 'json-log-management-key-0123';
const STANDARD = 'json-log-standard-key-4567';
const PASSWORD = 'db-password-Zq9-never-logged';
const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT, GATEWAY_API_KEY: STANDARD });
const asManagement = { authorization: `Bearer ${MANAGEMENT}`, 'content-type': 'application/json' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** A memory store that throws `failure` on every call while it is set: a database gone, or a driver's bug. */
function switchableStore(): { store: PresetStore; fail(error: Error | null): void } {
  const memory = new MemoryPresetStore();
  let failure: Error | null = null;
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      failure === null ? call(...args) : Promise.reject(failure);
  return {
    store: {
      getPreset: guarded((key) => memory.getPreset(key)),
      getVersion: guarded((key, version) => memory.getVersion(key, version)),
      compareAndSet: guarded((key, expected, preset) => memory.compareAndSet(key, expected, preset)),
    },
    fail: (error) => (failure = error),
  };
}

interface JsonLine {
  level: number;
  time: number;
  pid: number;
  hostname: string;
  msg: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  trace_id?: string;
  span_id?: string;
}

const switchable = switchableStore();
const log = capturedLog('json', (text) => secrets.redact(text));
const secrets = secretsToRedact();
let gateway: RunningGateway;
let lines: JsonLine[] = [];
let rawLines: string[] = [];
const answers: Array<{ what: string; status: number; id: string | null }> = [];
const startedAt = Date.now();

async function send(what: string, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${gateway.origin}${path}`, init);
  await response.arrayBuffer();
  answers.push({ what, status: response.status, id: response.headers.get('x-request-id') });
  return response;
}

/** A request on a connection of its own, as bytes: an id no fetch would send. */
function sendRaw(path: string, idHeader: string): Promise<string> {
  const { port } = new URL(gateway.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${idHeader}\r\n\r\n`);
  });
}

beforeAll(async () => {
  secrets.add(MANAGEMENT, STANDARD, PASSWORD);
  gateway = await startGateway({
    keys,
    port: 0,
    presets: switchable.store,
    metrics: await createGatewayMetrics(),
    log: log.log,
  });
  const base = '/api/v1';
  const body = { ...JSON.parse(exampleRequest), tempreature: 0.2 };
  const created = await send('create', `${base}/presets/json-log/messages`, {
    method: 'POST',
    headers: { ...asManagement, 'x-request-id': 'req-abc.123_XYZ', traceparent: TRACEPARENT },
    body: JSON.stringify(body),
  });
  expect(created.status).toBe(200);
  const version = await send('version', `${base}/presets/json-log/versions/1?secret=${MANAGEMENT}`, {
    headers: asManagement,
  });
  await send('version again', `${base}/presets/json-log/versions/1`, {
    headers: { ...asManagement, 'if-none-match': version.headers.get('etag') ?? '' },
  });
  await send('endpoints', `${base}/models/${bundledCatalog.models[0]!.id}/endpoints`);
  await send('destination', `${base}/observability/destinations/${bundledCatalog.destinations[0]!.id}`, {
    headers: asManagement,
  });
  await send('providers', `${base}/providers?page=2`, {
    headers: { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
  });
  await send('healthz', '/healthz', { headers: { 'x-request-id': 'probe-1' } });
  await send('readyz', '/readyz');
  await send('metrics', '/metrics');
  await send('page', `${base}/docs`, { redirect: 'manual' });
  await send('404', `${base}/nowhere`, { headers: { 'x-request-id': 'h'.repeat(300) } });
  await send('400', `${base}/presets/bad/messages`, { method: 'POST', headers: asManagement, body: '{}' });
  switchable.fail(
    new PresetStoreUnavailable('PostgreSQL', new Error(`password authentication failed: ${PASSWORD}`)),
  );
  await send('store down', `${base}/presets/json-log/messages`, {
    method: 'POST',
    headers: asManagement,
    body: exampleRequest,
  });
  switchable.fail(new Error(`driver bug near postgres://app:${PASSWORD}@db/presets`));
  await send('500', `${base}/presets/json-log/versions/1`, {
    headers: { ...asManagement, 'x-request-id': 'five-hundred' },
  });
  switchable.fail(null);
  await send('store back', `${base}/presets/json-log/versions/1`, { headers: asManagement });
  // Node's parser answers a control character in a header 400 itself, before the gateway sees the request.
  expect(await sendRaw('/api/v1/providers', 'X-Request-Id: bell\u0007id')).toMatch(/^HTTP\/1\.1 400 /);
  const longId = await sendRaw('/api/v1/providers', `X-Request-Id: ${'n'.repeat(300)}`);
  expect(/^x-request-id: (.*)\r$/im.exec(longId)?.[1]).toMatch(UUID);
  await gateway.close();
  rawLines = log.lines();
  lines = rawLines.map((line) => JSON.parse(line) as JsonLine);
});
afterAll(() => gateway?.close());

describe('the JSON log (contract: log-format)', () => {
  it("writes every line as one JSON object with pino's fields", () => {
    expect(rawLines.length).toBeGreaterThan(answers.length);
    for (const line of lines) {
      expect([30, 40, 50]).toContain(line.level);
      expect(line.time).toBeGreaterThanOrEqual(startedAt);
      expect(line.time).toBeLessThanOrEqual(Date.now());
      expect(line.pid).toBe(process.pid);
      expect(line.hostname).toBe(hostname());
      expect(typeof line.msg).toBe('string');
    }
    // pino's order, which its tools and a reader's eye expect: the four first, `msg` last.
    for (const raw of rawLines) {
      expect(Object.keys(JSON.parse(raw) as object).slice(0, 4)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
      ]);
      expect(Object.keys(JSON.parse(raw) as object).at(-1)).toBe('msg');
    }
  });

  it('writes one request line per answer, with its id, method, path without query, status and time', () => {
    const requests = lines.filter((line) => line.msg === 'request completed');
    expect(requests.map((line) => line.res?.statusCode)).toEqual([
      ...answers.map((answer) => answer.status),
      200,
    ]);
    answers.forEach((answer, index) => {
      const line = requests[index]!;
      expect(line.req?.id, answer.what).toBe(answer.id);
      expect(line.req?.method).toMatch(/^(GET|POST)$/);
      expect(line.req?.url).toMatch(/^\/[^?#\s]*$/);
      expect(typeof line.responseTime).toBe('number');
      expect(line.level).toBe(answer.status >= 500 ? 50 : 30);
    });
    expect(requests[0]).toMatchObject({
      req: { id: 'req-abc.123_XYZ', method: 'POST', url: '/api/v1/presets/json-log/messages' },
      res: { statusCode: 200 },
    });
    expect(requests[1]!.req?.url).toBe('/api/v1/presets/json-log/versions/1');
    expect(requests.find((line) => line.req?.id === 'probe-1')?.req?.url).toBe('/healthz');
  });

  it('answers every request with an id: the client safe one as sent, else a new UUID', () => {
    for (const answer of answers) expect(answer.id, answer.what).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    expect(answers.find((answer) => answer.what === '404')?.id).toMatch(UUID);
    expect(answers.find((answer) => answer.what === 'readyz')?.id).toMatch(UUID);
    expect(answers.find((answer) => answer.what === '500')?.id).toBe('five-hundred');
  });

  it("puts a valid traceparent's trace and span ids in the line, and ignores an invalid one", () => {
    const [create] = lines.filter((line) => line.msg === 'request completed');
    expect(create).toMatchObject({
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      span_id: '00f067aa0ba902b7',
    });
    const providers = lines.find((line) => line.req?.url === '/api/v1/providers');
    expect(providers).toBeDefined();
    expect(providers).not.toHaveProperty('trace_id');
    expect(lines.filter((line) => line.trace_id !== undefined)).toHaveLength(1);
  });

  it("writes a 500's cause at error level with the id its answer carried", () => {
    const cause = lines.find((line) => line.msg.startsWith('error in getPresetVersion'));
    expect(cause).toMatchObject({ level: 50, req: { id: 'five-hundred' } });
    expect(cause?.msg).toContain('driver bug near postgres://app:[redacted]@db/presets');
  });

  it('writes the store going down at error level and coming back at info, and the dropped field as a warning', () => {
    const down = lines.find((line) => line.msg.includes('password authentication failed'));
    expect(down?.level).toBe(50);
    expect(down?.msg).toContain('[redacted]');
    expect(lines.find((line) => line.msg === 'the preset store answers again')?.level).toBe(30);
    expect(
      lines.find((line) => line.msg === 'preset json-log: dropped unknown fields tempreature')?.level,
    ).toBe(40);
  });

  it('never writes a key, the password, a query or a hostile id', () => {
    const all = rawLines.join('\n');
    for (const secret of [
      MANAGEMENT,
      STANDARD,
      PASSWORD,
      'page=2',
      'secret=',
      'h'.repeat(129),
      'n'.repeat(129),
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain('bell');
    // JSON escapes every control character, so a line holds none (it would end a line or move a terminal's cursor).
    for (const line of rawLines) expect([...line].some((character) => character < ' ')).toBe(false);
  });
});

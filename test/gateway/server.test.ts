import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { exampleRequest } from '../http/example-request.js';
import { capturedLog } from './captured-log.js';

const keys = gatewayKeys({
  GATEWAY_MANAGEMENT_KEY: 'server-test-management',
  GATEWAY_API_KEY: 'server-test-standard',
});
const headers = { authorization: 'Bearer server-test-management', 'content-type': 'application/json' };
let gateway: RunningGateway | undefined;
afterEach(() => gateway?.close());

/** A store whose every call waits until the test lets it go: a request held in flight. */
function heldStore() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered: () => void = () => {};
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const store = new MemoryPresetStore({
    latency: () => {
      entered();
      return held;
    },
  });
  return { store, reached, release };
}

describe('the reference gateway server', () => {
  it('logs one line per request: method, path, status and duration, never a key or a body', async () => {
    const log = capturedLog();
    gateway = await startGateway({ keys, port: 0, log: log.log });
    await fetch(`${gateway.baseUrl}/presets/logged/messages`, {
      method: 'POST',
      headers,
      body: exampleRequest,
    });
    await fetch(`${gateway.baseUrl}/providers?page=2`);
    await fetch(`${gateway.baseUrl}/nowhere`);
    const lines = log.lines();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/ POST \/api\/v1\/presets\/logged\/messages 200 [\d.]+ ms$/);
    expect(lines[1]).toMatch(/ GET \/api\/v1\/providers 200 [\d.]+ ms$/);
    expect(lines[2]).toMatch(/ GET \/api\/v1\/nowhere 404 [\d.]+ ms$/);
    const all = lines.join('\n');
    expect(all).not.toContain('server-test-management');
    expect(all).not.toContain('careful code reviewer');
  });

  it('logs the names of the unknown fields a create dropped, never their values', async () => {
    const log = capturedLog();
    gateway = await startGateway({ keys, port: 0, log: log.log });
    const body = { ...JSON.parse(exampleRequest), tempreature: 'secret-ish 0.2', 'bad\nname': 1 };
    const response = await fetch(`${gateway.baseUrl}/presets/typo/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const lines = log.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ preset typo: dropped unknown fields tempreature, bad%0Aname$/);
    expect(lines.join('\n')).not.toContain('secret-ish');
  });

  it('finishes a request in flight when closed, and takes no new connection meanwhile', async () => {
    const { store, reached, release } = heldStore();
    gateway = await startGateway({ keys, port: 0, presets: store });
    const inFlight = fetch(`${gateway.baseUrl}/presets/held/messages`, {
      method: 'POST',
      headers,
      body: exampleRequest,
    });
    await reached;
    const closed = gateway.close();
    await expect(fetch(`${gateway.baseUrl}/providers`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { slug: 'held' } });
    await closed;
    expect(gateway.server.listening).toBe(false);
  });

  it('writes what an implementation got wrong to the log, and only a bare 500 to the client', async () => {
    const log = capturedLog();
    const failing = new MemoryPresetStore({ latency: () => Promise.reject(new Error('disk full')) });
    gateway = await startGateway({ keys, port: 0, presets: failing, log: log.log });
    const response = await fetch(`${gateway.baseUrl}/presets/failing/versions/1`, { headers });
    expect(await response.json()).toEqual({ error: { code: 500, message: 'Internal Server Error' } });
    expect(log.lines()[0]).toBe('error in getPresetVersion (implementation): Error: disk full');
  });
});

describe('the reference gateway and a body that trickles (contract: overload)', () => {
  it('cuts a create whose body trickles below the least rate with 408, at the default rate, and serves the next', async () => {
    gateway = await startGateway({ keys, port: 0, connections: { bodyRateGraceMs: 500 } });
    const { hostname, port, pathname } = new URL(gateway.baseUrl);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = once(socket, 'close');
    await once(socket, 'connect');
    socket.write(
      `POST ${pathname}/presets/trickled/messages HTTP/1.1\r\nhost: t\r\nauthorization: ${headers.authorization}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(exampleRequest)}\r\n\r\n`,
    );
    // A byte every 200 ms, 5 bytes/s, for at most 20 s: the server closes the connection long before.
    for (let i = 0; i < 100 && !socket.destroyed && received === ''; i++) {
      socket.write(exampleRequest[i] ?? ' ');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (received === '') socket.destroy();
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('{"error":{"code":408,"message":"Request Timeout"}}');
    const next = await fetch(`${gateway.baseUrl}/presets/trickled/messages`, {
      method: 'POST',
      headers,
      body: exampleRequest,
    });
    expect(next.status).toBe(200);
  }, 30_000);
});

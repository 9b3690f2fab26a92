import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { exampleRequest } from '../http/example-request.js';
import { BUNDLED_BIN, root, startServe, type Started } from './serve-process.js';

/*
 * The built `serve` writing to a pipe, as in a container (contract: log-format): every line of its standard
 * output is a JSON object, the banner's included, and no line holds a key from the environment or a hostile id;
 * `--log-format text` and a terminal keep the human lines.
 */

const MANAGEMENT = 'process-json-management-key';
const STANDARD = 'process-json-standard-key';
const keys = { GATEWAY_MANAGEMENT_KEY: MANAGEMENT, GATEWAY_API_KEY: STANDARD };
const asManagement = { authorization: `Bearer ${MANAGEMENT}`, 'content-type': 'application/json' };
const hasScript = spawnSync('script', ['--version']).status === 0;

let started: Started | undefined;
afterEach(() => {
  if (started?.child.exitCode === null) started.child.kill('SIGKILL');
});

interface Line {
  level: number;
  time: number;
  pid: number;
  hostname: string;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  trace_id?: string;
}

/** Bytes on a connection of its own: a header no fetch would send. */
function sendRaw(origin: string, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
    socket.write(head);
  });
}

describe('serve with its standard output a pipe', () => {
  it('writes every line as JSON with the fields, each request with its id, and no key', async () => {
    // An empty GATEWAY_LOG_FORMAT is no choice: the pipe's default, JSON, holds.
    started = await startServe({ ...keys, GATEWAY_LOG_FORMAT: '' }, ['--memory']);
    const banner = started
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
    const listening = banner.find((line) =>
      line.msg.startsWith('gateway-contract reference gateway listening on'),
    );
    const base = listening!.msg.split(' ').at(-1)!;
    const origin = new URL(base).origin;
    const sent: Array<{ id: string | null; status: number }> = [];
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      sent.push({ id: response.headers.get('x-request-id'), status: response.status });
    };
    await send(`${base}/presets/process-json/messages`, {
      method: 'POST',
      headers: {
        ...asManagement,
        'x-request-id': 'req-abc.123_XYZ',
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      },
      body: exampleRequest,
    });
    await send(`${base}/presets/process-json/versions/1?token=${MANAGEMENT}`, { headers: asManagement });
    await send(`${base}/models/${bundledCatalog.models[0]!.id}/endpoints`);
    await send(`${base}/observability/destinations/${bundledCatalog.destinations[0]!.id}`, {
      headers: asManagement,
    });
    await send(`${base}/providers`, { headers: { 'x-request-id': 'x'.repeat(300) } });
    await send(`${origin}/healthz`);
    await send(`${origin}/readyz`);
    await send(`${base}/presets/process-json/messages`, {
      method: 'POST',
      headers: asManagement,
      body: '{}',
    });
    const raw = await sendRaw(
      origin,
      `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Request-Id: line\nbreak-id\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);

    const output = started.output();
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
    for (const line of lines) {
      expect([30, 40, 50]).toContain(line.level);
      expect(Number.isSafeInteger(line.time)).toBe(true);
      expect(line.pid).toBe(started.child.pid);
      expect(typeof line.hostname).toBe('string');
      expect(typeof line.msg).toBe('string');
    }
    const requests = lines.filter((line) => line.msg === 'request completed');
    expect(requests.map((line) => [line.req?.id, line.res?.statusCode])).toEqual(
      sent.map(({ id, status }) => [id, status]),
    );
    expect(requests[0]).toMatchObject({
      req: { id: 'req-abc.123_XYZ', method: 'POST', url: '/api/v1/presets/process-json/messages' },
      res: { statusCode: 200 },
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(requests[1]!.req?.url).toBe('/api/v1/presets/process-json/versions/1');
    for (const line of requests) expect(typeof line.responseTime).toBe('number');
    expect(sent[4]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.at(-1)?.msg).toBe('Stopped.');
    for (const text of [MANAGEMENT, STANDARD, 'token=', 'x'.repeat(129), 'break-id']) {
      expect(output).not.toContain(text);
    }
  });

  it('keeps the human lines with --log-format text, which wins over GATEWAY_LOG_FORMAT', async () => {
    started = await startServe({ ...keys, GATEWAY_LOG_FORMAT: 'json' }, ['--memory', '--log-format', 'text']);
    expect(started.banner).toMatch(/^gateway-contract reference gateway listening on http:\/\//m);
    expect(started.banner).toContain('  management (from GATEWAY_MANAGEMENT_KEY)\n');
    await fetch(`${started.baseUrl}/providers?page=1`);
    started.child.kill('SIGTERM');
    await started.exited;
    expect(started.output()).toMatch(/^\S+Z GET \/api\/v1\/providers 200 [\d.]+ ms$/m);
    expect(started.output()).not.toMatch(/^\{/m);
  });
});

describe('serve on a terminal', () => {
  it.skipIf(!hasScript)('prints the human lines, as npm start always has', async () => {
    const command = `PORT=0 GATEWAY_LOG_FORMAT= "${process.execPath}" ${BUNDLED_BIN} serve --memory`;
    // util-linux `script` gives the gateway a pseudo-terminal as its standard output.
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      env: { PATH: process.env['PATH'], ...keys },
      detached: true,
    });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('One log line per request follows')) resolve();
        });
        child.once('close', () => reject(new Error(`serve on a terminal ended:\n${output}`)));
      });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
    expect(output).toMatch(/^gateway-contract reference gateway listening on http:\/\//m);
    expect(output).not.toMatch(/^\{"level"/m);
  });
});

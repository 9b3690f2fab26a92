import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import { resolvedConnectionLimits, type ConnectionLimits } from '../../src/http/node/connection-limits.js';
import { createBodyBudget, createBodyTurns, type BodyBudget } from '../../src/http/node/body-budget.js';
import { createHandler } from '../../src/http/handler.js';
import { createNodeListener, nodeServeBounds, serveNodeRequest } from '../../src/http/node/node-listener.js';
import { applyConnectionLimits, createNodeServer } from '../../src/http/node/node-server.js';
import { MAX_PIPELINED, PAUSE_PIPELINED } from '../../src/http/node/request-order.js';
import { MANAGEMENT_KEY, tableOptions } from './adapter-cases.js';
import { exampleRequest } from './example-request.js';

/*
 * The connection layer under hostile clients (contract: overload): early rejections reach the client, keep-alive
 * and pipelining survive them, and the connection cap and the body budget refuse with clear answers. Raw sockets
 * stand in for clients, so every byte on the wire is the test's own.
 */

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(limits: ConnectionLimits = {}): Promise<number> {
  server = createNodeServer({ ...tableOptions([]), basePath: '/api/v1' }, limits);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw connection that collects what the server sends and parses whole responses off it. */
function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    wake();
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
    wake();
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));

  /** The next whole response, or undefined once the connection closes without one. */
  function takeResponse(): RawResponse | undefined {
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine = '', ...lines] = received.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (received.length < headEnd + 4 + length) return undefined;
    const body = received.slice(headEnd + 4, headEnd + 4 + length);
    received = received.slice(headEnd + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  return {
    socket,
    connected,
    /** Waits for the next response; undefined if the connection closed first. */
    async next(): Promise<RawResponse | undefined> {
      for (;;) {
        const response = takeResponse();
        if (response !== undefined || closed) return response;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    /** Resolves once the server has closed the connection. */
    async closedByServer(): Promise<void> {
      while (!closed) await new Promise<void>((resolve) => (wake = resolve));
    },
  };
}

const createPath = (slug: string) => `/api/v1/presets/${slug}/messages`;

function post(slug: string, key: string, body: string, extra = ''): string {
  return (
    `POST ${createPath(slug)} HTTP/1.1\r\nhost: t\r\nauthorization: Bearer ${key}\r\n` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`
  );
}

/** A keyed create that declares twice `length` bytes and sends `length`, so that its body's `length` bytes are held. */
function bodyThatNeverEnds(length: number): string {
  const sent = `{${' '.repeat(length - 1)}`;
  return post('never-ends', MANAGEMENT_KEY, sent).replace(
    /content-length: \d+/,
    `content-length: ${2 * length}`,
  );
}

/** That request on a connection of its own: it stays in progress, its bytes held, until the test ends. */
async function startBodyThatNeverEnds(port: number, length: number): Promise<void> {
  const client = open(port);
  await client.connected;
  client.socket.write(bodyThatNeverEnds(length));
  await once(server!, 'request');
}

/** Raw request bytes on a connection of their own: that connection, and the first answer on it. */
async function sendOnNewConnection(port: number, raw: string) {
  const client = open(port);
  await client.connected;
  client.socket.write(raw);
  return { client, answer: await client.next() };
}

/** A create of the example request on a connection of its own. */
const createOnNewConnection = (port: number, slug: string) =>
  sendOnNewConnection(port, post(slug, MANAGEMENT_KEY, exampleRequest));

describe('rejections reach the client', () => {
  it('answers a large upload 413 and reads the rest, so fetch sees the status and no broken pipe', async () => {
    const port = await start();
    const body = new Uint8Array(12 * 1024 * 1024).fill(0x20);
    for (const key of [MANAGEMENT_KEY, 'not-a-key']) {
      const response = await fetch(`http://127.0.0.1:${port}${createPath('large')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(key === MANAGEMENT_KEY ? 413 : 401);
      expect(response.headers.get('connection')).toBe('close');
      expect((await response.json()) as unknown).toMatchObject({ error: { code: response.status } });
    }
  });

  it('answers an Expect: 100-continue request with the rejection, never 100 Continue', async () => {
    const port = await start();
    const client = open(port);
    await client.connected;
    client.socket.write(
      `POST ${createPath('expecting')} HTTP/1.1\r\nhost: t\r\nauthorization: Bearer not-a-key\r\n` +
        'content-type: application/json\r\ncontent-length: 10485760\r\nexpect: 100-continue\r\n\r\n',
    );
    const response = await client.next();
    expect(response?.status).toBe(401);
    expect(response?.headers['connection']).toBe('close');
  });

  it('sends 100 Continue to an Expect request that passes the checks, then reads its body', async () => {
    const port = await start();
    const client = open(port);
    await client.connected;
    client.socket.write(
      `POST ${createPath('continued')} HTTP/1.1\r\nhost: t\r\nauthorization: Bearer ${MANAGEMENT_KEY}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(exampleRequest)}\r\n` +
        'expect: 100-continue\r\n\r\n',
    );
    expect((await client.next())?.status).toBe(100);
    client.socket.write(exampleRequest);
    expect((await client.next())?.status).toBe(200);
  });

  it('keeps the connection open after an early rejection of a small body, for the request behind it', async () => {
    const port = await start();
    const client = open(port);
    await client.connected;
    client.socket.write(
      post('small', 'not-a-key', exampleRequest) + 'GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n\r\n',
    );
    const rejected = await client.next();
    expect(rejected?.status).toBe(401);
    expect(rejected?.headers['connection']).not.toBe('close');
    expect((await client.next())?.status).toBe(200);
  });
});

describe('pipelined requests', () => {
  it('take effect in order: a GET pipelined behind the POST that creates a preset sees it', async () => {
    const port = await start();
    const client = open(port);
    await client.connected;
    client.socket.write(
      post('pipelined', MANAGEMENT_KEY, exampleRequest) +
        `GET /api/v1/presets/pipelined/versions/1 HTTP/1.1\r\nhost: t\r\nauthorization: Bearer ${MANAGEMENT_KEY}\r\n\r\n`,
    );
    expect((await client.next())?.status).toBe(200);
    expect((await client.next())?.status).toBe(200);
  });
});

describe('connection bounds', () => {
  it('closes a connection that pipelines more requests than it waits for', async () => {
    const port = await start();
    const client = open(port);
    await client.connected;
    client.socket.write('GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n\r\n'.repeat(MAX_PIPELINED * 4));
    await client.closedByServer();
    let answered = 0;
    while ((await client.next()) !== undefined) answered++;
    expect(answered).toBeLessThanOrEqual(MAX_PIPELINED);
  });

  it('stops parsing a connection it closed, instead of making a request of every one left in the chunk', async () => {
    const port = await start();
    let seen = 0;
    server!.on('request', () => seen++);
    const client = open(port);
    await client.connected;
    client.socket.write('GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n\r\n'.repeat(MAX_PIPELINED * 40));
    await client.closedByServer();
    expect(seen).toBe(MAX_PIPELINED + 1);
  });

  it('stops reading a connection while requests wait on it, and reads on once they are answered', async () => {
    const port = await start();
    const pausedAt: boolean[] = [];
    server!.on('request', (request: IncomingMessage) => pausedAt.push(request.socket.isPaused()));
    const client = open(port);
    await client.connected;
    const get = 'GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n\r\n';
    client.socket.write(get.repeat(PAUSE_PIPELINED + 2));
    for (let i = 0; i < PAUSE_PIPELINED + 2; i++) expect((await client.next())?.status).toBe(200);
    expect(pausedAt.slice(0, PAUSE_PIPELINED - 1)).not.toContain(true);
    expect(pausedAt[PAUSE_PIPELINED - 1]).toBe(true);
    client.socket.write(get);
    expect((await client.next())?.status).toBe(200);
  });

  it('closes the longest-idle connection when a new one passes the cap, so a real request is served', async () => {
    const port = await start({ maxConnections: 2 });
    const idle = [open(port), open(port)];
    await Promise.all(idle.map((client) => client.connected));
    const client = open(port);
    await client.connected;
    client.socket.write('GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n\r\n');
    expect((await client.next())?.status).toBe(200);
    await idle[0]!.closedByServer();
  });

  it('closes a new connection past the cap when every open one has a request in progress', async () => {
    const port = await start({ maxConnections: 1 });
    await startBodyThatNeverEnds(port, 100);
    const refused = open(port);
    await refused.closedByServer();
    expect(await refused.next()).toBeUndefined();
  });

  it('refuses a body past the bytes in flight with 503 and Retry-After while another body is held', async () => {
    const port = await start({ maxBodyBytesInFlight: 1024 });
    await startBodyThatNeverEnds(port, 1000);
    const { answer: refused } = await createOnNewConnection(port, 'second');
    expect(refused?.status).toBe(503);
    expect(refused?.headers['retry-after']).toBe('60');
    expect(JSON.parse(refused?.body ?? '')).toEqual(errorBody(503));
  });

  it('gives the Node listener the body budget, and a server of its own the server bounds', async () => {
    server = applyConnectionLimits(
      createServer(
        createNodeListener({ ...tableOptions([]), basePath: '/api/v1' }, { maxBodyBytesInFlight: 1024 }),
      ),
    );
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([
      10_000, 30_000, 5_000,
    ]);
    expect(server.maxRequestsPerSocket).toBe(1_000);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await startBodyThatNeverEnds(port, 1000);
    const { client: probe, answer: refused } = await createOnNewConnection(port, 'second');
    expect(refused?.status).toBe(503);
    probe.socket.write('GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n\r\n');
    expect((await probe.next())?.status).toBe(200);
  });

  it('rejects a nonsense bound when the server is made', () => {
    expect(() => createNodeServer({ ...tableOptions([]) }, { maxConnections: 0 })).toThrow(RangeError);
  });
});

describe('the budget of body bytes in flight', () => {
  /** A server of the listener's per-request bounds whose budget the test reads. */
  async function startWatched(maxBodyBytesInFlight: number) {
    const bounds = nodeServeBounds(resolvedConnectionLimits({ maxBodyBytesInFlight }));
    const handler = createHandler({ ...tableOptions([]), basePath: '/api/v1' });
    server = createServer((request, response) => {
      serveNodeRequest(handler, request, response, {}, bounds).catch(() => response.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, budget: bounds.budget };
  }

  it("takes a body's bytes as they arrive, not its declared length, and gives them back when it breaks off", async () => {
    const { port, budget } = await startWatched(64 * 1024);
    const client = open(port);
    await client.connected;
    client.socket.write(bodyThatNeverEnds(1000));
    await vi.waitFor(() => expect(budget.held).toBe(1000));
    client.socket.write(' '.repeat(500));
    await vi.waitFor(() => expect(budget.held).toBe(1500));
    client.socket.destroy();
    await vi.waitFor(() => expect(budget.held).toBe(0));
  });

  it('holds nothing for a request without a valid key, nor for a body on a route that takes none', async () => {
    const { port, budget } = await startWatched(64 * 1024);
    const declared = 'content-length: 4194304\r\n';
    const heads = [
      `POST ${createPath('no-key')} HTTP/1.1\r\nhost: t\r\ncontent-type: application/json\r\n${declared}\r\n`,
      post('wrong-key', 'not-a-key', '').replace('content-length: 0\r\n', declared),
      `GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n${declared}\r\n`,
    ];
    const clients = heads.map(() => open(port));
    await Promise.all(clients.map((client) => client.connected));
    clients.forEach((client, i) => client.socket.write(`${heads[i]}{${' '.repeat(2000)}`));
    const answers = await Promise.all(clients.map((client) => client.next()));
    expect(answers.map((answer) => [answer?.status, answer?.headers['connection']])).toEqual([
      [401, 'close'],
      [401, 'close'],
      [200, 'close'],
    ]);
    // Their bodies go on arriving during the lingering close, which discards them and takes none of the budget.
    for (const client of clients) client.socket.write(' '.repeat(64 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(budget.held).toBe(0);
    // A create that comes meanwhile holds its own bytes until it is answered, then none.
    expect((await createOnNewConnection(port, 'beside')).answer?.status).toBe(200);
    expect(budget.held).toBe(0);
  });

  it("lets a body alone go past the budget, and refuses another's bytes while it holds them", () => {
    const budget = createBodyBudget(1024);
    const first = budget.hold();
    const second = budget.hold();
    expect(first.take(600)).toBe(true);
    expect(second.take(400)).toBe(true);
    expect(first.take(100)).toBe(false);
    expect(budget.held).toBe(1000);
    second.release();
    second.release();
    expect(first.take(4096)).toBe(true);
    expect(second.take(1)).toBe(false);
    first.release();
    expect(budget.held).toBe(0);
    expect(second.take(1)).toBe(true);
  });
});

describe("a key's share of the budget, and a body that stops arriving", () => {
  const OTHER_MANAGEMENT_KEY = 'test-other-management-key';

  /** A server whose resolver knows a second management key, beside the table's keys. */
  async function startTwoKeys(limits: ConnectionLimits): Promise<number> {
    const options = tableOptions([]);
    const other = { kind: 'management', userId: 'user-other', workspaceId: null } as const;
    server = createNodeServer(
      {
        ...options,
        basePath: '/api/v1',
        resolveKey: (key) => (key === OTHER_MANAGEMENT_KEY ? other : options.resolveKey(key)),
      },
      limits,
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('defaults the share of a key to a quarter of the bytes in flight, whichever those are', () => {
    expect(resolvedConnectionLimits().maxBodyBytesPerKey).toBe(16 * 1024 * 1024);
    expect(resolvedConnectionLimits({ maxBodyBytesInFlight: 1000 }).maxBodyBytesPerKey).toBe(250);
    expect(resolvedConnectionLimits({ maxBodyBytesPerKey: 7 }).maxBodyBytesPerKey).toBe(7);
    expect(resolvedConnectionLimits().bodyIdleTimeoutMs).toBe(10_000);
    expect(resolvedConnectionLimits().minBodyBytesPerSecond).toBe(240);
    expect(resolvedConnectionLimits().bodyRateGraceMs).toBe(5_000);
    expect(resolvedConnectionLimits({ minBodyBytesPerSecond: 0 }).minBodyBytesPerSecond).toBe(0);
    expect(() => resolvedConnectionLimits({ bodyRateGraceMs: 0 })).toThrow(RangeError);
    expect(() => resolvedConnectionLimits({ maxBodyBytesPerKey: 0 })).toThrow(RangeError);
  });

  it("refuses a key's bytes past its share while leaving the rest of the budget to other keys", () => {
    const budget = createBodyBudget(1000, { perKey: 300 });
    const first = budget.hold('a');
    const second = budget.hold('a');
    expect(first.take(200)).toBe(true);
    expect(second.take(101)).toBe(false);
    expect(second.take(100)).toBe(true);
    // Another key, and a body that counts against no key, take from what is left of the budget.
    const other = budget.hold('b');
    expect(other.take(300)).toBe(true);
    expect(budget.hold().take(400)).toBe(true);
    expect(budget.held).toBe(1000);
    first.release();
    expect(budget.hold('a').take(200)).toBe(true);
    // A key's body alone goes past its share, as a body alone goes past the budget.
    const alone = budget.hold('c');
    other.release();
    expect(alone.take(300)).toBe(true);
    expect(alone.take(1)).toBe(false);
  });

  it('defaults the share of a workspace to a quarter and the reserve to an eighth, and refuses a reserve past the budget', () => {
    expect(resolvedConnectionLimits().maxBodyBytesPerWorkspace).toBe(16 * 1024 * 1024);
    expect(resolvedConnectionLimits().reservedBodyBytes).toBe(8 * 1024 * 1024);
    const small = resolvedConnectionLimits({ maxBodyBytesInFlight: 1000 });
    expect([small.maxBodyBytesPerWorkspace, small.reservedBodyBytes]).toEqual([250, 125]);
    expect(resolvedConnectionLimits({ reservedBodyBytes: 0 }).reservedBodyBytes).toBe(0);
    expect(() => resolvedConnectionLimits({ maxBodyBytesInFlight: 1000, reservedBodyBytes: 1000 })).toThrow(
      /reservedBodyBytes must be less than maxBodyBytesInFlight/,
    );
  });

  /** The default shares of a 64 MiB budget, in bytes. */
  const MiB = 1024 * 1024;
  const defaultShares = { perKey: 16 * MiB, perWorkspace: 16 * MiB, reserve: 8 * MiB };

  it('leaves a key that holds nothing its ordinary bodies while four keys of four workspaces hold their share', () => {
    const budget = createBodyBudget(64 * MiB, defaultShares);
    const takenBy = (key: string, workspace: string | null, bodies: number, bytes: number) =>
      Array.from({ length: bodies }, () => budget.hold(key, workspace).take(bytes));
    const stalled = [1, 2, 3, 4].flatMap((n) => takenBy(`key-${n}`, `workspace-${n}`, 4, 4 * MiB));
    // The common room is 56 MiB: the last two bodies of the fourth key would eat into the reserve.
    expect(stalled.filter(Boolean)).toHaveLength(14);
    expect(budget.hold('key-4', 'workspace-4').take(300_000)).toBe(false);
    // Key 5 holds nothing: six bodies of 300 kB at once, a key of another workspace and a keyless-workspace key.
    expect(takenBy('key-5', 'workspace-5', 6, 300_000)).toEqual(Array(6).fill(true));
    expect(takenBy('key-5', 'workspace-5', 1, 300_000)).toEqual([false]);
    expect(takenBy('key-6', null, 10, 2_000)).toEqual(Array(10).fill(true));
  });

  it("holds one workspace's keys to one share together, and leaves its key that holds nothing the reserve", () => {
    const budget = createBodyBudget(64 * MiB, defaultShares);
    const bodies = [1, 2, 3, 4, 5].map((n) => budget.hold(`key-${n}`, 'tenant').take(4 * MiB));
    expect(bodies).toEqual([true, true, true, true, false]);
    expect(budget.held).toBe(16 * MiB);
    // Another workspace's key takes from the common room; the tenant's idle key only its part of the reserve.
    expect(budget.hold('other', 'other-workspace').take(4 * MiB)).toBe(true);
    const idle = budget.hold('key-6', 'tenant');
    expect(idle.take(300_000)).toBe(true);
    expect(budget.hold('key-7', 'tenant').take(2 * MiB)).toBe(true);
    // Half the reserve for one workspace's keys together: 4 MiB.
    expect(budget.hold('key-8', 'tenant').take(2 * MiB)).toBe(false);
    idle.release();
    expect(budget.hold('key-8', 'tenant').take(2 * MiB)).toBe(true);
  });

  it('leaves a 33rd key room while 32 keys of their own workspaces each hold one body of 4 MiB', () => {
    const budget = createBodyBudget(64 * MiB, defaultShares);
    const stalled = Array.from({ length: 32 }, (_, n) =>
      budget.hold(`key-${n}`, `workspace-${n}`, 4 * MiB).take(4 * MiB),
    );
    expect(stalled.filter(Boolean)).toHaveLength(14);
    expect(budget.held).toBe(56 * MiB);
    // Declaring 4 MiB, the others may take none of the reserve, which gives the 33rd key six bodies of 300 kB.
    const ordinary = Array.from({ length: 6 }, () =>
      budget.hold('key-33', 'workspace-33', 300_000).take(300_000),
    );
    expect(ordinary).toEqual(Array(6).fill(true));
    // A body that declares no length takes of the reserve as it arrives, up to a key's part of it.
    const chunked = budget.hold('key-34', 'workspace-34');
    expect(chunked.take(1.5 * MiB)).toBe(true);
    expect(chunked.take(0.5 * MiB)).toBe(true);
    expect(chunked.take(1)).toBe(false);
  });

  it('answers a key past its share 503 at once, and serves another key while it holds it', async () => {
    // A share of 16 KiB, which two bodies of 8 KiB fill.
    const port = await startTwoKeys({ maxBodyBytesInFlight: 64 * 1024 });
    for (let i = 0; i < 2; i++) await startBodyThatNeverEnds(port, 8192);
    const third = open(port);
    await third.connected;
    third.socket.write(bodyThatNeverEnds(8192));
    const refusedLarge = await third.next();
    expect(refusedLarge?.status).toBe(503);
    expect(refusedLarge?.headers['retry-after']).toBe('60');
    const { answer: refused } = await createOnNewConnection(port, 'own');
    expect(refused?.status).toBe(503);
    expect(refused?.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(refused?.body ?? '')).toEqual(errorBody(503));
    const other = open(port);
    await other.connected;
    for (let i = 0; i < 3; i++) {
      other.socket.write(post(`other-${i}`, OTHER_MANAGEMENT_KEY, exampleRequest));
      expect((await other.next())?.status).toBe(200);
    }
  });

  it('cuts a body that stops arriving with 408, gives its bytes back and closes the connection', async () => {
    const bounds = nodeServeBounds(resolvedConnectionLimits({ bodyIdleTimeoutMs: 1500 }));
    const handler = createHandler({ ...tableOptions([]), basePath: '/api/v1' });
    server = createServer((request, response) => {
      serveNodeRequest(handler, request, response, {}, bounds).catch(() => response.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = open((server.address() as AddressInfo).port);
    await client.connected;
    client.socket.write(bodyThatNeverEnds(1000));
    await vi.waitFor(() => expect(bounds.budget.held).toBe(1000));
    // Bytes that keep coming keep it alive: a tenth of the idle time apart, so a loaded machine's late timer
    // cannot cut it before they are all in.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      client.socket.write(' ');
    }
    await vi.waitFor(() => expect(bounds.budget.held).toBe(1003));
    const cut = await client.next();
    expect(cut?.status).toBe(408);
    expect(cut?.headers['connection']).toBe('close');
    expect(cut?.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(cut?.body ?? '')).toEqual({ error: { code: 408, message: 'Request Timeout' } });
    expect(bounds.budget.held).toBe(0);
    await client.closedByServer();
  });
});

describe('a body that trickles below the least rate (contract: overload)', () => {
  const MiB = 1024 * 1024;
  /** The budget of the scene: 16 MiB of common room that four 4 MiB bodies fill, and 8 MiB of reserve. */
  const limits = { maxBodyBytesInFlight: 24 * MiB, reservedBodyBytes: 8 * MiB };
  /** What the tricklers leave free, in the common room and in the reserve: less than a tenant's small body. */
  const LEFT_FREE = 600;
  const SMALL_BODY = 4096;
  const big = { declared: 4 * MiB, burst: 4 * MiB - LEFT_FREE / 4 };
  // Five bodies sized to the reserve: a fifth of it each, within a key's part of it.
  const reserveSized = {
    declared: Math.floor((8 * MiB) / 5),
    burst: Math.floor((8 * MiB) / 5) - LEFT_FREE / 5,
  };
  const tenantKey = (n: number) => `tenant-${n}-key`;
  const workspaceOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

  /** A server whose ten tenants' keys are each of a workspace of their own, with the budget the test reads. */
  async function startTenants(rate: ConnectionLimits) {
    const bounds = nodeServeBounds(resolvedConnectionLimits({ ...limits, ...rate }));
    const options = tableOptions([]);
    const handler = createHandler({
      ...options,
      basePath: '/api/v1',
      limits: { maxBytes: 4 * MiB },
      resolveKey: (key) => {
        const n = Number(/^tenant-(\d+)-key$/.exec(key)?.[1]);
        return n ? { kind: 'management', userId: `tenant-${n}`, workspaceId: workspaceOf(n) } : null;
      },
    });
    server = createServer((request, response) => {
      serveNodeRequest(handler, request, response, {}, bounds).catch(() => response.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, budget: bounds.budget };
  }

  /** Nine tenants' bodies: most of each sent at once, then a byte every half second, for as long as `trickling`. */
  async function startTricklers(port: number, budget: BodyBudget) {
    const sizes = [big, big, big, big, ...Array(5).fill(reserveSized)] as Array<typeof big>;
    const tricklers = sizes.map((size, i) => {
      const client = open(port);
      const head = post(`trickle-${i}`, tenantKey(i + 1), '').replace(
        'content-length: 0',
        `content-length: ${size.declared}`,
      );
      return { client, head, size };
    });
    await Promise.all(tricklers.map(({ client }) => client.connected));
    // The large bodies first, held whole before the others start, so that they take the common room and the
    // others the reserve.
    const send = (from: number, to: number) => {
      for (const { client, head, size } of tricklers.slice(from, to)) {
        client.socket.write(`${head}{${' '.repeat(size.burst - 1)}`);
      }
    };
    send(0, 4);
    await vi.waitFor(() => expect(budget.held).toBeGreaterThanOrEqual(4 * big.burst), { timeout: 30_000 });
    send(4, 9);
    let answered = 0;
    const answers = tricklers.map(({ client }) => client.next().finally(() => (answered += 1)));
    // Every body held, unless a least rate already cut one of them.
    const held = tricklers.reduce((sum, { size }) => sum + size.burst, 0);
    await vi.waitFor(() => expect(budget.held >= held || answered > 0).toBe(true), { timeout: 30_000 });
    let trickling = true;
    const trickle = (async () => {
      // Bounded: 60 bytes a body at most, fewer than the room left free, so no trickler is refused for room.
      for (let i = 0; i < 60 && trickling; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const { client } of tricklers) if (!client.socket.destroyed) client.socket.write(' ');
      }
    })();
    return {
      async stop() {
        trickling = false;
        await trickle;
        for (const { client } of tricklers) client.socket.destroy();
        return (await Promise.all(answers)).map((answer) => answer?.status);
      },
    };
  }

  const smallBody = exampleRequest + ' '.repeat(SMALL_BODY - Buffer.byteLength(exampleRequest));
  const smallCreateOnce = async (port: number, n: number) =>
    (await sendOnNewConnection(port, post(`small-${n}`, tenantKey(10), smallBody))).answer;

  it('leaves the tenth tenant no room when nine trickle and no least rate is asked (the scene bites)', async () => {
    const { port, budget } = await startTenants({ minBodyBytesPerSecond: 0 });
    const tricklers = await startTricklers(port, budget);
    const firsts: Array<number | undefined> = [];
    for (let n = 0; n < 10; n++) firsts.push((await smallCreateOnce(port, n))?.status);
    expect(firsts).toEqual(Array(10).fill(503));
    // Still trickling, none of the nine was answered.
    expect(await tricklers.stop()).toEqual(Array(9).fill(undefined));
  }, 60_000);

  it('cuts nine trickling tenants with 408 and gives a tenth its small creates, at the default rate', async () => {
    const { port, budget } = await startTenants({ bodyRateGraceMs: 1_000 });
    const tricklers = await startTricklers(port, budget);
    // One create every 2 s, the first as soon as the nine bodies are held: that one may come before the cut.
    const creates: Array<number | undefined> = [];
    for (let n = 0; n < 10; n++) {
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
      creates.push((await smallCreateOnce(port, n))?.status);
    }
    const cut = await tricklers.stop();
    console.log(
      `trickling tenants: ${JSON.stringify(cut)}; tenth tenant's creates: ${JSON.stringify(creates)}`,
    );
    expect(cut).toEqual(Array(9).fill(408));
    expect(creates.filter((status) => status === 200).length).toBeGreaterThanOrEqual(9);
    expect(budget.held).toBe(0);
  }, 60_000);
});

describe('honest headers on the wire', () => {
  it('sends a 304 with no Content-Length, and every error with Cache-Control: no-store', async () => {
    const port = await start();
    const client = open(port);
    await client.connected;
    client.socket.write(post('cached', MANAGEMENT_KEY, exampleRequest));
    expect((await client.next())?.status).toBe(200);
    const read = (extra: string) =>
      `GET /api/v1/presets/cached/versions/1 HTTP/1.1\r\nhost: t\r\nauthorization: Bearer ${MANAGEMENT_KEY}\r\n${extra}\r\n`;
    client.socket.write(read('if-none-match: *\r\n'));
    const notModified = await client.next();
    expect(notModified?.status).toBe(304);
    expect(notModified?.headers['content-length']).toBeUndefined();
    expect(notModified?.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    client.socket.write(read(''));
    const whole = await client.next();
    expect(whole?.status).toBe(200);
    expect(whole?.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    client.socket.write('GET /api/v1/presets/cached/versions/2 HTTP/1.1\r\nhost: t\r\n\r\n');
    expect((await client.next())?.headers['cache-control']).toBe('no-store');
  });

  it("answers what Node's parser refuses before any handler with Cache-Control: no-store", async () => {
    const port = await start({ headersTimeoutMs: 300 });
    const { answer: bad } = await sendOnNewConnection(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(bad?.status).toBe(400);
    expect(bad?.headers['cache-control']).toBe('no-store');
    expect(bad?.headers['connection']).toBe('close');
    const { answer: late } = await sendOnNewConnection(port, 'GET /api/v1/providers HTTP/1.1\r\nhost: t\r\n');
    expect(late?.status).toBe(408);
    expect(late?.headers['cache-control']).toBe('no-store');
  });
});

describe('large bodies take turns to be checked', () => {
  const MiB = 1024 * 1024;
  const turnOf = (turns: ReturnType<typeof createBodyTurns>, bytes: number, started: number[], id: number) =>
    turns.take(bytes).then((end) => (started.push(id), end));
  const loopRuns = () => new Promise((resolve) => setImmediate(resolve));

  it('lets a body wait while the ones being checked hold the bytes, then in order, one loop run apart', async () => {
    const turns = createBodyTurns(4 * MiB);
    const started: number[] = [];
    const first = await turnOf(turns, 3 * MiB, started, 1);
    const small = await turnOf(turns, MiB, started, 2);
    const second = turnOf(turns, 3 * MiB, started, 3);
    const third = turnOf(turns, 3 * MiB, started, 4);
    await loopRuns();
    expect(started).toEqual([1, 2]);
    first();
    small();
    await loopRuns();
    (await second)();
    await loopRuns();
    await third;
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('always lets one body go, even one larger than the bytes checked at once', async () => {
    const turns = createBodyTurns(MiB);
    const started: number[] = [];
    const end = await turnOf(turns, 8 * MiB, started, 1);
    end();
    end();
    await turnOf(turns, 8 * MiB, started, 2);
    expect(started).toEqual([1, 2]);
  });
});

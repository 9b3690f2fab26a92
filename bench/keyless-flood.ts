import { connect } from 'node:net';

/*
 * A flood of requests without a key that each declare a 4 MiB body and send none of it, beside creates made with
 * a key: the keyed creates must all be served (contract: overload). Shared by `npm run bench:attack` and the test
 * that runs it against the reference gateway. Loopback only; every loop is bounded in time and count.
 */

const MiB = 1024 * 1024;

/** The request heads a flood sends: no `Authorization`, a declared 4 MiB body that never comes. */
export const floodHeads = {
  create: (base: string) =>
    `POST ${base}/presets/flood/messages HTTP/1.1\r\nhost: a\r\ncontent-type: application/json\r\n` +
    `content-length: ${4 * MiB}\r\n\r\n`,
  providers: (base: string) =>
    `GET ${base}/providers HTTP/1.1\r\nhost: a\r\ncontent-length: ${4 * MiB}\r\n\r\n`,
};

/** No connection of a flood is opened past this many, whatever the time left. */
const MAX_OPENED_PER_CONNECTION = 10_000;

export interface FloodOptions {
  port: number;
  /** The request head each connection sends once, then waits for the server to close it. */
  head: string;
  /** Connections open at once. */
  connections: number;
  ms: number;
}

/** What the flood saw: connections opened, and the status of each answer it got. */
export interface FloodSeen {
  opened: number;
  statuses: number[];
}

/** How `sendOnce` goes on once its request is written. */
export interface SendOnceOptions {
  /** Called once the request's bytes are written. */
  written?: () => void;
  /** Closes the connection at the first answer instead of waiting for the server to close it. */
  endAtAnswer?: boolean;
}

/**
 * One connection that sends `request`, resolving with the statuses it was answered once it closes (or answers,
 * with `endAtAnswer`) or at `until`.
 */
export function sendOnce(
  port: number,
  request: string,
  until: number,
  { written = () => {}, endAtAnswer = false }: SendOnceOptions = {},
): Promise<number[]> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1])));
    };
    const timer = setTimeout(finish, Math.max(0, until - Date.now()));
    socket.on('connect', () => socket.write(request, () => written()));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (endAtAnswer && /HTTP\/1\.1 \d{3} /.test(text)) finish();
    });
    socket.on('error', () => {});
    socket.on('close', finish);
  });
}

/** Keeps `connections` connections sending `head`, each reopened as soon as the server closes it, for `ms`. */
export async function floodWithoutKey({ port, head, connections, ms }: FloodOptions): Promise<FloodSeen> {
  const until = Date.now() + ms;
  const seen: FloodSeen = { opened: 0, statuses: [] };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let opened = 0; opened < MAX_OPENED_PER_CONNECTION && Date.now() < until; opened++) {
        seen.opened++;
        seen.statuses.push(...(await sendOnce(port, head, until)));
      }
    }),
  );
  return seen;
}

export interface KeyedCreatesOptions {
  /** `http://127.0.0.1:<port>/api/v1`. */
  baseUrl: string;
  key: string;
  body: string;
  count: number;
  /** The creates start evenly spread over this time. */
  ms: number;
  slugPrefix: string;
  /** How long a create may wait for its answer before it counts as unanswered: 10 s unless given. */
  timeoutMs?: number;
  /** Each create starts no earlier than the answer to the one before it, so the key never has two in flight. */
  oneAtATime?: boolean;
}

/** One create with `key`: its status, or what broke it, and the milliseconds it took. */
export async function timedCreate(
  baseUrl: string,
  key: string,
  slug: string,
  body: string,
  timeoutMs = 10_000,
): Promise<{ status: number | string; ms: number }> {
  if (!new URL(baseUrl).hostname.startsWith('127.')) throw new Error('the flood runs on loopback only');
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/presets/${slug}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return { status: code, ms: performance.now() - started };
  }
}

/** `count` creates, each of its own slug, started evenly over `ms`: the status of each, or what broke it. */
export function keyedCreates(options: KeyedCreatesOptions): Promise<Array<number | string>> {
  const { baseUrl, key, body, count, ms, slugPrefix, timeoutMs, oneAtATime = false } = options;
  const startAt = (i: number) => new Promise((resolve) => setTimeout(resolve, (i * ms) / count));
  const create = async (i: number) =>
    (await timedCreate(baseUrl, key, `${slugPrefix}-${i}`, body, timeoutMs)).status;
  if (!oneAtATime)
    return Promise.all(Array.from({ length: count }, (_, i) => startAt(i).then(() => create(i))));
  return (async () => {
    const statuses: Array<number | string> = [];
    const started = Date.now();
    for (let i = 0; i < count; i++) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, started + (i * ms) / count - Date.now())),
      );
      statuses.push(await create(i));
    }
    return statuses;
  })();
}

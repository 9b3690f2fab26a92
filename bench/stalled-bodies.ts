import { sendOnce, timedCreate } from './keyless-flood.js';

/*
 * One key's bodies that never end: connections that each send a create with a valid key, all of a 4 MiB body
 * but its last byte, and stall, reconnecting once answered or closed. The key holds at most its share of the
 * body bytes in flight, so its own creates are refused while another key's are all served (contract: overload).
 * Shared by `npm run bench:attack` and the test that runs it. Loopback only; every loop is bounded in time and
 * count.
 */

const MiB = 1024 * 1024;

/** The body a stalled create declares; all of it but the last byte is sent. */
export const STALLED_BODY_BYTES = 4 * MiB;

/** A connection waits this long after an answer before it sends again, so a refused one is no busy loop. */
const RECONNECT_AFTER_MS = 500;

/** No connection is opened again past this many times, whatever the time left. */
const MAX_OPENED_PER_CONNECTION = 1_000;

/**
 * How long a connection's first body waits for its answer, past the end of the stall if need be: held, it is cut
 * after 10 s without a byte, so on a loaded machine too each first body is answered, and the round is counted whole.
 */
const FIRST_ANSWER_WITHIN_MS = 60_000;

export interface StalledBodiesOptions {
  port: number;
  /** `/api/v1`. */
  base: string;
  /** The key of every connection, or one key for each connection in turn. */
  key: string | readonly string[];
  connections: number;
  ms: number;
  /** Called once every connection's first body is written: the bodies then hold what they can of the budget. */
  onFirstRound?: () => void;
}

/** What the stalled bodies saw: connections opened, and the status of each answer they got. */
export interface StalledSeen {
  opened: number;
  statuses: number[];
}

/** A create that declares a 4 MiB body and sends all of it but the last byte. */
function stalledCreate(base: string, key: string, slug: string): string {
  return (
    `POST ${base}/presets/${slug}/messages HTTP/1.1\r\nhost: a\r\nauthorization: Bearer ${key}\r\n` +
    `content-type: application/json\r\ncontent-length: ${STALLED_BODY_BYTES}\r\n\r\n{` +
    ' '.repeat(STALLED_BODY_BYTES - 2)
  );
}

/**
 * Keeps `connections` stalled creates with `key` for `ms`: the first round sent one after the other (each once
 * its bytes are written), so the key's share fills with whole bodies, and each waits for its answer however long
 * the round took; then each sends again once answered, until `ms` is over.
 */
export async function stallBodies(options: StalledBodiesOptions): Promise<StalledSeen> {
  const until = Date.now() + options.ms;
  const seen: StalledSeen = { opened: 0, statuses: [] };
  // Each connection's first body waits for the one before it to be written.
  let turn = Promise.resolve();
  const connections = Array.from({ length: options.connections }, (_, connection) => {
    const after = turn;
    let written = () => {};
    turn = new Promise((resolve) => (written = resolve));
    return (async () => {
      await after;
      for (
        let opened = 0;
        opened < MAX_OPENED_PER_CONNECTION && (opened === 0 || Date.now() < until);
        opened++
      ) {
        seen.opened++;
        const key =
          typeof options.key === 'string' ? options.key : options.key[connection % options.key.length]!;
        const request = stalledCreate(options.base, key, `stalled-${connection}-${opened}`);
        const answerBy = opened === 0 ? Math.max(until, Date.now() + FIRST_ANSWER_WITHIN_MS) : until;
        const answers = await sendOnce(options.port, request, answerBy, { written, endAtAnswer: true });
        seen.statuses.push(...answers);
        // A connection closed before its bytes were written lets the next one go all the same.
        written();
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_AFTER_MS));
      }
    })();
  });
  void turn.then(options.onFirstRound);
  await Promise.all(connections);
  return seen;
}

export interface OwnCreatesOptions {
  /** `http://127.0.0.1:<port>/api/v1`. */
  baseUrl: string;
  key: string;
  body: string;
  /** The first create starts this long after the call; the other four follow, 500 ms apart. */
  fromMs: number;
}

/** Five creates with the stalling key, while its bodies hold its share: the status and time of each. */
export function ownCreatesBeside({ baseUrl, key, body, fromMs }: OwnCreatesOptions) {
  return Promise.all(
    Array.from({ length: 5 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, fromMs + i * 500));
      return timedCreate(baseUrl, key, `own-${i}`, body);
    }),
  );
}

export interface ShareFullOptions {
  /** `http://127.0.0.1:<port>/api/v1`. */
  baseUrl: string;
  key: string;
  body: string;
  /** How long to keep trying. */
  withinMs: number;
}

/**
 * Whether the server refused one of `key`'s own creates with 503 within `withinMs`, trying one at a time, 250 ms
 * apart: its share is full once the server has read the stalled bodies' bytes, which a loaded machine does later
 * than the client hands them to the kernel, so a test waits for that rather than for a fixed time.
 */
export async function shareFull({ baseUrl, key, body, withinMs }: ShareFullOptions): Promise<boolean> {
  const until = performance.now() + withinMs;
  for (let probe = 0; performance.now() < until; probe++) {
    if ((await timedCreate(baseUrl, key, `share-probe-${probe}`, body, withinMs)).status === 503) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

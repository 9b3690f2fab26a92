/*
 * A fault drill against a running gateway: writers create versions of one slug while a fault outside the
 * gateway (its database terminated, stopped, restarted) comes and goes; then every version that was answered
 * 200 is read back. The fault suite asserts on the outcome and `npm run bench:faults` prints it, so a new fault
 * is one more `Fault` in a list.
 */

import { isDeepStrictEqual } from 'node:util';

/** A gateway process under a drill. */
export interface DrilledGateway {
  /** `http://127.0.0.1:<port>/api/v1` */
  baseUrl: string;
  managementKey: string;
  /** True while the process runs. */
  alive(): boolean;
}

/** What a store that is down looks like from outside, measured from the moment it went down. */
export interface WhileDown {
  /** A create's status (503 expected) and its `Retry-After`. */
  createStatus: number;
  createRetryAfter: string | null;
  /** How long that create took to be answered. */
  createMs: number;
  /** When `/readyz` first answered 503, or null when it did not within `READYZ_WAIT_MS`. */
  readyzDownMs: number | null;
  /** A read of version 1: 500 expected. */
  readStatus: number;
  /** `/providers` (the catalog, which needs no store): 200 expected. */
  providersStatus: number;
  /** `/healthz` and the interface page, which need no store either: 200 expected. */
  healthzStatus: number;
  pageStatus: number;
}

export interface FaultOutcome {
  fault: string;
  /** Creates answered 200 during the drill. */
  acknowledged: number;
  /** Of those, the versions read back afterwards with the same body. */
  present: number;
  /** Version numbers answered 200 more than once (none expected). */
  duplicated: number;
  /** Every answer during the drill by status, and `no answer` for a request that got none. */
  answers: Record<string, number>;
  /** From the fault clearing to the first create answered 200 that was sent after it; null when none came. */
  recoverMs: number | null;
  /** From the fault clearing to `/readyz` answering 200 again; null when it did not. */
  readyMs: number | null;
  /** The longest any create of the drill took to be answered, or to be given up on. */
  slowestCreateMs: number;
  whileDown?: WhileDown;
  /** The gateway process was still running at the end. */
  lived: boolean;
}

export interface FaultContext {
  /** Runs the checks of a store that is down (`WhileDown`); call it right after the store went down. */
  checkWhileDown(): Promise<void>;
}

export interface Fault {
  name: string;
  /** Makes the fault, and resolves once it has cleared. */
  inject(context: FaultContext): Promise<void>;
}

export interface DrillOptions {
  /** Concurrent writers, each creating versions of the one slug; 3 by default. */
  writers?: number;
  /** How long after the fault clears creates must succeed again; 15 s by default. */
  recoverWithinMs?: number;
}

/** How long the checks wait for `/readyz` to answer 503 after the store went down (contract: deadlines). */
export const READYZ_WAIT_MS = 10_000;
/** Every loop of a drill is bounded: creates per writer, and the longest any request may take. */
const MAX_CREATES_PER_WRITER = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** A writer pauses this long between creates, and a writer refused (503) or unanswered this long. */
const PAUSE_MS = 10;
const BACK_OFF_MS = 50;
/** Versions read back at once after the drill. */
const READERS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const exampleCreate = JSON.stringify({
  model: 'anthropic/claude-4.6-sonnet',
  max_tokens: 256,
  system: 'You are a careful code reviewer.',
  messages: [{ role: 'user', content: 'Review this diff.' }],
});

interface Version {
  version: number;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** Runs `fault` against `gateway` while writers create versions of `slug`; see the file's comment. */
export async function drill(
  gateway: DrilledGateway,
  slug: string,
  fault: Fault,
  options: DrillOptions = {},
): Promise<FaultOutcome> {
  const recoverWithinMs = options.recoverWithinMs ?? 15_000;
  const origin = new URL(gateway.baseUrl).origin;
  const authorization = `Bearer ${gateway.managementKey}`;
  const acknowledged: Version[] = [];
  const answers: Record<string, number> = {};
  let clearedAt = Number.POSITIVE_INFINITY;
  let recoveredAt: number | undefined;
  let stopped = false;
  let whileDown: WhileDown | undefined;
  let slowestCreateMs = 0;

  /** One request's status, `Retry-After` and JSON body; status 0 when it got no answer (refused, cut, timed out). */
  const ask = async (url: string, init: RequestInit = {}): Promise<Answer> => {
    try {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: response.headers.get('content-type')?.includes('json')
          ? (JSON.parse(text) as unknown)
          : undefined,
      };
    } catch {
      return { status: 0, retryAfter: null, body: undefined };
    }
  };
  const create = () =>
    ask(`${gateway.baseUrl}/presets/${slug}/messages`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: exampleCreate,
    });
  const read = (version: number) =>
    ask(`${gateway.baseUrl}/presets/${slug}/versions/${version}`, { headers: { authorization } });
  const readyzStatus = async () => (await ask(`${origin}/readyz`)).status;

  const writer = async () => {
    for (let n = 0; n < MAX_CREATES_PER_WRITER && !stopped; n += 1) {
      const sentAt = performance.now();
      const { status, body } = await create();
      slowestCreateMs = Math.max(slowestCreateMs, performance.now() - sentAt);
      if (status === 200) {
        acknowledged.push((body as { data: { designated_version: Version } }).data.designated_version);
        if (sentAt >= clearedAt) recoveredAt ??= performance.now();
      }
      const label = status === 0 ? 'no answer' : String(status);
      answers[label] = (answers[label] ?? 0) + 1;
      await sleep(status === 200 || status === 409 ? PAUSE_MS : BACK_OFF_MS);
    }
  };

  const context: FaultContext = {
    async checkWhileDown() {
      const downAt = performance.now();
      const refusal = create().then((answer) => ({ answer, ms: performance.now() - downAt }));
      let readyzDownMs: number | null = null;
      while (readyzDownMs === null && performance.now() - downAt < READYZ_WAIT_MS) {
        if ((await readyzStatus()) === 503) readyzDownMs = performance.now() - downAt;
        else await sleep(100);
      }
      const { answer: refused, ms: createMs } = await refusal;
      whileDown = {
        createStatus: refused.status,
        createRetryAfter: refused.retryAfter,
        createMs,
        readyzDownMs,
        readStatus: (await read(1)).status,
        providersStatus: (await ask(`${gateway.baseUrl}/providers`)).status,
        healthzStatus: (await ask(`${origin}/healthz`)).status,
        pageStatus: (await ask(`${gateway.baseUrl}/docs/`)).status,
      };
    },
  };

  const writers = Array.from({ length: options.writers ?? 3 }, writer);
  // Some versions are acknowledged before the fault, so the drill shows they outlive it.
  for (let waited = 0; acknowledged.length < 5 && waited < 5_000; waited += 50) await sleep(50);
  await fault.inject(context);
  clearedAt = performance.now();
  let readyMs: number | null = null;
  while ((recoveredAt === undefined || readyMs === null) && performance.now() - clearedAt < recoverWithinMs) {
    if (readyMs === null && (await readyzStatus()) === 200) readyMs = performance.now() - clearedAt;
    await sleep(50);
  }
  stopped = true;
  await Promise.all(writers);

  const numbers = new Set(acknowledged.map((version) => version.version));
  let present = 0;
  const unread = [...acknowledged];
  const reader = async () => {
    for (let version = unread.pop(); version !== undefined; version = unread.pop()) {
      const { status, body } = await read(version.version);
      if (status === 200 && isDeepStrictEqual((body as { data: unknown }).data, version)) present += 1;
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  return {
    fault: fault.name,
    acknowledged: acknowledged.length,
    present,
    duplicated: acknowledged.length - numbers.size,
    answers,
    recoverMs: recoveredAt === undefined ? null : recoveredAt - clearedAt,
    readyMs,
    slowestCreateMs,
    ...(whileDown === undefined ? {} : { whileDown }),
    lived: gateway.alive(),
  };
}

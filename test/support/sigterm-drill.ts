import { isDeepStrictEqual } from 'node:util';
import { createPreset, type Started } from '../gateway/serve-process.js';
import type { FaultProxy } from './fault-proxy.js';

/*
 * SIGTERM while the database is silent (contract: deadlines): a gateway with creates acknowledged and creates
 * in flight on a database that stopped answering is asked to stop; it must end within 15 s, and a gateway
 * started again once the database answers must read back every acknowledged version.
 */

/** The contract's bound on a stop; the drill waits a little longer to tell a late exit from none. */
export const STOP_BOUND_MS = 15_000;
const GIVE_UP_MS = STOP_BOUND_MS + 10_000;
const CREATES_BEFORE = 5;
const CREATES_IN_FLIGHT = 3;

export interface StopOutcome {
  /** Creates answered 200 before the silence, and of those the versions read back after a restart. */
  acknowledged: number;
  present: number;
  /** What the creates in flight at the signal were answered (0: no answer, the connection was cut). */
  inFlight: number[];
  /** From SIGTERM to the process's end; null when it had not ended after `GIVE_UP_MS` (then killed). */
  exitMs: number | null;
  exitCode: number | null;
}

const versionRead = async (baseUrl: string, key: string, slug: string, version: number) => {
  const response = await fetch(`${baseUrl}/presets/${slug}/versions/${version}`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(10_000),
  });
  return response.status === 200 ? ((await response.json()) as { data: unknown }).data : undefined;
};

/** Runs the drill on gateways `start` starts (both reaching the database through `proxy`). */
export async function sigtermDuringSilence(
  start: () => Promise<Started>,
  proxy: FaultProxy,
  key: string,
  slug: string,
): Promise<StopOutcome> {
  const gateway = await start();
  const acknowledged: unknown[] = [];
  for (let n = 0; n < CREATES_BEFORE; n += 1) {
    const response = await createPreset(gateway.baseUrl, key, slug);
    if (response.status === 200) {
      acknowledged.push(
        ((await response.json()) as { data: { designated_version: unknown } }).data.designated_version,
      );
    }
  }
  proxy.swallow();
  const inFlight = Array.from({ length: CREATES_IN_FLIGHT }, () =>
    createPreset(gateway.baseUrl, key, slug).then(
      (response) => response.status,
      () => 0,
    ),
  );
  // The creates reach the gateway and wait on the silent database before the signal comes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const signalledAt = performance.now();
  gateway.child.kill('SIGTERM');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const exitCode = await Promise.race([
    gateway.exited,
    new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), GIVE_UP_MS))),
  ]);
  clearTimeout(timer);
  const exitMs = exitCode === 'late' ? null : performance.now() - signalledAt;
  if (exitCode === 'late') {
    gateway.child.kill('SIGKILL');
    await gateway.exited;
  }
  const answered = await Promise.all(inFlight);
  proxy.pass();
  const again = await start();
  let present = 0;
  try {
    for (const version of acknowledged as Array<{ version: number }>) {
      const read = await versionRead(again.baseUrl, key, slug, version.version);
      if (isDeepStrictEqual(read, version)) present += 1;
    }
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
  return {
    acknowledged: acknowledged.length,
    present,
    inFlight: answered,
    exitMs,
    exitCode: exitCode === 'late' ? null : exitCode,
  };
}

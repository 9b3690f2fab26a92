import { describe, expect, it } from 'vitest';
import { storeReadiness } from '../../src/gateway/readiness.js';

/** A probe whose answers the test gives, counting how many were asked. */
function controlledProbe() {
  const pending: Array<{ answer: () => void; fail: () => void }> = [];
  return {
    pending,
    probe: () =>
      new Promise<void>((resolve, reject) => {
        pending.push({ answer: resolve, fail: () => reject(new Error('store down')) });
      }),
  };
}

describe("the gateway's readiness (GET /readyz)", () => {
  it('probes on demand, shares one probe among concurrent asks, and keeps its answer for freshMs', async () => {
    let clock = 0;
    const { pending, probe } = controlledProbe();
    const readiness = storeReadiness(probe, { freshMs: 1_000, deadlineMs: 1_000, now: () => clock });
    const asks = [readiness.ready(), readiness.ready(), readiness.ready()];
    expect(pending).toHaveLength(1);
    pending[0]!.answer();
    expect(await Promise.all(asks)).toEqual([true, true, true]);
    clock = 999;
    expect(await readiness.ready()).toBe(true);
    expect(pending).toHaveLength(1);
    clock = 1_000;
    const stale = readiness.ready();
    expect(pending).toHaveLength(2);
    pending[1]!.fail();
    expect(await stale).toBe(false);
  });

  it('counts a probe with no answer past its deadline as not ready, and starts none behind it', async () => {
    let clock = 0;
    const { pending, probe } = controlledProbe();
    const readiness = storeReadiness(probe, { freshMs: 1_000, deadlineMs: 30, now: () => clock });
    // Real time passes for the deadline's timer; the clock the readiness reads stays at 0.
    expect(await readiness.ready()).toBe(false);
    clock = 5_000;
    expect(await readiness.ready()).toBe(false);
    expect(pending).toHaveLength(1);
    pending[0]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The late answer is kept as of the probe's start, long stale: the next ask probes again.
    const again = readiness.ready();
    expect(pending).toHaveLength(2);
    pending[1]!.answer();
    expect(await again).toBe(true);
  });

  it('probes afresh after a store call failed, rather than trusting the kept answer', async () => {
    let clock = 0;
    const { pending, probe } = controlledProbe();
    const readiness = storeReadiness(probe, { now: () => clock });
    const first = readiness.ready();
    pending[0]!.answer();
    expect(await first).toBe(true);
    readiness.storeFailed();
    clock = 10;
    const second = readiness.ready();
    expect(pending).toHaveLength(2);
    pending[1]!.fail();
    expect(await second).toBe(false);
  });
});

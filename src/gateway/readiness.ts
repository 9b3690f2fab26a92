/** Whether the gateway's store would take a create, as `GET /readyz` tells a load balancer. */
export interface Readiness {
  /** True when the last probe, at most `freshMs` old, answered within `deadlineMs`. */
  ready(): Promise<boolean>;
  /** A store call failed for want of its store: the next `ready()` probes again rather than trust the last one. */
  storeFailed(): void;
}

export interface ReadinessOptions {
  /** How long a probe's answer is kept; 1 second by default. */
  freshMs?: number;
  /** How long a probe may take before the store counts as not answering; 1 second by default. */
  deadlineMs?: number;
  now?: () => number;
}

/**
 * Readiness from a probe of whether the store would take a create now (the database answers and takes writes;
 * an embedded store's disk has room), run on demand and shared: at most one probe is in flight
 * and at most one starts per `freshMs`, so any number of keyless `/readyz` requests cost the database one
 * statement a second at most. A probe that fails, or has no answer within `deadlineMs`, makes the store not
 * ready, so `/readyz` turns 503 within `freshMs + deadlineMs` (2 seconds) of the store failing, and back once a
 * probe answers again.
 */
export function storeReadiness(probe: () => Promise<void>, options: ReadinessOptions = {}): Readiness {
  const freshMs = options.freshMs ?? 1_000;
  const deadlineMs = options.deadlineMs ?? 1_000;
  const now = options.now ?? (() => performance.now());
  let verdict: { ready: boolean; at: number } | undefined;
  let inFlight: { started: number; outcome: Promise<boolean> } | undefined;

  function start(at: number) {
    const flight = {
      started: at,
      outcome: probe().then(
        () => true,
        () => false,
      ),
    };
    void flight.outcome.then((ready) => {
      verdict = { ready, at };
      if (inFlight === flight) inFlight = undefined;
    });
    return flight;
  }

  return {
    async ready() {
      const at = now();
      if (verdict !== undefined && at - verdict.at < freshMs) return verdict.ready;
      inFlight ??= start(at);
      // A probe still out past its deadline is an answer too: no new probe piles up behind it.
      const left = deadlineMs - (at - inFlight.started);
      if (left <= 0) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), left);
        timer.unref?.();
      });
      try {
        return await Promise.race([inFlight.outcome, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    storeFailed() {
      verdict = undefined;
    },
  };
}

import pg from 'pg';
import type { Fault } from './fault-drill.js';
import type { FaultProxy } from './fault-proxy.js';

/*
 * The faults of a database that stops answering without closing anything (contract: deadlines): a TCP proxy
 * between the gateway and its database swallows every byte for a while, and another session holds a table
 * lock the gateway's creates need. Each is a `Fault` of the drill, so the fault suite and `npm run bench:faults`
 * run the same ones.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every byte between the gateway and its database swallowed for `forMs`, then passed again. */
export function silence(proxy: FaultProxy, forMs: number): Fault {
  return {
    name: `the database silent for ${forMs / 1000} s (every byte swallowed both ways, nothing closed), then back`,
    async inject(context) {
      const silentAt = performance.now();
      proxy.swallow();
      try {
        await context.checkWhileDown();
        await sleep(forMs - (performance.now() - silentAt));
      } finally {
        proxy.pass();
      }
    },
  };
}

/** `LOCK TABLE presets IN ACCESS EXCLUSIVE MODE` held by another session for `forMs` (`url` is the server's). */
export function heldTableLock(url: string, forMs: number): Fault {
  return {
    name: `\`LOCK TABLE presets\` held by another session for ${forMs / 1000} s`,
    async inject(context) {
      const holder = new pg.Client({ connectionString: url, application_name: 'fault-lock-holder' });
      holder.on('error', () => {});
      await holder.connect();
      try {
        const lockedAt = performance.now();
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE presets IN ACCESS EXCLUSIVE MODE');
        await context.checkWhileDown();
        await sleep(forMs - (performance.now() - lockedAt));
        await holder.query('ROLLBACK');
      } finally {
        await holder.end();
      }
    },
  };
}

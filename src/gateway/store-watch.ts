import type { PresetStore } from '../http/store/preset-store.js';
import { PresetStoreFull } from '../http/store/preset-store-full.js';
import { PresetStoreUnavailable } from '../http/store/preset-store-unavailable.js';
import { timedEntry, type GatewayLog } from './log-writer.js';

/** Why a store call failed, as the metrics count it. */
export type StoreErrorKind = 'unavailable' | 'full' | 'other';

export function storeErrorKind(error: unknown): StoreErrorKind {
  if (error instanceof PresetStoreUnavailable) return 'unavailable';
  if (error instanceof PresetStoreFull) return 'full';
  return 'other';
}

export interface StoreWatcher {
  /** A store call threw; the request still answers as the preset operations decide (503 or 500). */
  failed(error: unknown): void;
  /** A store call answered. */
  answered(): void;
}

/** `store` with every call's outcome told to `watcher`, for the readiness probe, the metrics and the log. */
export function watchedPresetStore(store: PresetStore, watcher: StoreWatcher): PresetStore {
  const watched =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await call(...args);
        watcher.answered();
        return result;
      } catch (error) {
        watcher.failed(error);
        throw error;
      }
    };
  const saveVersion = store.saveVersion?.bind(store);
  return {
    getPreset: watched((key) => store.getPreset(key)),
    getVersion: watched((key, version) => store.getVersion(key, version)),
    compareAndSet: watched((key, expected, preset) => store.compareAndSet(key, expected, preset)),
    // Dropping it would put a database store back on its read-then-write create: five round trips, not one.
    ...(saveVersion ? { saveVersion: watched(saveVersion) } : {}),
  };
}

/**
 * The log lines of a store that stops and starts answering: one when it first fails for want of its database,
 * one when it answers again, rather than one per request in between (the request log has those).
 */
export function storeStateLines(log: GatewayLog): StoreWatcher {
  let down = false;
  return {
    failed(error) {
      if (down || !(error instanceof PresetStoreUnavailable)) return;
      down = true;
      log(timedEntry('error', error.message));
    },
    answered() {
      if (!down) return;
      down = false;
      log(timedEntry('info', 'the preset store answers again'));
    },
  };
}

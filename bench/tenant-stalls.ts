import type { Principal } from '../src/http/types.js';
import { keyedCreates } from './keyless-flood.js';
import { stallBodies, type StalledSeen } from './stalled-bodies.js';

/*
 * Many keys at once against the shares of the body budget (contract: overload): keys of workspaces of their own
 * stall 4 MiB bodies until the budget's common room is full, while keys that hold nothing send ordinary creates,
 * which the reserve the keys at their share cannot take must serve. Shared by `npm run bench:attack` and the
 * test that runs it. Loopback only; every loop is bounded in time and count.
 */

/** The management key of tenant `n`, each of a workspace of its own. */
export const tenantKey = (n: number) =>
  `gw-mgmt-attack-suite-tenant-${String(n).padStart(2, '0')}-0123456789`;

/** Tenant `n`'s workspace: a UUID of its own. */
export const tenantWorkspace = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The principals of tenants 1 to `count`, by key. */
export function tenantPrincipals(count: number): Map<string, Principal> {
  return new Map(
    Array.from({ length: count }, (_, i) => [
      tenantKey(i + 1),
      { kind: 'management', userId: `tenant-${i + 1}`, workspaceId: tenantWorkspace(i + 1) },
    ]),
  );
}

/** A valid create of `bytes` bytes: one user turn that long. */
export function createOfBytes(bytes: number): string {
  const frame = '{"model":"m","messages":[{"role":"user","content":""}]}';
  return frame.replace('""', `"${'x'.repeat(bytes - frame.length)}"`);
}

/** How long the tenants keep their bodies stalled, each all of 4 MiB but its last byte: past the idle cut. */
const STALL_MS = 11_500;
/**
 * The ordinary creates start once the stalled bodies hold their room (their first round written, and 2 s in),
 * and on an idle machine end before the idle cut of 10 s.
 */
const CREATES_FROM_MS = 2_000;
const CREATES_OVER_MS = 6_000;

export interface TenantRowOptions {
  port: number;
  /** `/api/v1`. */
  base: string;
  /** How long an ordinary create may wait for its answer: 10 s unless given (a test on a loaded machine gives more). */
  createTimeoutMs?: number;
}

/**
 * Ten creates of `bytes` with `key`, spread over the stall, each once the one before it was answered, so the key
 * never holds more than one body: the status of each.
 */
async function ordinaryCreates(
  { port, base, createTimeoutMs }: TenantRowOptions,
  roomHeld: Promise<void>,
  key: string,
  bytes: number,
  slugPrefix: string,
) {
  await Promise.all([roomHeld, new Promise((resolve) => setTimeout(resolve, CREATES_FROM_MS))]);
  return keyedCreates({
    baseUrl: `http://127.0.0.1:${port}${base}`,
    key,
    body: createOfBytes(bytes),
    count: 10,
    ms: CREATES_OVER_MS,
    slugPrefix,
    ...(createTimeoutMs === undefined ? {} : { timeoutMs: createTimeoutMs }),
    oneAtATime: true,
  });
}

/** A promise kept once the stalled bodies' first round is written, and the callback that keeps it. */
function firstRound(): { held: Promise<void>; onFirstRound: () => void } {
  let onFirstRound = () => {};
  const held = new Promise<void>((resolve) => (onFirstRound = resolve));
  return { held, onFirstRound };
}

/** What the keys that held nothing got, and what the stalled bodies saw. */
export interface TenantRowSeen {
  /** The statuses of each idle key's ten creates, by what they were. */
  creates: Record<string, Array<number | string>>;
  stalled: StalledSeen;
}

/**
 * Tenants 1 to 4 each stall 4 bodies of 4 MiB, their whole share, together the whole budget, the first round
 * sent one body after the other; tenant 5 sends ten creates of 300 kB and tenant 6 ten of 2 kB meanwhile.
 */
export async function fourKeysAtTheirShare(options: TenantRowOptions): Promise<TenantRowSeen> {
  const { held, onFirstRound } = firstRound();
  const { port, base } = options;
  const [stalled, large, small] = await Promise.all([
    stallBodies({
      port,
      base,
      key: [1, 2, 3, 4].map(tenantKey),
      connections: 16,
      ms: STALL_MS,
      onFirstRound,
    }),
    ordinaryCreates(options, held, tenantKey(5), 300_000, 'beside-four-300kB'),
    ordinaryCreates(options, held, tenantKey(6), 2_000, 'beside-four-2kB'),
  ]);
  return { creates: { '300 kB': large, '2 kB': small }, stalled };
}

/** Tenants 1 to 32 each stall one body of 4 MiB, under their share; tenant 33 sends ten creates of 300 kB. */
export async function manyKeysUnderTheirShare(options: TenantRowOptions): Promise<TenantRowSeen> {
  const { held, onFirstRound } = firstRound();
  const [stalled, large] = await Promise.all([
    stallBodies({
      port: options.port,
      base: options.base,
      key: Array.from({ length: 32 }, (_, i) => tenantKey(i + 1)),
      connections: 32,
      ms: STALL_MS,
      onFirstRound,
    }),
    ordinaryCreates(options, held, tenantKey(33), 300_000, 'beside-many-300kB'),
  ]);
  return { creates: { '300 kB': large }, stalled };
}

/** How many of `statuses` are 200. */
export const served = (statuses: ReadonlyArray<number | string>) =>
  statuses.filter((status) => status === 200).length;

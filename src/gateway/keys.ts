import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readBearerToken } from '../http/bearer-token.js';
import type { KeyKind, Principal, ResolveKey } from '../http/types.js';
import { GATEWAY_WORKSPACE_ID } from './workspace.js';

export interface GatewayKey {
  kind: KeyKind;
  /** The key itself; null for a key read back from a store, which keeps only its digest. */
  value: string | null;
  /** The key's SHA-256, hex: what requests are compared with, and all a store keeps. */
  sha256: string;
  /** The environment variable it came from or could have: the banner names it. */
  variable: 'GATEWAY_MANAGEMENT_KEY' | 'GATEWAY_API_KEY';
  /** Made by this run: the banner prints it, this once. */
  generated: boolean;
}

export interface GatewayKeys {
  management: GatewayKey;
  standard: GatewayKey;
}

/** A key the user gave that no request could carry, or one key given for both kinds. */
export class KeySetupError extends Error {
  override name = 'KeySetupError';
}

/** A key's SHA-256, hex: how a key is stored and compared. */
export function keyDigest(value: string): string {
  return hash('sha256', value, 'hex');
}

function keyFrom(
  env: Readonly<Record<string, string | undefined>>,
  kind: KeyKind,
  variable: GatewayKey['variable'],
  prefix: string,
): GatewayKey {
  const given = env[variable];
  if (given === undefined || given === '') {
    const value = `${prefix}${randomBytes(24).toString('base64url')}`;
    return { kind, value, sha256: keyDigest(value), variable, generated: true };
  }
  // A key a client can send (contract: authentication) is a non-empty run of visible ASCII; test it the way
  // requests are read.
  const read = readBearerToken(`Bearer ${given}`);
  if (!read.ok || read.value !== given) {
    throw new KeySetupError(`${variable} must be visible ASCII characters without spaces`);
  }
  return { kind, value: given, sha256: keyDigest(given), variable, generated: false };
}

/** The gateway's two keys: from GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY, or fresh random ones. */
export function gatewayKeys(env: Readonly<Record<string, string | undefined>>): GatewayKeys {
  const management = keyFrom(env, 'management', 'GATEWAY_MANAGEMENT_KEY', 'gw-mgmt-');
  const standard = keyFrom(env, 'standard', 'GATEWAY_API_KEY', 'gw-key-');
  return distinct({ management, standard });
}

function distinct(keys: GatewayKeys): GatewayKeys {
  if (keys.management.sha256 === keys.standard.sha256) {
    throw new KeySetupError('GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY must differ');
  }
  return keys;
}

/** The fewest characters a key from the environment has. */
export const MIN_KEY_LENGTH = 16;

/**
 * Throws `KeySetupError` for a key set through the environment that is short enough to guess, wherever the
 * gateway listens: loopback included, since a short key is also ordinary text (a key `a` is every `a` of every
 * line), which the gateway could keep out of what it prints only by cutting up every line. The message names
 * the variable, never the key or its length.
 */
export function checkKeyLengths(keys: GatewayKeys): void {
  const short = [keys.management, keys.standard].filter(
    (key) => !key.generated && key.value !== null && key.value.length < MIN_KEY_LENGTH,
  );
  if (short.length === 0) return;
  const names = short.map((key) => key.variable).join(' and ');
  throw new KeySetupError(
    `${names} must have at least ${MIN_KEY_LENGTH} characters, on loopback too: a shorter key is soon guessed, ` +
      `and could not be kept out of what the gateway prints without garbling it; set a longer key, or unset it ` +
      `to have one generated`,
  );
}

/** Where a durable gateway keeps its keys' digests, one per kind; never a key in clear. */
export interface KeyDigestStore {
  /** Keeps `sha256` as the key of `kind` unless one is kept already; returns the digest kept. */
  keep(kind: KeyKind, sha256: string): Promise<string>;
}

/**
 * The keys of a gateway whose store survives restarts: a key from the environment is used as given; otherwise
 * the kept key of its kind, or, the first time, the one generated now, kept as a digest and printed this once.
 */
export async function keptGatewayKeys(
  env: Readonly<Record<string, string | undefined>>,
  store: KeyDigestStore,
): Promise<GatewayKeys> {
  const fresh = gatewayKeys(env);
  const keep = async (key: GatewayKey): Promise<GatewayKey> => {
    if (!key.generated) return key;
    const kept = await store.keep(key.kind, key.sha256);
    return kept === key.sha256 ? key : { ...key, value: null, sha256: kept, generated: false };
  };
  return distinct({ management: await keep(fresh.management), standard: await keep(fresh.standard) });
}

/**
 * Resolves a bearer key to the gateway's management or standard principal. Keys are compared as digests
 * in constant time, so response timing says nothing about how much of a guess was right.
 */
export function keyResolver(keys: GatewayKeys): ResolveKey {
  const known = [keys.management, keys.standard].map((key) => ({
    digest: Buffer.from(key.sha256, 'hex'),
    principal: {
      kind: key.kind,
      userId: key.kind === 'management' ? 'gateway-admin' : 'gateway-user',
      workspaceId: GATEWAY_WORKSPACE_ID,
    } satisfies Principal,
  }));
  return (token) => {
    const presented = hash('sha256', token, 'buffer');
    return known.find((key) => timingSafeEqual(key.digest, presented))?.principal ?? null;
  };
}

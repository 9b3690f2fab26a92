import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readBearerToken } from '../body/bearer-token.js';
import type { KeyKind, Principal, ResolveKey } from '../http/types.js';
import { GATEWAY_WORKSPACE_ID } from './workspace.js';

export interface GatewayKey {
  kind: KeyKind;
  value: string;
  /** The environment variable it came from or could have: the banner names it. */
  variable: 'GATEWAY_MANAGEMENT_KEY' | 'GATEWAY_API_KEY';
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

function keyFrom(
  env: Readonly<Record<string, string | undefined>>,
  kind: KeyKind,
  variable: GatewayKey['variable'],
  prefix: string,
): GatewayKey {
  const given = env[variable];
  if (given === undefined || given === '') {
    return { kind, value: `${prefix}${randomBytes(24).toString('base64url')}`, variable, generated: true };
  }
  // A key a client can send (contract: authentication) is a non-empty run of visible ASCII; test it the way
  // requests are read.
  const read = readBearerToken(`Bearer ${given}`);
  if (!read.ok || read.value !== given) {
    throw new KeySetupError(`${variable} must be visible ASCII characters without spaces`);
  }
  return { kind, value: given, variable, generated: false };
}

/** The gateway's two keys: from GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY, or fresh random ones. */
export function gatewayKeys(env: Readonly<Record<string, string | undefined>>): GatewayKeys {
  const management = keyFrom(env, 'management', 'GATEWAY_MANAGEMENT_KEY', 'gw-mgmt-');
  const standard = keyFrom(env, 'standard', 'GATEWAY_API_KEY', 'gw-key-');
  if (management.value === standard.value) {
    throw new KeySetupError('GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY must differ');
  }
  return { management, standard };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Resolves a bearer key to the gateway's management or standard principal. Keys are compared as digests
 * in constant time, so response timing says nothing about how much of a guess was right.
 */
export function keyResolver(keys: GatewayKeys): ResolveKey {
  const known = [keys.management, keys.standard].map((key) => ({
    digest: digest(key.value),
    principal: {
      kind: key.kind,
      userId: key.kind === 'management' ? 'gateway-admin' : 'gateway-user',
      workspaceId: GATEWAY_WORKSPACE_ID,
    } satisfies Principal,
  }));
  return (token) => {
    const presented = digest(token);
    return known.find((key) => timingSafeEqual(key.digest, presented))?.principal ?? null;
  };
}

import { readBearerToken } from '../body/bearer-token.js';
import type { AuthRequirement } from '../core/operations.js';
import type { Principal, ResolveKey } from './types.js';

export type AuthOutcome = { ok: true; principal: Principal | null } | { ok: false; status: 401 | 403 };

/**
 * Who is calling, per the operation's requirement (docs/contract.md#authentication). `key` and `management`
 * need a known key (else 401), `management` a management one (else 403). A `public` operation lists no 401: a
 * missing, malformed or unknown key there is simply anonymous (null).
 */
export async function authenticate(
  requirement: AuthRequirement,
  authorization: string | undefined,
  resolveKey: ResolveKey,
): Promise<AuthOutcome> {
  const token = readBearerToken(authorization);
  const principal = token.ok ? ((await resolveKey(token.value)) ?? null) : null;
  if (requirement === 'public') return { ok: true, principal };
  if (principal === null) return { ok: false, status: 401 };
  if (requirement === 'management' && principal.kind !== 'management') return { ok: false, status: 403 };
  return { ok: true, principal };
}

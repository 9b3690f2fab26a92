import { readBearerToken } from './bearer-token.js';
import { errorBody, invalidKeyBody, type ErrorBody } from '../core/errors.js';
import type { AuthRequirement } from '../core/operations.js';
import type { Principal, ResolveKey } from './types.js';

export type AuthOutcome =
  { ok: true; principal: Principal | null } | { ok: false; status: 401 | 403; body: ErrorBody };

/**
 * Who is calling, per the operation's requirement (docs/contract.md#authentication). `key` and `management`
 * need a known key (else 401), `management` a management one (else 403). A missing key gets 401 `Missing
 * Authentication header`; a malformed or unknown one gets 401 `Invalid API key`. A `public` operation lists no
 * 401: a missing, malformed or unknown key there is simply anonymous (null).
 */
export async function authenticate(
  requirement: AuthRequirement,
  authorization: string | undefined,
  resolveKey: ResolveKey,
): Promise<AuthOutcome> {
  const token = readBearerToken(authorization);
  const principal = token.ok ? ((await resolveKey(token.value)) ?? null) : null;
  if (requirement === 'public') return { ok: true, principal };
  if (!token.ok) return { ok: false, status: 401, body: token.error };
  if (principal === null) return { ok: false, status: 401, body: invalidKeyBody() };
  if (requirement === 'management' && principal.kind !== 'management') {
    return { ok: false, status: 403, body: errorBody(403) };
  }
  return { ok: true, principal };
}

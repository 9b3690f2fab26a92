import { UUID_PATTERN } from '../../schemas/shared.js';
import { readBearerToken } from './bearer-token.js';
import { ContractViolation } from './contract-violation.js';
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
  const principal = token.ok ? checkedPrincipal(await resolveKey(token.value)) : null;
  if (requirement === 'public') return { ok: true, principal };
  if (!token.ok) return { ok: false, status: 401, body: token.error };
  if (principal === null) return { ok: false, status: 401, body: invalidKeyBody() };
  if (requirement === 'management' && principal.kind !== 'management') {
    return { ok: false, status: 403, body: errorBody(403) };
  }
  return { ok: true, principal };
}

const uuid = new RegExp(UUID_PATTERN);

/** How a resolver's principal should look, quoted by every complaint about one. */
const FIX =
  "resolveKey must return null for an unknown key, or { kind: 'management' | 'standard', userId: string, " +
  "workspaceId: '<the workspace's UUID>' } (workspaceId: null for a key of no workspace)";

/** What is wrong with each member of a principal, as the log should say it: none for a valid one. */
function wrongMembers(principal: Record<string, unknown>): string[] {
  const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));
  const { kind, userId, workspaceId } = principal;
  const wrong: string[] = [];
  if (kind !== 'management' && kind !== 'standard') {
    wrong.push(`kind is ${show(kind)}, not 'management' or 'standard'`);
  }
  if (typeof userId !== 'string') wrong.push(`userId is ${show(userId)}, not a string`);
  if (workspaceId !== null && !(typeof workspaceId === 'string' && uuid.test(workspaceId))) {
    wrong.push(`workspaceId is ${show(workspaceId)}, not a UUID string or null`);
  }
  return wrong;
}

/**
 * What the resolver returned, checked once per request (contract: authentication): a principal of another shape
 * is the programmer's bug, which becomes a 500 before any operation runs, so that nothing is ever written under a
 * workspace named `undefined` or `""`.
 */
function checkedPrincipal(returned: Principal | null | undefined): Principal | null {
  if (returned === null || returned === undefined) return null;
  const wrong =
    typeof returned === 'object'
      ? wrongMembers(returned as unknown as Record<string, unknown>)
      : [`value is ${typeof returned}, not an object`];
  if (wrong.length === 0) return returned;
  throw new ContractViolation(`resolveKey returned a principal whose ${wrong.join(', and whose ')}; ${FIX}`);
}

/** The principal each request was authenticated as, kept only as long as the request object lives. */
const authenticated = new WeakMap<object, Principal | null>();

/** Remembers whom `request` was authenticated as, for the server around the handler to read. */
export function rememberPrincipal(request: object, principal: Principal | null): void {
  authenticated.set(request, principal);
}

/**
 * Whom a request was authenticated as: undefined before its key was checked, null for no key. A server counts
 * the request's body against that principal's workspace (contract: overload).
 */
export function principalOf(request: object): Principal | null | undefined {
  return authenticated.get(request);
}

import { errorBody } from '../core/errors.js';
import type { ValidationResult } from '../core/validators.js';

/*
 * The credentials (contract: authentication): `Authorization: Bearer <key>`, the key a non-empty run of visible
 * ASCII (0x21-0x7E). The scheme name is case-insensitive (RFC 9110, section 11.1), so `bearer` and `BEARER` are
 * accepted; one or more spaces separate it from the key (RFC 6750, section 2.1), and spaces or tabs around the
 * whole value are ignored as HTTP's optional whitespace (RFC 9110, section 5.5). Anything else, a CR or LF
 * included, is no key at all. A repeated header reads as its values joined by `, ` (contract: authentication),
 * so the space after the first key's comma makes it no key either: 401 wherever a key is needed. The pattern
 * cannot backtrack: each part's characters exclude the next part's, and the `i` flag without `u` never folds
 * non-ASCII into ASCII.
 */
const BEARER_CREDENTIALS = /^[ \t]*bearer +([\x21-\x7e]+)[ \t]*$/i;

/**
 * Reads the API key from an `Authorization` header value: `{ ok: true, value: key }`, or the 401 body
 * (`Missing Authentication header`) when the header is missing, uses another scheme, or holds no valid key.
 * Whether the key is known, and whether it is a management key (403), is for the server to decide next.
 */
export function readBearerToken(authorization: string | null | undefined): ValidationResult<string> {
  const key = typeof authorization === 'string' ? BEARER_CREDENTIALS.exec(authorization)?.[1] : undefined;
  return key === undefined ? { ok: false, error: errorBody(401) } : { ok: true, value: key };
}

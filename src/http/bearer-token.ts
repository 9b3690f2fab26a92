import { errorBody, invalidKeyBody } from '../core/errors.js';
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

/*
 * A value that names the Bearer scheme, followed by a space or tab and something other than spaces and tabs, sends
 * a key; when the whole value does not read as a key, that key is malformed. The lookahead follows a run of one
 * character class from a fixed start, so the pattern stays linear.
 */
const BEARER_WITH_SOMETHING = /^[ \t]*bearer[ \t]+(?=[^ \t])/i;

/**
 * Reads the API key from an `Authorization` header value: `{ ok: true, value: key }`, or a 401 body. A missing
 * header, another scheme, or the scheme without a key gets `Missing Authentication header`; the Bearer scheme
 * followed by something that is not a key of visible ASCII (a space or a control character inside it, two
 * credentials joined by a comma) gets `Invalid API key`. Whether the key is known, and whether it is a management
 * key (403), is for the server to decide next.
 */
export function readBearerToken(authorization: string | null | undefined): ValidationResult<string> {
  if (typeof authorization !== 'string') return { ok: false, error: errorBody(401) };
  const key = BEARER_CREDENTIALS.exec(authorization)?.[1];
  if (key !== undefined) return { ok: true, value: key };
  return { ok: false, error: BEARER_WITH_SOMETHING.test(authorization) ? invalidKeyBody() : errorBody(401) };
}

import { parseJsonBody } from '../body/json-body.js';
import { errorBody, type ErrorBody, type Issue } from '../core/errors.js';
import { validate, type Profile, type RootName } from '../core/validators.js';

/** What the CLI checks every document with. */
export interface CheckSettings {
  name: RootName;
  maxBytes: number;
  profile: Profile;
}

export type Verdict =
  { valid: true; value: unknown } | { valid: false; status: number; issues: Issue[]; error: ErrorBody };

/** The sentence of a document over `--max-bytes`, whose 413 error body carries no issue of its own. */
export const tooLargeMessage = (maxBytes: number) => `is larger than ${maxBytes} bytes (--max-bytes)`;

function tooLarge(maxBytes: number): Verdict {
  const issues = [{ path: '', message: tooLargeMessage(maxBytes) }];
  return { valid: false, status: 413, issues, error: errorBody(413) };
}

function rejected(error: ErrorBody, maxBytes: number): Verdict {
  if (error.error.code === 413) return tooLarge(maxBytes);
  return { valid: false, status: error.error.code, issues: error.error.metadata?.issues ?? [], error };
}

/**
 * One document's verdict, as a server built on the library gives it: the body guards of `parseJsonBody` on the
 * bytes (size, UTF-8, depth, cost, repeated keys, an object root), then `validate` with every issue, up to 20.
 */
export function checkDocument(bytes: Uint8Array | undefined, settings: CheckSettings): Verdict {
  if (bytes === undefined) return tooLarge(settings.maxBytes);
  const parsed = parseJsonBody(bytes, { maxBytes: settings.maxBytes });
  if (!parsed.ok) return rejected(parsed.error, settings.maxBytes);
  const result = validate(settings.name, parsed.value, { profile: settings.profile });
  return result.ok ? { valid: true, value: result.value } : rejected(result.error, settings.maxBytes);
}

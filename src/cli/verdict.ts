import { bodyPipeline, bodyVerdict, type BodyPipeline } from '../body/body-pipeline.js';
import { errorBody, type ErrorBody, type Issue } from '../core/errors.js';
import type { Profile, RootName } from '../core/validators.js';

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
 * The body pipeline a command runs every document through, made once: the one a server built on the library
 * runs a request body through, validating with every issue, up to 20. Node loads validators synchronously,
 * so those that list every issue load on the first invalid document, not ahead.
 */
export function documentPipeline(settings: CheckSettings, normalize = false): BodyPipeline {
  const { name, maxBytes, profile } = settings;
  return bodyPipeline(name, { maxBytes, profile, normalize }, { loadAhead: false });
}

/**
 * One document's verdict, as a server built on the library gives it: the body pipeline on the bytes (size,
 * UTF-8, depth, cost, repeated keys, an object root, the validator, and the normalizer if the pipeline asks).
 * A line the reader found too long comes without bytes.
 */
export function checkDocument(bytes: Uint8Array | undefined, pipeline: BodyPipeline): Verdict {
  const { maxBytes } = pipeline.limits;
  if (bytes === undefined) return tooLarge(maxBytes);
  const result = bodyVerdict(pipeline, bytes);
  return result.ok ? { valid: true, value: result.value } : rejected(result.error, maxBytes);
}

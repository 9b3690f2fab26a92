import type { ErrorObject } from 'ajv';
import type { Issue } from '../generated/types.js';
import { closedProperties, maxIssues, patternRules } from '../generated/validator-facts.js';
import type { SiteError as PrecompiledError } from '../runtime/validator-runtime.js';
import { statusMessages, type ErrorStatus } from '../../schemas/error-statuses.js';
import { alternativesSentence, issuePath, issueSentence, type ErrorSite } from './issue-sentences.js';

export type { ErrorStatus, Issue };
export { statusMessages };

/** At most this many issues in one error body (the error schema's `maxItems`, read at build time). */
export const MAX_ISSUES = maxIssues;

/**
 * The message of a 401 whose key is sent but malformed or unknown; `statusMessages[401]` is the one of a missing
 * key (contract: authentication): the one error message outside the table (schemas/error-statuses.ts).
 */
export const invalidKeyMessage = 'Invalid API key';

/** 400's message, read once: the table's numeric keys make it a dictionary, a hash lookup per read. */
const invalidMessage = statusMessages[400];

/** The error body (docs/contract.md#error-body); `issues` appears on 400 only. */
export type ErrorBody = {
  error: { code: ErrorStatus; message: string; metadata?: { issues: Issue[] } };
};

export function errorBody(status: ErrorStatus, issues?: readonly Issue[]): ErrorBody {
  return ownedErrorBody(status, issues?.slice(0, MAX_ISSUES));
}

/**
 * `errorBody` with an issues list the caller hands over (a fresh one, at most 20): each object is built in its
 * final shape and nothing is copied, since a validator's rejection builds one per call.
 */
export function ownedErrorBody(status: ErrorStatus, issues?: Issue[]): ErrorBody {
  if (status === 400 && issues !== undefined && issues.length > 0) {
    return {
      error: { code: status, message: invalidMessage, metadata: { issues: withinBodyLimit(issues) } },
    };
  }
  return { error: { code: status, message: statusMessages[status] } };
}

/** An error body is at most this many bytes of JSON, whatever the request (contract: issue-paths). */
export const MAX_ERROR_BODY_BYTES = 8 * 1024;

/** The bytes of a 400 body around its issues, and of the comma between two. */
const ENVELOPE_BYTES = JSON.stringify(ownedErrorBody(400)).length + ',"metadata":{"issues":[]}'.length;

/** UTF-8 bytes of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x800) bytes += unit >= 0xd800 && unit <= 0xdfff ? 1 : 2;
    else if (unit >= 0x80) bytes += 1;
  }
  return bytes;
}

/**
 * The issues that fit an error body of `MAX_ERROR_BODY_BYTES`, in order; the first is always kept, its path cut
 * back a segment at a time should it alone not fit. A JSON escape is at most 6 bytes a UTF-16 unit, so lists that
 * cannot come near the limit are never measured.
 */
function withinBodyLimit(issues: Issue[]): Issue[] {
  const room = MAX_ERROR_BODY_BYTES - ENVELOPE_BYTES;
  let bound = 0;
  for (const issue of issues) bound += 6 * (issue.path.length + issue.message.length) + 24;
  if (bound <= room) return issues;
  let used = 0;
  for (let i = 0; i < issues.length; i++) {
    used += utf8Length(JSON.stringify(issues[i])) + (i > 0 ? 1 : 0);
    if (used <= room) continue;
    if (i > 0) return issues.slice(0, i);
    const [first] = issues as [Issue];
    let path = first.path;
    while (path !== '' && utf8Length(JSON.stringify({ ...first, path })) > room) {
      path = path.slice(0, Math.max(0, path.lastIndexOf('/')));
    }
    return [{ path, message: first.message }];
  }
  return issues;
}

/** The 401 body of a key that is sent but malformed or unknown (contract: authentication). */
export function invalidKeyBody(): ErrorBody {
  return { error: { code: 401, message: invalidKeyMessage } };
}

/** The sentences of the issues the body guards report, kept beside the status messages. */
export const bodyIssueMessages = {
  empty: 'must not be empty',
  notUtf8: 'must be UTF-8 text',
  notJson: 'must be valid JSON',
  notObject: 'must be a JSON object',
} as const;

/**
 * The sentence of the issue at an object with a repeated key: where the key's second occurrence opens (its
 * quote, as a 0-based byte offset in the UTF-8 body), never the key, which the client chose (contract:
 * repeated-keys).
 */
export function repeatedKeyMessage(byteOffset: number): string {
  return `has a repeated key at byte ${byteOffset}`;
}

/** The sentences of the body issues only a server meets, which the body guards never report. */
export const requestIssueMessages = {
  notJsonMediaType: 'must be sent with Content-Type application/json',
  incomplete: 'must be received in full',
} as const;

/** The sentence of the issue at the root of a value a validator could not read (a throwing getter or Proxy). */
export const unreadableValueMessage = 'must be a JSON value';

/** The messages of the TypeError `copyJson` throws on a value JSON cannot carry (contract: body-limits). */
export const copyErrorMessages = {
  cycle: 'Cannot copy a value that contains itself: JSON has no cycles',
  hole: 'Cannot copy an array with a hole: JSON arrays have none',
  tooDeep: (maxDepth: number) => `Cannot copy a value nested more than ${maxDepth} levels deep`,
} as const;

/** What a full preset store holds at most of each thing it caps, for the message of its error. */
const storeCaps = {
  maxPresets: 'presets',
  maxPresetsPerWorkspace: 'presets of one workspace',
  maxVersionsPerSlug: 'versions of one slug',
  maxConfigBytes: 'bytes of version JSON',
  maxConfigBytesPerWorkspace: 'bytes of version JSON of one workspace',
} as const;

export type StoreCap = keyof typeof storeCaps;

/** The message of the error a full preset store throws: which cap, and its value. */
export function storeFullMessage(cap: StoreCap, limit: number): string {
  return `The preset store is full: it holds at most ${limit} ${storeCaps[cap]} (${cap})`;
}

/** The message of the error a preset store throws when it cannot answer now: which store, and why. */
export function storeUnavailableMessage(store: string, reason: string): string {
  return `The preset store (${store}) cannot answer now: ${reason}`;
}

/** The sentence of the issue at the first value nested past the depth limit. */
export function tooDeepMessage(maxDepth: number): string {
  return `must not be nested more than ${maxDepth} levels deep`;
}

/**
 * The sentence of the depth issue when its path stops above the too-deep value, at the last name the schemas
 * know (contract: issue-paths): the level of the value it holds.
 */
export function tooDeepBelowMessage(maxDepth: number): string {
  return `must not hold a value nested more than ${maxDepth} levels deep (one at level ${maxDepth + 1} lies below here)`;
}

/** A union's own error: its branches' errors, recorded just before it, say what is wrong. */
export function isUnion(keyword: string): boolean {
  return keyword === 'anyOf' || keyword === 'oneOf';
}

/** Wrappers whose one applied branch reported its errors as they are: the wrapper adds nothing. */
export function isPassThrough(keyword: string): boolean {
  return keyword === 'if' || keyword === 'allOf';
}

/** Keywords that wrap others, unions and pass-throughs: the errors of what they wrap say what is wrong. */
export function isWrapper(keyword: string): boolean {
  return isUnion(keyword) || isPassThrough(keyword);
}

/** An error of the precompiled validators: worded at build time, so `message` is the issue's sentence. */
export type { PrecompiledError };

const patternRule = (pattern: string) =>
  Object.hasOwn(patternRules, pattern) ? patternRules[pattern] : undefined;

const closedRule = (schemaPath: string) =>
  Object.hasOwn(closedProperties, schemaPath) ? closedProperties[schemaPath] : undefined;

/**
 * The sentence of an error. One from a precompiled validator has no `schemaPath` and was worded at build time;
 * one from Ajv at run time is worded now, and a keyword the schemas never use keeps Ajv's own words.
 */
function sentenceOf(error: ErrorObject | PrecompiledError): string {
  if (!('schemaPath' in error)) return error.message;
  return issueSentence(error, patternRule, closedRule) ?? error.message ?? 'is invalid';
}

function depth(path: string): number {
  return path === '' ? 0 : path.split('/').length;
}

type Worded<E> = (error: E) => string;

/**
 * Union wrappers (`anyOf`, `if`) are dropped; of the branch errors, the ones that got deepest into the value are
 * kept, since the branch that matched furthest is the one the sender meant.
 */
function collectIssues<E extends ErrorSite & { instancePath: string }>(
  errors: readonly E[],
  wordOf: Worded<E>,
): Issue[] {
  // With allErrors off, most rejections carry one error: word it without the union bookkeeping below.
  if (errors.length === 1 && !isWrapper(errors[0]!.keyword)) {
    const only = errors[0]!;
    return [{ path: issuePath(only.instancePath, only), message: wordOf(only) }];
  }
  const specific = errors.filter((error) => !isWrapper(error.keyword));
  if (specific.length === 0) return [{ path: '', message: 'is invalid' }];
  // A missing property counts at its own path: the branch that expected it got one level further.
  const reach = (error: E) => depth(issuePath(error.instancePath, error));
  const deepest = Math.max(...specific.map(reach));
  const kept = specific.filter((error) => reach(error) === deepest);
  const samePath = kept.every((error) => error.instancePath === kept[0]!.instancePath);
  const merged = kept.length > 1 && samePath ? alternativesSentence(kept) : undefined;
  if (merged !== undefined) return [{ path: kept[0]!.instancePath, message: merged }];
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of kept) {
    const issue = { path: issuePath(error.instancePath, error), message: wordOf(error) };
    const key = `${issue.path}\n${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
    if (issues.length === MAX_ISSUES) break;
  }
  return issues;
}

/** The errors of a validator, compiled by Ajv at run time (`compileValidator`) or precompiled, as issues. */
export function issuesFromAjv(
  errors: readonly (ErrorObject | PrecompiledError)[] | null | undefined,
): Issue[] {
  return collectIssues(errors ?? [], sentenceOf);
}

/**
 * The issues of a guard's last rejection (`validateMessagesRequest.errors`, ...), its first issue: for
 * `errorBody(400, issuesOf(guard))`. Lighter than `issuesFromAjv`, which words the errors of a validator compiled
 * at run time: a guard's sentences were written at build time.
 */
export function issuesOf(guard: { readonly errors?: readonly PrecompiledError[] | null }): Issue[] {
  return issuesFromPrecompiled(guard.errors);
}

/** The errors of a precompiled validator as issues; their sentences were written at build time. */
export function issuesFromPrecompiled(errors: readonly PrecompiledError[] | null | undefined): Issue[] {
  // The common case, one error, without the closure and bookkeeping of `collectIssues`.
  if (errors !== null && errors !== undefined && errors.length === 1 && !isWrapper(errors[0]!.keyword)) {
    const only = errors[0]!;
    return [{ path: issuePath(only.instancePath, only), message: only.message }];
  }
  return collectIssues(errors ?? [], (error) => error.message);
}

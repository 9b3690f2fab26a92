import type { ErrorObject } from 'ajv';
import { MAX_ISSUES, type Issue } from '../schemas/error-response.js';
import { patternRules } from './generated/validators.js';

export { MAX_ISSUES, type Issue };

/** §7's status -> message table, plus D11's 413: the only place an error message is written. */
export const statusMessages = {
  400: 'Invalid request parameters',
  401: 'Missing Authentication header',
  403: 'Only management keys can perform this operation',
  404: 'Resource not found',
  409: 'Resource conflict. Please try again later.',
  413: 'Request body too large',
  500: 'Internal Server Error',
} as const;

export type ErrorStatus = keyof typeof statusMessages;

/** D8: the error body; `issues` appears on 400 only. */
export type ErrorBody = {
  error: { code: ErrorStatus; message: string; metadata?: { issues: Issue[] } };
};

export function errorBody(status: ErrorStatus, issues?: readonly Issue[]): ErrorBody {
  const error: ErrorBody['error'] = { code: status, message: statusMessages[status] };
  if (status === 400 && issues && issues.length > 0) {
    error.metadata = { issues: issues.slice(0, MAX_ISSUES) };
  }
  return { error };
}

/** D8, D11: the sentences of the issues the body guards report, kept beside the status messages. */
export const bodyIssueMessages = {
  empty: 'must not be empty',
  notUtf8: 'must be UTF-8 text',
  notJson: 'must be valid JSON',
  notObject: 'must be a JSON object',
  repeatedKey: 'must not repeat a key of its object',
} as const;

/** D11: the sentence of the issue at the first value nested past the limit. */
export function tooDeepMessage(maxDepth: number): string {
  return `must not be nested more than ${maxDepth} levels deep`;
}

const typeNouns: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const wrapperKeywords = new Set(['anyOf', 'oneOf', 'if', 'allOf']);

function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function listValues(values: readonly unknown[]): string {
  return values.map((value) => (value === null ? 'null' : String(value))).join(', ');
}

function typeSentence(types: readonly string[]): string {
  return types.map((type) => typeNouns[type] ?? type).join(' or ');
}

/** Turns one Ajv error into an issue; the sentence names the rule and its limit, never the value. */
function issueFrom(error: ErrorObject): Issue {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const limit = params['limit'];
  switch (error.keyword) {
    case 'required':
      return { path: `${at}/${pointerSegment(String(params['missingProperty']))}`, message: 'is required' };
    case 'additionalProperties':
      return {
        path: `${at}/${pointerSegment(String(params['additionalProperty']))}`,
        message: 'is not allowed',
      };
    case 'type':
      return { path: at, message: `must be ${typeSentence(String(params['type']).split(','))}` };
    case 'enum':
      return { path: at, message: `must be one of: ${listValues(params['allowedValues'] as unknown[])}` };
    case 'const':
      return { path: at, message: `must be ${listValues([params['allowedValue']])}` };
    case 'maxItems':
      return { path: at, message: `must have at most ${limit} items` };
    case 'minItems':
      return { path: at, message: `must have at least ${limit} items` };
    case 'maxLength':
      return { path: at, message: `must have at most ${limit} characters` };
    case 'minLength':
      return { path: at, message: `must have at least ${limit} characters` };
    case 'maximum':
      return { path: at, message: `must be at most ${limit}` };
    case 'minimum':
      return { path: at, message: `must be at least ${limit}` };
    case 'exclusiveMaximum':
      return { path: at, message: `must be less than ${limit}` };
    case 'exclusiveMinimum':
      return { path: at, message: `must be greater than ${limit}` };
    case 'maxTotalLength':
      return { path: at, message: `must have at most ${limit} characters in total` };
    case 'pattern': {
      const pattern = String(params['pattern']);
      const rule = Object.hasOwn(patternRules, pattern) ? patternRules[pattern] : undefined;
      return {
        path: at,
        message: rule === undefined ? `must match ${params['pattern']}` : `must be ${rule}`,
      };
    }
    case 'discriminator': {
      // The tag's own enum reports an unknown value first, so this is rare: a tag of the wrong type.
      const tagPath = `${at}/${pointerSegment(String(params['tag']))}`;
      return {
        path: tagPath,
        message: params['error'] === 'tag' ? 'must be a string' : 'must be a known kind',
      };
    }
    case 'false schema': {
      // `dependencies: { a: { properties: { b: false } } }` says b may not be sent with a (§4.1).
      const partner = /\/dependencies\/([^/]+)\//.exec(error.schemaPath)?.[1];
      return { path: at, message: partner ? `must not be combined with ${partner}` : 'is not allowed' };
    }
    default:
      return { path: at, message: error.message ?? 'is invalid' };
  }
}

function depth(path: string): number {
  return path === '' ? 0 : path.split('/').length;
}

/** Several branch errors at one path (from an `anyOf`) read as one sentence: `must be a string or an array`. */
function mergeAlternatives(errors: readonly ErrorObject[]): Issue | undefined {
  const types: string[] = [];
  const values: unknown[] = [];
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'type') types.push(...String(params['type']).split(','));
    else if (error.keyword === 'enum') values.push(...(params['allowedValues'] as unknown[]));
    else if (error.keyword === 'const') values.push(params['allowedValue']);
    else return undefined;
  }
  const parts = [...new Set(types)].map((type) => typeNouns[type] ?? type);
  if (values.length > 0) parts.push(`one of: ${listValues([...new Set(values)])}`);
  return { path: errors[0]?.instancePath ?? '', message: `must be ${parts.join(' or ')}` };
}

/**
 * D8: Ajv's errors as issues. Union wrappers (`anyOf`, `if`) are dropped; of the branch errors, the ones that
 * got deepest into the value are kept, since the branch that matched furthest is the one the sender meant.
 */
export function issuesFromAjv(errors: readonly ErrorObject[] | null | undefined): Issue[] {
  // With allErrors off, most rejections carry one error: word it without the union bookkeeping below.
  const only = errors?.length === 1 ? errors[0] : undefined;
  if (only !== undefined && !wrapperKeywords.has(only.keyword)) return [issueFrom(only)];
  const specific = (errors ?? []).filter((error) => !wrapperKeywords.has(error.keyword));
  if (specific.length === 0) return [{ path: '', message: 'is invalid' }];
  const deepest = Math.max(...specific.map((error) => depth(error.instancePath)));
  const kept = specific.filter((error) => depth(error.instancePath) === deepest);
  const samePath = kept.every((error) => error.instancePath === kept[0]?.instancePath);
  const merged = kept.length > 1 && samePath ? mergeAlternatives(kept) : undefined;
  if (merged) return [merged];
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of kept) {
    const issue = issueFrom(error);
    const key = `${issue.path}\n${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
    if (issues.length === MAX_ISSUES) break;
  }
  return issues;
}

import type { ErrorObject } from 'ajv';
import { MAX_ISSUES, type Issue } from '../schemas/error-response.js';

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

type SchemaNode = Readonly<Record<string, unknown>>;

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

/** The schema that holds the failing keyword; Ajv's `verbose` option puts it on every error. */
function parentSchemaOf(error: ErrorObject): SchemaNode | undefined {
  const parent: unknown = error.parentSchema;
  return parent !== null && typeof parent === 'object' ? (parent as SchemaNode) : undefined;
}

function listValues(values: readonly unknown[]): string {
  return values.map((value) => (value === null ? 'null' : String(value))).join(', ');
}

function typeSentence(types: readonly string[]): string {
  return types.map((type) => typeNouns[type] ?? type).join(' or ');
}

/** The tag values of a discriminated `oneOf`, read from each branch's single-value enum or const. */
function tagValues(parent: SchemaNode | undefined, tag: string): unknown[] {
  const branches = (parent?.['oneOf'] ?? []) as readonly SchemaNode[];
  return branches.flatMap((branch) => {
    const property = (branch['properties'] as Record<string, SchemaNode> | undefined)?.[tag];
    if (property === undefined) return [];
    return 'const' in property ? [property['const']] : ((property['enum'] as unknown[] | undefined) ?? []);
  });
}

/** Turns one Ajv error into an issue; the sentence names the rule and its limit, never the value. */
function issueFrom(error: ErrorObject): Issue {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const limit = params['limit'];
  switch (error.keyword) {
    case 'required':
      return { path: `${at}/${pointerSegment(String(params['missingProperty']))}`, message: 'is required' };
    case 'additionalProperties': {
      const allowed = Object.keys((parentSchemaOf(error)?.['properties'] as object | undefined) ?? {});
      return {
        path: `${at}/${pointerSegment(String(params['additionalProperty']))}`,
        message: `is not allowed (allowed: ${allowed.join(', ')})`,
      };
    }
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
      const description = parentSchemaOf(error)?.['description'];
      return {
        path: at,
        message:
          typeof description === 'string' ? `must be ${description}` : `must match ${params['pattern']}`,
      };
    }
    case 'discriminator': {
      const tag = String(params['tag']);
      const path = `${at}/${pointerSegment(tag)}`;
      if (params['error'] === 'tag') return { path, message: 'must be a string' };
      return { path, message: `must be one of: ${listValues(tagValues(parentSchemaOf(error), tag))}` };
    }
    case 'not': {
      const negated = error.schema as SchemaNode | undefined;
      const together = negated?.['required'] as readonly string[] | undefined;
      if (together && together.length > 1) {
        const [first, ...rest] = together;
        return {
          path: `${at}/${pointerSegment(rest[rest.length - 1] ?? '')}`,
          message: `must not be combined with ${first}`,
        };
      }
      const forbidden = negated?.['enum'] as readonly unknown[] | undefined;
      if (forbidden) return { path: at, message: `must not be one of: ${listValues(forbidden)}` };
      return { path: at, message: 'is not allowed' };
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

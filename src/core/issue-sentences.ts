import { namedEnums } from '../../schemas/country-codes.js';
import { pointerSegment } from './json-pointer.js';

/**
 * How one validation error reads as an issue (docs/contract.md#error-body), a JSON Pointer and a sentence that names
 * the rule and its limit, never the value. The build words every error site of the precompiled validators with
 * this ahead of time; src/core/errors.ts words the errors of validators compiled at run time with it.
 */

/** What an issue is worded from: an Ajv error without its message. */
export interface ErrorSite {
  keyword: string;
  params: Record<string, unknown>;
  /**
   * Read by a `false schema` error, for the property its `dependencies` entry names, and by an
   * `additionalProperties` error, for the properties its object accepts.
   */
  schemaPath?: string;
}

/** The rule of each enum too long to list, by its values as JSON: the sentence says the rule, not the list. */
const enumRules: ReadonlyMap<string, string> = /* @__PURE__ */ new Map(
  /* @__PURE__ */ namedEnums.map(({ values, rule }) => [JSON.stringify(values), rule]),
);

export const typeNouns: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

export function listValues(values: readonly unknown[]): string {
  return values.map((value) => (value === null ? 'null' : String(value))).join(', ');
}

/** `type` params hold one type or a list (`["string","null"]`, or `"string,null"` as Ajv joins some). */
export function typesOf(type: unknown): string[] {
  return Array.isArray(type) ? type.map(String) : String(type).split(',');
}

/** A limit and its noun, singular for a limit of 1: `1 item`, `3 items`. */
function counted(limit: unknown, noun: string): string {
  return `${limit} ${limit === 1 ? noun : `${noun}s`}`;
}

function typeSentence(types: readonly string[]): string {
  return types.map((type) => typeNouns[type] ?? type).join(' or ');
}

/**
 * The property an error is about, when it is not the value at `instancePath` itself: always a name the schema
 * gives. An `additionalProperties` error names a property the sender made up, so its issue stays at the object
 * that holds it and the sentence names the rule instead (contract: issue-paths).
 */
function propertyOf({ keyword, params }: ErrorSite): unknown {
  if (keyword === 'required') return params['missingProperty'];
  if (keyword === 'discriminator') return params['tag'];
  return undefined;
}

/** The issue's path: the value's own, or the schema's property a `required` or tag error names. */
export function issuePath(instancePath: string, site: ErrorSite): string {
  const property = propertyOf(site);
  return property === undefined ? instancePath : `${instancePath}/${pointerSegment(String(property))}`;
}

/**
 * The sentence of an object that accepts only the properties its schema lists, naming them when `names` is
 * known, and never the property that was sent (contract: issue-paths).
 */
export function closedObjectSentence(names: readonly string[] | undefined): string {
  if (names === undefined) return 'must not have properties other than the ones its schema lists';
  if (names.length === 0) return 'must not have any property';
  return `must have only the ${names.length === 1 ? 'property' : 'properties'} ${names.join(', ')}`;
}

/**
 * The issue's sentence, or undefined for a keyword the schemas never use. `patternRule` gives a `pattern`'s
 * description, the phrase that completes "must be ..."; a pattern without one is quoted. `closedRule` gives,
 * by the schema path of an `additionalProperties` error, the properties the object accepts.
 */
export function issueSentence(
  site: ErrorSite,
  patternRule: (pattern: string) => string | undefined,
  closedRule: (schemaPath: string) => readonly string[] | undefined = () => undefined,
): string | undefined {
  const { params } = site;
  const limit = params['limit'];
  switch (site.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return closedObjectSentence(closedRule(site.schemaPath ?? ''));
    case 'type':
      return `must be ${typeSentence(typesOf(params['type']))}`;
    case 'enum': {
      const rule = enumRules.get(JSON.stringify(params['allowedValues']));
      return rule === undefined
        ? `must be one of: ${listValues(params['allowedValues'] as unknown[])}`
        : `must be ${rule}`;
    }
    case 'const':
      return `must be ${listValues([params['allowedValue']])}`;
    case 'maxItems':
      return `must have at most ${counted(limit, 'item')}`;
    case 'minItems':
      return `must have at least ${counted(limit, 'item')}`;
    case 'maxLength':
      return `must have at most ${counted(limit, 'character')}`;
    case 'minLength':
      return `must have at least ${counted(limit, 'character')}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${limit}`;
    case 'maxTotalLength':
      return `must have at most ${counted(limit, 'character')} in total`;
    case 'pattern': {
      const pattern = String(params['pattern']);
      const rule = patternRule(pattern);
      return rule === undefined ? `must match ${pattern}` : `must be ${rule}`;
    }
    case 'discriminator':
      // The tag's own enum reports an unknown value first, so this is rare: a tag of the wrong type.
      return params['error'] === 'tag' ? 'must be a string' : 'must be a known kind';
    case 'false schema': {
      // `dependencies: { a: { properties: { b: false } } }`: b may not be sent with a (contract: fallbacks).
      const partner = /\/dependencies\/([^/]+)\//.exec(site.schemaPath ?? '')?.[1];
      return partner ? `must not be combined with ${partner}` : 'is not allowed';
    }
    default:
      return undefined;
  }
}

/** Several branch errors at one path (from an `anyOf`) as one sentence: `must be a string or an array`. */
export function alternativesSentence(sites: readonly ErrorSite[]): string | undefined {
  const types: string[] = [];
  const values: unknown[] = [];
  for (const { keyword, params } of sites) {
    if (keyword === 'type') types.push(...typesOf(params['type']));
    else if (keyword === 'enum') values.push(...(params['allowedValues'] as unknown[]));
    else if (keyword === 'const') values.push(params['allowedValue']);
    else return undefined;
  }
  const parts = [...new Set(types)].map((type) => typeNouns[type] ?? type);
  if (values.length > 0) parts.push(`one of: ${listValues([...new Set(values)])}`);
  return `must be ${parts.join(' or ')}`;
}

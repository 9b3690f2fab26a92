import type { Issue } from '../generated/types.js';
import {
  MAX_ISSUES,
  isPassThrough,
  isUnion,
  isWrapper,
  issuesFromPrecompiled,
  type PrecompiledError,
} from './errors.js';
import { issuePath } from './issue-sentences.js';
import { pointerSegment, pointerSegments } from './json-pointer.js';

/**
 * Every issue of a failing body, up to 20, in document order (docs/contract.md#every-issue), from the errors of
 * a reject-path validator, which collects all of them and stops at the cap while validating.
 */

function within(path: string, at: string): boolean {
  return path === at || path.startsWith(`${at}/`);
}

type Entry = { kind: 'error'; error: PrecompiledError } | { kind: 'issues'; at: string; issues: Issue[] };

const entryPath = (entry: Entry) => (entry.kind === 'error' ? entry.error.instancePath : entry.at);

/**
 * The errors with each failed union's branch errors, the ones recorded right before it at or under its path,
 * worded as that union's issues: the branch that got deepest into the value is the one the sender meant.
 */
function foldUnions(errors: readonly PrecompiledError[]): Entry[] {
  const entries: Entry[] = [];
  for (const error of errors) {
    if (isPassThrough(error.keyword)) continue;
    if (!isUnion(error.keyword)) {
      entries.push({ kind: 'error', error });
      continue;
    }
    const at = error.instancePath;
    let start = entries.length;
    while (start > 0 && within(entryPath(entries[start - 1]!), at)) start--;
    const branchErrors: PrecompiledError[] = [];
    for (const entry of entries.splice(start)) {
      if (entry.kind === 'error') branchErrors.push(entry.error);
      else {
        for (const { path, message } of entry.issues) {
          branchErrors.push({ instancePath: path, keyword: 'union', params: {}, message });
        }
      }
    }
    const issues =
      branchErrors.length === 0 ? [{ path: at, message: 'is invalid' }] : issuesFromPrecompiled(branchErrors);
    entries.push({ kind: 'issues', at, issues });
  }
  return entries;
}

/**
 * Where each issue sits in the value, as positions along its path: an array index, or a key's rank in its
 * object's own order (a missing key after every present one). Each object's ranks are read once.
 */
function documentPositions(value: unknown): (path: string) => number[] {
  const ranks = new Map<object, Map<string, number>>();
  const rankOf = (object: object, key: string): number => {
    let rank = ranks.get(object);
    if (rank === undefined) {
      rank = new Map(Object.keys(object).map((name, index) => [name, index]));
      ranks.set(object, rank);
    }
    return rank.get(key) ?? rank.size;
  };
  return (path) => {
    const positions: number[] = [];
    let node: unknown = value;
    for (const key of pointerSegments(path)) {
      if (node === null || typeof node !== 'object') break;
      if (Array.isArray(node)) {
        positions.push(Number(key));
        node = node[Number(key)];
      } else {
        positions.push(rankOf(node, key));
        node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
      }
    }
    return positions;
  };
}

/** Earlier in the document first; an object before what it holds. */
function compareOrder(a: readonly number[], b: readonly number[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * Whether a discriminator error repeats the issue of its tag's own `enum` (an unknown kind). The paths are
 * compared only where their lengths agree: comparing flattens the validator's concatenated paths, which costs
 * more than the rest of the wording (startsWith on them, measured, twice the cost of one `===`).
 */
function repeatsATag(errors: readonly PrecompiledError[], discriminator: PrecompiledError): boolean {
  const at = discriminator.instancePath;
  const tag = pointerSegment(String(discriminator.params['tag']));
  const length = at.length + 1 + tag.length;
  let tagPath: string | undefined;
  for (const { keyword, instancePath } of errors) {
    if (keyword === 'discriminator' || instancePath.length !== length) continue;
    tagPath ??= `${at}/${tag}`;
    if (instancePath === tagPath) return true;
  }
  return false;
}

/**
 * The issues of errors without a union or wrapper among them, each as it is and in the validator's order (the
 * common rejection: no folding to do); undefined when there is a union to fold.
 */
function plainIssues(errors: readonly PrecompiledError[]): Issue[] | undefined {
  const issues: Issue[] = [];
  for (const error of errors) {
    if (isWrapper(error.keyword)) return undefined;
    if (error.keyword === 'discriminator' && repeatsATag(errors, error)) continue;
    issues.push({ path: issuePath(error.instancePath, error), message: error.message });
  }
  return issues;
}

/** The issues of errors with unions folded, the discriminator's that would repeat a tag's left out. */
function foldedIssues(errors: readonly PrecompiledError[]): Issue[] {
  const entries = foldUnions(errors);
  const plain = entries.flatMap((entry) => (entry.kind === 'error' ? [entry.error] : []));
  const issues: Issue[] = [];
  for (const entry of entries) {
    if (entry.kind === 'issues') issues.push(...entry.issues);
    else if (entry.error.keyword !== 'discriminator' || !repeatsATag(plain, entry.error)) {
      issues.push({ path: issuePath(entry.error.instancePath, entry.error), message: entry.error.message });
    }
  }
  return issues;
}

/**
 * The issues without repeats, in place: sorted by place, repeats sit in one run of equal places, so each issue
 * is compared with the ones of its run only.
 */
function withoutRepeats(placed: readonly { issue: Issue; position: readonly number[] }[]): Issue[] {
  const issues: Issue[] = [];
  let runStart = 0;
  for (let i = 0; i < placed.length; i++) {
    const { issue, position } = placed[i]!;
    if (i > 0 && compareOrder(placed[i - 1]!.position, position) !== 0) runStart = issues.length;
    let repeated = false;
    for (let j = runStart; j < issues.length && !repeated; j++) {
      repeated = issues[j]!.path === issue.path && issues[j]!.message === issue.message;
    }
    if (!repeated) issues.push(issue);
  }
  return issues;
}

/** The issues of a reject-path validator's errors on `value`: unions folded, repeats dropped, in document order. */
export function everyIssue(errors: readonly PrecompiledError[], value: unknown): Issue[] {
  // The common rejection, one error of one rule, without any bookkeeping.
  const only = errors.length === 1 ? errors[0]! : undefined;
  if (only !== undefined && !isWrapper(only.keyword)) {
    return [{ path: issuePath(only.instancePath, only), message: only.message }];
  }
  const issues = plainIssues(errors) ?? foldedIssues(errors);
  if (issues.length <= 1) return issues;
  const positionOf = documentPositions(value);
  const placed = issues.map((issue) => ({ issue, position: positionOf(issue.path) }));
  // Array.prototype.sort is stable: issues at one place keep the order the validator found them in.
  placed.sort((a, b) => compareOrder(a.position, b.position));
  return withoutRepeats(placed).slice(0, MAX_ISSUES);
}

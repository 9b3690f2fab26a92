import type { Issue } from '../generated/types.js';
import { MAX_ISSUES, issuesFromPrecompiled, type PrecompiledError } from './errors.js';
import { issuePath } from './issue-sentences.js';

/**
 * Every issue of a failing body, up to 20, in document order (docs/contract.md#every-issue), from the errors of
 * a reject-path validator, which collects all of them and stops at the cap while validating.
 */

/** A union's own error: its branches' errors, recorded just before it, say what is wrong. */
function isUnion(keyword: string): boolean {
  return keyword === 'anyOf' || keyword === 'oneOf';
}

/** Wrappers whose one applied branch reported its errors as they are: the wrapper adds nothing. */
function isPassThrough(keyword: string): boolean {
  return keyword === 'if' || keyword === 'allOf';
}

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

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
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
    for (const segment of path === '' ? [] : path.slice(1).split('/')) {
      if (node === null || typeof node !== 'object') break;
      const key = unescapeSegment(segment);
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

/** The issues of a reject-path validator's errors on `value`: unions folded, repeats dropped, in document order. */
export function everyIssue(errors: readonly PrecompiledError[], value: unknown): Issue[] {
  // The common rejection, one error of one rule, without the bookkeeping below (flatMap and Sets cost 1 µs).
  const only = errors.length === 1 ? errors[0]! : undefined;
  if (only !== undefined && !isUnion(only.keyword) && !isPassThrough(only.keyword)) {
    return [{ path: issuePath(only.instancePath, only), message: only.message }];
  }
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const entries = foldUnions(errors);
  // A tag's own `enum` already says an unknown kind is wrong; the discriminator's issue there would repeat it.
  const taggedAt = new Set<string>();
  for (const entry of entries) {
    if (entry.kind === 'error' && entry.error.keyword !== 'discriminator')
      taggedAt.add(entry.error.instancePath);
  }
  for (const entry of entries) {
    if (entry.kind === 'error' && entry.error.keyword === 'discriminator') {
      if (taggedAt.has(issuePath(entry.error.instancePath, entry.error))) continue;
    }
    const worded =
      entry.kind === 'issues'
        ? entry.issues
        : [{ path: issuePath(entry.error.instancePath, entry.error), message: entry.error.message }];
    for (const issue of worded) {
      const key = `${issue.path}\n${issue.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(issue);
    }
  }
  if (issues.length === 1) return issues;
  const positionOf = documentPositions(value);
  const placed = issues.map((issue) => ({ issue, position: positionOf(issue.path) }));
  // Array.prototype.sort is stable: issues at one place keep the order the validator found them in.
  placed.sort((a, b) => compareOrder(a.position, b.position));
  return placed.slice(0, MAX_ISSUES).map(({ issue }) => issue);
}

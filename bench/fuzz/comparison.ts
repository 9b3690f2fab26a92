import { implementationNames, type ImplementationName, type Outcome } from './implementations.js';

/**
 * Where the outcomes of the three implementations on one value part: Ajv's own code is the reference, and the
 * shipped validators and `compileValidator` are each held to it on the verdict, on the first error (its
 * `instancePath` and `keyword`), and on the issues the library reports (path and sentence, in order).
 */
export type Aspect = 'verdict' | 'first error' | 'issues';

export interface Difference {
  aspect: Aspect;
  /** The implementation that parts from Ajv's own code. */
  implementation: Exclude<ImplementationName, 'ajv'>;
  outcomes: Record<ImplementationName, Outcome>;
}

function aspectApart(reference: Outcome, other: Outcome): Aspect | undefined {
  if (reference.valid !== other.valid) return 'verdict';
  if (reference.valid === 'threw' && other.valid === 'threw') {
    return reference.error === other.error ? undefined : 'verdict';
  }
  if (reference.valid !== false || other.valid !== false) return undefined;
  const [a, b] = [reference.firstError, other.firstError];
  if (a.instancePath !== b.instancePath || a.keyword !== b.keyword) return 'first error';
  if (reference.issues.length !== other.issues.length) return 'issues';
  for (let i = 0; i < reference.issues.length; i++) {
    const [x, y] = [reference.issues[i]!, other.issues[i]!];
    if (x.path !== y.path || x.message !== y.message) return 'issues';
  }
  return undefined;
}

/** The first way the outcomes differ, or undefined when all three agree. */
export function compareOutcomes(outcomes: Record<ImplementationName, Outcome>): Difference | undefined {
  for (const implementation of implementationNames) {
    if (implementation === 'ajv') continue;
    const aspect = aspectApart(outcomes.ajv, outcomes[implementation]);
    if (aspect !== undefined) return { aspect, implementation, outcomes };
  }
  return undefined;
}

/** Two differences are the same kind when the same implementation parts on the same aspect: what shrinking keeps. */
export function sameKind(a: Difference, b: Difference): boolean {
  return a.aspect === b.aspect && a.implementation === b.implementation;
}

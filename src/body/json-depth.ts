import { checkedLimit, DEFAULT_MAX_DEPTH } from './body-limits.js';
import { errorBody, tooDeepBelowMessage, tooDeepMessage } from '../core/errors.js';
import { namedPointer } from './issue-path.js';
import type { ValidationResult } from '../core/validators.js';

/** An open container of the walk, and the position of the next child to visit. */
interface Step {
  container: object;
  keys: readonly string[];
  next: number;
}

/**
 * The depth limit for a value that is already parsed (a framework's JSON parser ran first, so text checks
 * cannot): the first object or array, in document order, nested deeper than `maxDepth` levels (the root is
 * level 1) gets 400 at its JSON Pointer, cut at the first key the schemas do not name, the sentence then giving
 * the level (contract: issue-paths). The walk uses an explicit stack, so it cannot overflow the call stack.
 * An object already walked through at a depth no greater than now is skipped, so shared objects cost linear
 * time; one that contains itself is entered again each time, so a cycle ends as too deep instead of looping.
 */
export function checkJsonDepth<T>(value: T, maxDepth: number = DEFAULT_MAX_DEPTH): ValidationResult<T> {
  checkedLimit('maxDepth', maxDepth, 1);
  if (value === null || typeof value !== 'object') return { ok: true, value };
  const walkedAt = new WeakMap<object, number>();
  const path: Step[] = [{ container: value, keys: Object.keys(value), next: 0 }];
  while (path.length > 0) {
    const step = path[path.length - 1] as Step;
    if (step.next === step.keys.length) {
      // Recorded when done, not when entered, so a container met again inside itself is walked again.
      walkedAt.set(step.container, path.length);
      path.pop();
      continue;
    }
    const key = step.keys[step.next++] as string;
    const child: unknown = (step.container as Record<string, unknown>)[key];
    if (child === null || typeof child !== 'object') continue;
    const depth = path.length + 1;
    if (depth > maxDepth) {
      const segments = path.map((open) => {
        const key = open.keys[open.next - 1] as string;
        return Array.isArray(open.container) ? Number(key) : key;
      });
      const { pointer, whole } = namedPointer(segments);
      const message = whole ? tooDeepMessage(maxDepth) : tooDeepBelowMessage(maxDepth);
      return { ok: false, error: errorBody(400, [{ path: pointer, message }]) };
    }
    const walkedDepth = walkedAt.get(child);
    if (walkedDepth !== undefined && walkedDepth <= depth) continue;
    path.push({ container: child, keys: Object.keys(child), next: 0 });
  }
  return { ok: true, value };
}

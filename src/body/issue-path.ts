import { propertyNames } from '../generated/validator-facts.js';
import { pointerSegment } from '../core/json-pointer.js';

/*
 * What a body guard's issue path may hold (contract: issue-paths): array indices and the property names the
 * schemas declare, never a name only the client chose. A path is cut at its first segment that is neither.
 */

const schemaNames: ReadonlySet<string> = /* @__PURE__ */ new Set(propertyNames);

/** The JSON Pointer a body guard reports for a place in the body, and whether it names the place itself. */
export interface NamedPointer {
  pointer: string;
  /** False when the path was cut short of the place at a name the schemas do not declare. */
  whole: boolean;
}

/**
 * The JSON Pointer of `segments` (an array index as a number, an object's key as a string) up to the first key
 * the schemas do not declare as a property name.
 */
export function namedPointer(segments: readonly (string | number)[]): NamedPointer {
  let pointer = '';
  for (const segment of segments) {
    if (typeof segment === 'string' && !schemaNames.has(segment)) return { pointer, whole: false };
    pointer += `/${typeof segment === 'number' ? String(segment) : pointerSegment(segment)}`;
  }
  return { pointer, whole: true };
}

/*
 * What a body within the size and depth limits may cost to parse (docs/contract.md#body-cost). V8's JSON.parse
 * spends far more on a body than its size suggests in two cases, both measured by `npm run bench:attack-cost`:
 * objects whose key sequences are new to it (a hidden class per new key sequence, about 5-9 microseconds each,
 * against about 0.1 for a number), and objects or arrays packed densely (every `{}` or `[]` an allocation, a `{}` per 3 characters
 * against one object per 31 in a body of short turns). The linear scan before JSON.parse bounds both.
 */

/** The distinct object shapes a body may start by default (a shape is an object's keys in order up to one). */
export const DEFAULT_MAX_OBJECT_SHAPES = 4096;

/** Objects and arrays any body may hold, whatever its size. */
export const FREE_CONTAINERS = 4096;

/** Past `FREE_CONTAINERS`, one object or array is allowed per this many characters of the body. */
export const CHARACTERS_PER_CONTAINER = 24;

export function tooManyShapesMessage(maxShapes: number): string {
  return `must not start more than ${maxShapes} distinct object shapes (sequences of keys)`;
}

export const tooDenseMessage = `must not hold more than ${FREE_CONTAINERS} objects and arrays plus one per ${CHARACTERS_PER_CONTAINER} characters`;

/** The most objects and arrays a body of `characters` may hold. */
export function maxContainers(characters: number): number {
  return FREE_CONTAINERS + Math.floor(characters / CHARACTERS_PER_CONTAINER);
}

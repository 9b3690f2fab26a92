import { copyErrorMessages } from './errors.js';

/**
 * The deepest nesting accepted by default. A level is one object or array: the root object is level 1,
 * a container directly inside it level 2, and so on; a string, number, boolean or null adds no level, since
 * it nests nothing. So 64 levels allow 64 containers inside each other, and the 65th gets 400.
 */
export const DEFAULT_MAX_DEPTH = 64;

/**
 * A deep copy of a JSON value made of fresh plain objects and arrays, every key kept exactly: `__proto__`,
 * `constructor` and `prototype` are JSON keys like any other, so a tool schema with a property of that name
 * keeps it, and each lands as an own data property, never through a prototype's setter. A value nested more
 * than `maxDepth` levels (the value itself level 1; contract: body-limits), holding itself, or holding an
 * array hole throws a TypeError: JSON carries none of these. A value reached twice without a cycle is copied
 * once and shared in the copy, so a value of shared parts costs its distinct parts, not every path to them.
 */
export function copyJson<T>(value: T, maxDepth: number = DEFAULT_MAX_DEPTH): T {
  const ancestors = new Set<object>();
  const copies = new Map<object, { copy: object; height: number }>();
  // The levels of the value last copied: recursion returns it here, so no result object is built per value.
  let height = 0;

  function copy(source: unknown, level: number): unknown {
    height = 0;
    if (source === null || typeof source !== 'object') return source;
    const known = copies.get(source);
    if (known !== undefined) {
      if (level + known.height - 1 > maxDepth) throw new TypeError(copyErrorMessages.tooDeep(maxDepth));
      height = known.height;
      return known.copy;
    }
    if (ancestors.has(source)) throw new TypeError(copyErrorMessages.cycle);
    if (level > maxDepth) throw new TypeError(copyErrorMessages.tooDeep(maxDepth));
    ancestors.add(source);
    let deepest = 0;
    let target: object;
    if (Array.isArray(source)) {
      const list: unknown[] = [];
      for (let index = 0; index < source.length; index++) {
        if (!Object.hasOwn(source, index)) throw new TypeError(copyErrorMessages.hole);
        list.push(copy(source[index], level + 1));
        deepest = Math.max(deepest, height);
      }
      target = list;
    } else {
      const record: Record<string, unknown> = {};
      for (const key of Object.keys(source)) {
        const item = copy((source as Record<string, unknown>)[key], level + 1);
        deepest = Math.max(deepest, height);
        // Assigning `__proto__` would call Object.prototype's setter; defining it makes the own key JSON meant.
        if (key === '__proto__') {
          Object.defineProperty(record, key, {
            value: item,
            writable: true,
            enumerable: true,
            configurable: true,
          });
        } else record[key] = item;
      }
      target = record;
    }
    ancestors.delete(source);
    height = deepest + 1;
    copies.set(source, { copy: target, height });
    return target;
  }

  return copy(value, 1) as T;
}

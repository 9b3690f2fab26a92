/**
 * Keys that are never copied into an object the library builds: `__proto__` would replace the new object's
 * prototype on assignment, and `constructor`/`prototype` are how prototype-pollution payloads reach it.
 */
export const unsafeKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A deep copy of a JSON value made of fresh plain objects and arrays, without the unsafe keys. It walks with an
 * explicit stack, so a deeply nested value cannot overflow the call stack.
 */
export function copyJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: Array<[source: object, target: Record<string, unknown> | unknown[]]> = [
    [value, root as Record<string, unknown>],
  ];
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [source, target] = pair;
    if (Array.isArray(source)) {
      const list = target as unknown[];
      for (const item of source as unknown[]) list.push(fresh(item, stack));
    } else {
      const record = target as Record<string, unknown>;
      for (const key of Object.keys(source)) {
        if (!unsafeKeys.has(key)) record[key] = fresh((source as Record<string, unknown>)[key], stack);
      }
    }
  }
  return root as T;
}

/** A container's empty copy, queued to be filled; a primitive as it is. */
function fresh(value: unknown, stack: Array<[object, Record<string, unknown> | unknown[]]>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const target = Array.isArray(value) ? [] : {};
  stack.push([value, target]);
  return target;
}

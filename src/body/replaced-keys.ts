/*
 * Objects of a parsed value made again with some of their keys replaced, in the same order, where the engine's
 * keys are not the ones the text means (contract: value-is-text): placeholders put back (placeholder-keys.ts),
 * or keys the engine's key cache decoded wrongly put right (checked-keys.ts). Made again rather than changed in
 * place: deleting keys slows the engine's objects down.
 */

/** Sets a key as JSON.parse does: an own data property, even `__proto__`, which assignment would not make. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** The object made again with each of its keys that `replaced` holds replaced by the key it maps to. */
export function withKeysReplaced(
  node: Record<string, unknown>,
  replaced: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const fresh: Record<string, unknown> = {};
  for (const name in node) {
    const key = replaced.get(name) ?? name;
    // The common key is set inline: a call per key costs as much as the rest of making the object.
    if (key === '__proto__') setOwn(fresh, key, node[name]);
    else fresh[key] = node[name];
  }
  return fresh;
}

/**
 * Makes each object of `holder.value` that `repairs` holds again with its keys replaced as it says, in its place
 * in the container that holds it, walking with an explicit stack until the last is made. False, with nothing
 * changed that a caller keeps, where a replaced key is another key of its object: the text repeats a key there.
 */
export function repairedInPlace(
  holder: { value: unknown },
  repairs: ReadonlyMap<object, ReadonlyMap<string, string>>,
): boolean {
  let left = repairs.size;
  // Each container still to walk, with the container that holds it and its key or index there.
  const pending: unknown[] = [holder.value];
  const parents: Record<string, unknown>[] = [holder];
  const slots: (string | number)[] = ['value'];
  while (pending.length > 0 && left > 0) {
    const node = pending.pop() as Record<string, unknown>;
    const parent = parents.pop() as Record<string, unknown>;
    const slot = slots.pop() as string | number;
    const children = pending.length;
    if (Array.isArray(node)) {
      // Last first, so that items come off the stack in the text's order, where the engine's fault starts.
      for (let i = node.length - 1; i >= 0; i--) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object') {
          pending.push(item);
          parents.push(node);
          slots.push(i);
        }
      }
      continue;
    }
    for (const name in node) {
      const item = node[name];
      if (item !== null && typeof item === 'object') {
        pending.push(item);
        parents.push(node);
        slots.push(name);
      }
    }
    const replaced = repairs.get(node);
    if (replaced === undefined) continue;
    left--;
    const fresh = withKeysReplaced(node, replaced);
    if (Object.keys(fresh).length !== Object.keys(node).length) return false;
    setOwn(parent, slot as string, fresh);
    // The children still to walk are held by the object made again, under their keys put right.
    for (let i = children; i < pending.length; i++) {
      parents[i] = fresh;
      slots[i] = replaced.get(slots[i] as string) ?? (slots[i] as string);
    }
  }
  return left === 0;
}

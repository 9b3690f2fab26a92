import { PLACEHOLDER_MARK } from './json-text.js';

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

/** The keys to replace in an object, or undefined to leave it; `marked` says one of its keys starts with the mark. */
export type ReplacementsOf = (node: object, marked: boolean) => ReadonlyMap<string, string> | undefined;

/**
 * Walks `holder.value` with an explicit stack, counting the keys of its objects, and makes each object that
 * `replacementsOf` names keys of again with those keys replaced, in its place in the container that holds it; the
 * children still to walk are handed the object made again, under their keys replaced. With `objects`, it stops once
 * that many are made again. -1 where a replaced key is another key of its object (the text repeats a key there)
 * or fewer than `objects` were found; nothing changed that a caller keeps then.
 */
export function keysReplacedInPlace(
  holder: { value: unknown },
  replacementsOf: ReplacementsOf,
  objects = Infinity,
): number {
  let keys = 0;
  let left = objects;
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
    let own = 0;
    let marked = false;
    for (const name in node) {
      own++;
      if (name.charCodeAt(0) === PLACEHOLDER_MARK) marked = true;
      const item = node[name];
      if (item !== null && typeof item === 'object') {
        pending.push(item);
        parents.push(node);
        slots.push(name);
      }
    }
    keys += own;
    const replaced = replacementsOf(node, marked);
    if (replaced === undefined) continue;
    left--;
    const fresh = withKeysReplaced(node, replaced);
    if (Object.keys(fresh).length !== own) return -1;
    setOwn(parent, slot as string, fresh);
    for (let i = children; i < pending.length; i++) {
      parents[i] = fresh;
      slots[i] = replaced.get(slots[i] as string) ?? (slots[i] as string);
    }
  }
  return objects !== Infinity && left > 0 ? -1 : keys;
}

/**
 * Makes each object of `holder.value` that `repairs` holds again with its keys replaced as it says, in its place;
 * false, with nothing changed that a caller keeps, where a replaced key is another key of its object.
 */
export function repairedInPlace(
  holder: { value: unknown },
  repairs: ReadonlyMap<object, ReadonlyMap<string, string>>,
): boolean {
  return keysReplacedInPlace(holder, (node) => repairs.get(node), repairs.size) >= 0;
}

import { isJsonObject } from '../../src/core/json-object.js';

/**
 * Paths into a JSON value and copy-on-write replacement along them: a mutated value shares every untouched
 * subtree with its seed, so a mutation costs the depth of its path, not the size of the value. Validators never
 * write to what they judge (no defaults, coercion or removal), so sharing is safe.
 */

export type Path = readonly (string | number)[];

/** Stands for "remove this property or item" where a replacement is expected. */
export const REMOVE: unique symbol = Symbol('remove');
export type Replacement = unknown;

export function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node;
}

/** Sets a property as JSON.parse would: an own data property, `__proto__` included. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A shallow copy that keeps an own `__proto__` property an own property. */
export function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  return copy;
}

/** The root with the node at `path` replaced (or removed, for REMOVE), copying only the containers on the path. */
export function replaceAt(root: unknown, path: Path, replacement: Replacement): unknown {
  if (path.length === 0) return replacement === REMOVE ? null : replacement;
  const [step, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    const index = step as number;
    if (rest.length === 0 && replacement === REMOVE) copy.splice(index, 1);
    else copy[index] = replaceAt(root[index], rest, replacement);
    return copy;
  }
  const copy = copyObject(root as Record<string, unknown>);
  const key = step as string;
  if (rest.length === 0 && replacement === REMOVE) delete copy[key];
  else setOwn(copy, key, replaceAt((root as Record<string, unknown>)[key], rest, replacement));
  return copy;
}

/** Every path in the value, the root's first, parents before their children. */
export function allPaths(root: unknown): Path[] {
  const paths: Path[] = [];
  const queue: Path[] = [[]];
  for (let at = 0; at < queue.length; at++) {
    const path = queue[at]!;
    paths.push(path);
    const node = valueAt(root, path);
    if (Array.isArray(node)) node.forEach((_, index) => queue.push([...path, index]));
    else if (isJsonObject(node)) for (const key of Object.keys(node)) queue.push([...path, key]);
  }
  return paths;
}

/** Every node of the value (containers and scalars), with the property name it sits under, if any. */
export function eachNode(root: unknown, visit: (node: unknown, key: string | undefined) => void): void {
  const stack: [unknown, string | undefined][] = [[root, undefined]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, key] = entry;
    visit(node, key);
    if (Array.isArray(node)) for (const item of node) stack.push([item, key]);
    else if (isJsonObject(node)) for (const name of Object.keys(node)) stack.push([node[name], name]);
  }
}

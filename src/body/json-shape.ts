import { CLOSE_ARRAY, CLOSE_OBJECT, COLON, OPEN_ARRAY, OPEN_OBJECT, QUOTE, stringEnd } from './json-text.js';

/*
 * The body guards' fast path: one pass over JSON text that only counts,
 * so the common body, shallow and without a repeated key, pays for a depth check and a key count instead of a
 * hash of every key. The pass keeps no stack (a counter is enough for depth) and never recurses. When it sees
 * too deep a nesting, or when the parsed value holds fewer keys than the text (JSON.parse keeps one of each
 * repeated key), `findStructureIssue` explains.
 */

/** The characters the pass acts on; digits, letters of literals, commas and whitespace are skipped. */
const isCounted = new Uint8Array(128);
for (const code of [QUOTE, COLON, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY]) isCounted[code] = 1;

/** What one pass over JSON text learns, short of parsing it. */
export interface JsonShape {
  /** Whether a container opens past the depth limit; the pass stops there. */
  tooDeep: boolean;
  /** The keys of every object (a colon outside strings follows each key). */
  keys: number;
  /** The most keys any one object has. */
  widestObject: number;
}

/**
 * Counts the keys of a JSON text, in all and in its widest object, or stops as soon as a container opens past
 * `maxDepth` levels (the root is level 1). Text that is not JSON gets some counts: the caller's JSON.parse
 * rejects it.
 */
export function scanJsonShape(text: string, maxDepth: number): JsonShape {
  let depth = 0;
  let keys = 0;
  let widestObject = 0;
  // The keys seen so far in the open container of each level.
  const keysAtLevel: number[] = [0];
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || isCounted[code] === 0) continue;
    if (code === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) break;
    } else if (code === COLON) {
      keys++;
      const atLevel = (keysAtLevel[depth] as number) + 1;
      keysAtLevel[depth] = atLevel;
      if (atLevel > widestObject) widestObject = atLevel;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > maxDepth) return { tooDeep: true, keys, widestObject };
      keysAtLevel[depth] = 0;
    } else if (depth > 0) depth--;
  }
  return { tooDeep: false, keys, widestObject };
}

/** The number of keys of every object in a parsed JSON value, walked with an explicit stack. */
export function countParsedKeys(value: unknown): number {
  let keys = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object') pending.push(item);
      }
      continue;
    }
    for (const key in node) {
      keys++;
      const child: unknown = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return keys;
}

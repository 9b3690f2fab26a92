/*
 * The body guards' shortcut for a small, sparse body: parse it first, then check the parsed value, which costs
 * less than scanning the text before parsing. Small: too short to start more object shapes than the bound
 * allows. Sparse: at most one `{` or `[` (in strings too) per 32 characters, so that even a body nested past the
 * depth limit costs the parser about what an ordinary body of its size does (a nesting level costs it some 30
 * times a character; docs/contract.md#body-cost). A value is accepted when it shows every guard passed; one
 * that does not is a parsed object within the shape and density bounds, so only the exact scan for depth and
 * repeated keys is left to give the verdict the full way would.
 */

/** The longest text parsed first: a key takes at least four characters (`"":0`), so it holds few enough keys. */
export function parseFirstLimit(maxObjectShapes: number): number {
  return Math.min(4 * maxObjectShapes, 16 * 1024);
}

/** A body parsed first has at most one bracket per this many characters. */
export const CHARACTERS_PER_BRACKET = 32;

const COLON = ':';
const ESCAPED_COLON_PREFIX = '\\u003';

/** How often `unit` occurs in `text`, found by the engine's own search. */
function countOf(text: string, unit: string): number {
  let count = 0;
  for (let at = text.indexOf(unit); at !== -1; at = text.indexOf(unit, at + 1)) count++;
  return count;
}

/**
 * The colons of a text, an escaped colon (`\u003a`) counted as one: the text's key colons plus the colons of its
 * strings. A backslash written as `\\` before `u003a` is counted too, which only sends the body the full way.
 */
function colonsInText(text: string): number {
  let colons = countOf(text, COLON);
  for (
    let at = text.indexOf(ESCAPED_COLON_PREFIX);
    at !== -1;
    at = text.indexOf(ESCAPED_COLON_PREFIX, at + 5)
  ) {
    const last = text.charCodeAt(at + 5);
    if (last === 0x61 || last === 0x41) colons++;
  }
  return colons;
}

/**
 * The keys of a parsed value plus the colons in its keys and strings, or -1 when it holds more than
 * `maxContainers` objects and arrays or nests past `maxDepth` (the root is level 1). JSON.parse keeps one of each
 * repeated key and drops the rest with their values, so a text with a repeated key has more colons than this.
 */
function colonsKept(root: object, maxDepth: number, maxContainers: number): number {
  let colons = 0;
  let containers = 0;
  const pending: object[] = [root];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    if (++containers > maxContainers || depth > maxDepth) return -1;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'string') colons += countOf(item, COLON);
        else if (item !== null && typeof item === 'object') {
          pending.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in node) {
      colons += 1 + countOf(key, COLON);
      const item = node[key];
      if (typeof item === 'string') colons += countOf(item, COLON);
      else if (item !== null && typeof item === 'object') {
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return colons;
}

/** A text parsed first, and whether its value shows every guard passed (else a guard may have failed). */
export interface ParsedFirst {
  value: Record<string, unknown>;
  plain: boolean;
}

/**
 * `text` parsed, when it is short and sparse enough to be parsed first and turns out a JSON object, with whether
 * it is within the depth and density bounds and without a repeated key; else undefined, and the caller's full
 * path judges it.
 */
export function parsedFirst(
  text: string,
  maxDepth: number,
  maxObjectShapes: number,
  maxContainers: number,
): ParsedFirst | undefined {
  if (text.length > parseFirstLimit(maxObjectShapes)) return undefined;
  if ((countOf(text, '{') + countOf(text, '[')) * CHARACTERS_PER_BRACKET > text.length) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kept = colonsKept(value, maxDepth, maxContainers);
  return { value: value as Record<string, unknown>, plain: kept >= 0 && kept === colonsInText(text) };
}

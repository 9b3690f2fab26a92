import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  DIGIT_NINE,
  DIGIT_ZERO,
  OPEN_ARRAY,
  OPEN_OBJECT,
  PLACEHOLDER_MARK,
  QUOTE,
  SHORT_STRING,
  stringEnd,
} from './json-text.js';
import { hashUnits, processHashBasis } from './seeded-hash.js';

/*
 * The body guards' fast path: one pass over JSON text that only counts,
 * so the common body, shallow and without a repeated key, pays for a depth check and a key count instead of a
 * hash of every key. The pass keeps no stack (a counter is enough for depth) and never recurses. When it sees
 * too deep a nesting, or when the parsed value holds fewer keys than the text (JSON.parse keeps one of each
 * repeated key), `findStructureIssue` explains.
 * The verdicts taken on its counts must equal the exact scan's (`findStructureIssue` on every body, then
 * JSON.parse): the property test "the guards on the counting pass take the verdict the exact scan gives on any
 * JSON text" (test/body/json-shape.test.ts) holds them to it.
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
  /** The objects and arrays. */
  containers: number;
  /** Whether the objects start more distinct key sequences than `maxShapes`; the pass stops there. */
  tooManyShapes: boolean;
  /** Whether more than `maxContainers` objects and arrays open; the pass stops there. */
  tooManyContainers: boolean;
  /** The keys written with an escape, as far as the pass read: those the engine's JSON.parse may decode wrongly. */
  escapedKeys: number;
  /**
   * The keys whose parsed names are checked against the text where it writes escaped keys (contract:
   * value-is-text), three numbers apiece in one flat list: a key's place among all the keys of the text (the
   * first is 1), its opening and its closing quote. They are each key written with an escape and, in a text
   * that writes a backslash, each key that starts with a digit, which may be an array index that engines list
   * first (checked-keys.ts), or with the placeholders' mark (placeholder-keys.ts).
   */
  keysToCheck: Int32Array;
  /**
   * In a text that writes a backslash, the place of the first key of each object that writes a key starting with
   * a plain digit, in the text's order: the objects that may hold array indexes, which engines list first.
   */
  digitKeyObjects: number[];
}

/** Shape hashes start from the process's basis, so that no one can craft key sequences that share one. */
const shapeBasis = processHashBasis;

/**
 * The distinct shapes met so far, in an open-addressing table of hashes (0 is a free slot) reused by every pass:
 * the pass never recurses or awaits, so one table serves all. Two shapes sharing a hash count once, which only
 * makes the bound more lenient. Only the slots a pass filled are cleared for the next, so a small body pays for
 * its own shapes, not for the table.
 */
let shapeTable = new Int32Array(0);
let filledSlots = new Int32Array(0);
let filled = 0;

function shapeTableFor(maxShapes: number): Int32Array {
  let size = 1024;
  while (size < maxShapes * 2) size *= 2;
  if (shapeTable.length !== size) {
    shapeTable = new Int32Array(size);
    filledSlots = new Int32Array(size);
  } else {
    for (let i = 0; i < filled; i++) shapeTable[filledSlots[i] as number] = 0;
  }
  filled = 0;
  return shapeTable;
}

/** Adds a shape's hash to the table; true if it was not there yet. */
function addShape(table: Int32Array, hash: number): boolean {
  const mask = table.length - 1;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const held = table[slot] as number;
    if (held === hash) return false;
    if (held === 0) {
      table[slot] = hash;
      filledSlots[filled++] = slot;
      return true;
    }
  }
}

const NO_QUOTES = new Int32Array(0);

/**
 * Room for the keys listed from `from` to the end of a text of `length` characters: a key takes at least four of
 * them (`"":0`, and a comma before the next). The memory of a large typed list is the system's zeroed pages,
 * which cost nothing until written, so the room a text of few such keys leaves unused is nearly free, where
 * growing a list by copying cost several milliseconds at 4 MiB.
 */
function roomForKeys(length: number, from: number): Int32Array {
  return new Int32Array(3 * (Math.floor((length - from) / 4) + 1));
}

/** The list with twice the room, its items kept: only a text that is not JSON writes keys closer than that. */
function doubled(list: Int32Array): Int32Array {
  const grown = new Int32Array(2 * list.length);
  grown.set(list);
  return grown;
}

/** What the pass learnt, and which bound stopped it, if one did. */
function shapeOf(
  keys: number,
  widestObject: number,
  containers: number,
  escapedKeys: number,
  quotes: Int32Array,
  quoteCount: number,
  digitKeyObjects: number[],
  stop: 'deep' | 'shapes' | 'containers' | undefined,
): JsonShape {
  return {
    tooDeep: stop === 'deep',
    keys,
    widestObject,
    containers,
    tooManyShapes: stop === 'shapes',
    tooManyContainers: stop === 'containers',
    escapedKeys,
    keysToCheck: quoteCount === 0 ? NO_QUOTES : quotes.subarray(0, quoteCount),
    digitKeyObjects,
  };
}

/**
 * Counts the keys of a JSON text, in all and in its widest object, and its objects and arrays, or stops as soon as
 * a container opens past `maxDepth` levels (the root is level 1), more than `maxContainers` open (a dense body is
 * rejected without scanning the rest of it), or the objects start more than `maxShapes` distinct key sequences. A shape is the keys of an object in order up to one of them (`{"a":1,"b":2}` starts
 * two: `a`, and `a` then `b`): the engine builds a hidden class for each one it has not met, and that, not the
 * size, is what makes an object costly to parse (docs/contract.md#body-cost). Text that is not JSON gets some
 * counts: the caller's JSON.parse rejects it.
 */
export function scanJsonShape(
  text: string,
  maxDepth: number,
  maxShapes = Infinity,
  maxContainers = Infinity,
): JsonShape {
  // An object's keys start at most one shape each, so a text with no more keys than `maxShapes` cannot start too
  // many: it is counted without hashing a key, and only a text with more is scanned again with the hashes.
  const counted = scanWith(text, maxDepth, maxShapes, maxContainers, undefined);
  if (counted !== undefined) return counted;
  return scanWith(text, maxDepth, maxShapes, maxContainers, shapeTableFor(maxShapes)) as JsonShape;
}

/** The scan, with the shape table, or without it until the keys pass `maxShapes` (then undefined). */
function scanWith(
  text: string,
  maxDepth: number,
  maxShapes: number,
  maxContainers: number,
  table: Int32Array | undefined,
): JsonShape | undefined {
  let depth = 0;
  let keys = 0;
  let widestObject = 0;
  let containers = 0;
  let shapes = 0;
  // The keys seen so far in the open container of each level, and the hash of its keys in order.
  const keysAtLevel: number[] = [0];
  // The place of the first key of the open object of each level.
  const firstKeyAtLevel: number[] = [0];
  const digitKeyObjects: number[] = [];
  const shapeAtLevel: number[] = [shapeBasis];
  let stringStart = 0;
  let stringClose = 0;
  // Whether the string read last holds an escape, or is too long to have been read here; for a long one, the
  // first backslash not yet passed, as one lies between its quotes when it holds an escape.
  let stringEscaped = false;
  let stringLong = false;
  let backslash = text.indexOf('\\');
  // Without a backslash no key is escaped, so none is checked, and none is written again as a placeholder.
  const writesBackslash = backslash !== -1;
  const marked = writesBackslash && text.includes(String.fromCharCode(PLACEHOLDER_MARK));
  let escapedKeys = 0;
  // A typed list: pushing to an array costs several times more once it holds many keys.
  let quotes: Int32Array = NO_QUOTES;
  let quoteCount = 0;
  const length = text.length;
  // Which bound stopped the pass, if one did.
  let stop: 'deep' | 'shapes' | 'containers' | undefined;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || isCounted[code] === 0) continue;
    if (code === QUOTE) {
      // A short string is read here, noting an escape in it; a long one is left to stringEnd.
      stringStart = i;
      stringEscaped = false;
      const shortEnd = i + SHORT_STRING < length ? i + SHORT_STRING : length;
      let end = i + 1;
      while (end < shortEnd) {
        const unit = text.charCodeAt(end);
        if (unit === QUOTE) break;
        if (unit === BACKSLASH) {
          stringEscaped = true;
          end += 2;
        } else end++;
      }
      stringLong = end >= shortEnd;
      i = stringLong ? stringEnd(text, stringStart) : end;
      if (i < 0) break;
      stringClose = i;
    } else if (code === COLON) {
      keys++;
      let escaped = stringEscaped;
      if (stringLong && backslash !== -1) {
        if (backslash < stringStart) backslash = text.indexOf('\\', stringStart);
        escaped = backslash !== -1 && backslash < stringClose;
      }
      const atLevel = (keysAtLevel[depth] as number) + 1;
      keysAtLevel[depth] = atLevel;
      if (atLevel === 1) firstKeyAtLevel[depth] = keys;
      let listed = escaped;
      if (escaped) escapedKeys++;
      else if (writesBackslash) {
        const first = text.charCodeAt(stringStart + 1);
        if (first >= DIGIT_ZERO && first <= DIGIT_NINE) {
          listed = true;
          const object = firstKeyAtLevel[depth] as number;
          if (digitKeyObjects.at(-1) !== object) digitKeyObjects.push(object);
        } else listed = marked && first === PLACEHOLDER_MARK;
      }
      if (listed) {
        if (quoteCount === 0) quotes = roomForKeys(length, stringStart);
        else if (quoteCount + 3 > quotes.length) quotes = doubled(quotes);
        quotes[quoteCount++] = keys;
        quotes[quoteCount++] = stringStart;
        quotes[quoteCount++] = stringClose;
      }
      if (atLevel > widestObject) widestObject = atLevel;
      if (table === undefined) {
        if (keys > maxShapes) return undefined;
      } else {
        // The key just read, as written, extends the shape of its object; the closing quote separates keys.
        const hash = hashUnits(text, stringStart + 1, stringClose + 1, shapeAtLevel[depth] as number) || 1;
        shapeAtLevel[depth] = hash;
        if (addShape(table, hash) && ++shapes > maxShapes) {
          stop = 'shapes';
          break;
        }
      }
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++containers > maxContainers) {
        stop = 'containers';
        break;
      }
      if (++depth > maxDepth) {
        stop = 'deep';
        break;
      }
      keysAtLevel[depth] = 0;
      shapeAtLevel[depth] = shapeBasis;
    } else if (depth > 0) depth--;
  }
  return shapeOf(keys, widestObject, containers, escapedKeys, quotes, quoteCount, digitKeyObjects, stop);
}

import { BACKSLASH, decodedJsonString, DIGIT_NINE, DIGIT_ZERO, escapedUnit, hexUnit } from './json-text.js';
import { parsedWithPlainKeys, type ParsedText } from './placeholder-keys.js';
import { repairedInPlace } from './replaced-keys.js';
import { prototypeIsClean } from './repeated-keys.js';
import type { JsonShape } from './json-shape.js';

/*
 * JSON.parse as the engine for a text that writes escaped object keys, its keys checked against the text
 * (contract: value-is-text). The engine's fault (escaped-keys.ts) gives an escaped key the name of a key cached
 * from another parse, so the parsed value is walked in the text's order and each key the shape scan listed
 * compared with its spelling, decoded here; where every one is the key the text means and the value holds as
 * many keys as the text writes, the value is the text's. Engines list an object's array-index keys first, in
 * the order of their numbers, so an object that holds one is walked in the text's order by reading which of its
 * keys the text writes where (every key that may be an index starts with a digit, so the scan listed it). A key
 * that differs as the engine's fault makes it is put right in its object (replaced-keys.ts); else the text is
 * parsed again with its escaped keys written plain (placeholder-keys.ts).
 */

/** Past this nesting the text is handed on rather than walked deeper by recursion. */
const DEEPEST = 256;

/** A key spelled in more characters than this is long: comparing it costs as much as the engine's decoding. */
const LONG_KEY = 256;

/** Where long escaped keys spell more than this share of the text, it is parsed with them written plain. */
const LONG_KEYS_SHARE = 0.25;

/** The largest array index (ECMA-262: an integer below 2^32 - 1), which engines list before other keys. */
const LARGEST_INDEX = 4294967294;

/** Whether `key` is the string spelled between the quotes at `open` and `close` of a JSON text, escapes decoded. */
function spells(text: string, open: number, close: number, key: string): boolean {
  let at = 0;
  for (let i = open + 1; i < close;) {
    let unit = text.charCodeAt(i);
    if (unit !== BACKSLASH) i++;
    else if (text.charCodeAt(i + 1) === 0x75) {
      unit = hexUnit(text, i + 2);
      i += 6;
    } else {
      unit = escapedUnit(text.charCodeAt(i + 1));
      i += 2;
    }
    if (unit !== key.charCodeAt(at++)) return false;
  }
  return at === key.length;
}

/** Whether a key is an array index: digits without a leading zero, at most LARGEST_INDEX. */
function isArrayIndex(key: string): boolean {
  const length = key.length;
  if (length === 0 || length > 10 || (length > 1 && key.charCodeAt(0) === DIGIT_ZERO)) return false;
  for (let i = 0; i < length; i++) {
    const unit = key.charCodeAt(i);
    if (unit < DIGIT_ZERO || unit > DIGIT_NINE) return false;
  }
  return length < 10 || Number(key) <= LARGEST_INDEX;
}

const NO_KEYS: Int32Array = new Int32Array(0);

/*
 * The walk's state, one object for the module rather than a walker object per text: the walk never awaits or runs
 * twice at once, and the engine's compiled code for a walker's method was seen thrown away at every collection
 * that freed the values it had walked, which made the walk several times slower.
 */
const walk = {
  text: '',
  listed: NO_KEYS,
  /** The places of the first keys of the objects that write a key starting with a digit, and the next of them. */
  digitKeyObjects: [] as readonly number[],
  nextDigitKeyObject: 0,
  /** The objects whose keys the engine decoded wrongly, with the key the text means for each wrong one. */
  repairs: undefined as Map<object, Map<string, string>> | undefined,
  /** The keys met so far in the text's order: the place of the one met last. */
  keysMet: 0,
  /** Where in `listed` the next listed key is, and its place among the keys. */
  next: 0,
  nextPlace: -1,
};

/** Moves on past the listed key just met. */
function passListed(): void {
  const next = walk.next + 3;
  walk.next = next;
  walk.nextPlace = next < walk.listed.length ? (walk.listed[next] as number) : -1;
}

/**
 * The array index that the listed key at the walk's place spells, or -1 where it spells none: read from its
 * digits where it is written plain, else decoded.
 */
function listedIndex(): number {
  const text = walk.text;
  const open = walk.listed[walk.next + 1] as number;
  const close = walk.listed[walk.next + 2] as number;
  const digits = close - open - 1;
  let index = digits > 0 && digits < 10 ? 0 : -1;
  for (let i = open + 1; i < close && index >= 0; i++) {
    const unit = text.charCodeAt(i);
    index = unit >= DIGIT_ZERO && unit <= DIGIT_NINE ? index * 10 + unit - DIGIT_ZERO : -1;
  }
  // Nine digits or fewer never pass the largest index; a leading zero is no index's.
  if (index >= 0) return digits > 1 && text.charCodeAt(open + 1) === DIGIT_ZERO ? -1 : index;
  const key = decodedJsonString(text, open, close);
  return key !== undefined && isArrayIndex(key) ? Number(key) : -1;
}

/**
 * Notes that the object's key `name` is the engine's for the key the text spells between `open` and `close`, to be
 * put right once the walk holds; false where it is not the engine's known fault. That fault (escaped-keys.ts)
 * takes a key cached from another parse whose characters begin the escaped key's spelling as written, and keeps
 * the key's place and its value: so only such a key is put right in its place, and any other difference sends
 * the text the second way.
 */
function repairNoted(node: object, name: string, open: number, close: number): boolean {
  if (open + 1 + name.length > close || !walk.text.startsWith(name, open + 1)) return false;
  const key = decodedJsonString(walk.text, open, close);
  if (key === undefined) return false;
  walk.repairs ??= new Map();
  let replaced = walk.repairs.get(node);
  if (replaced === undefined) walk.repairs.set(node, (replaced = new Map()));
  // One wrong key twice in an object means the engine merged two keys: only the text can tell them apart.
  if (replaced.has(name)) return false;
  replaced.set(name, key);
  return true;
}

/** Where `index` is among the first `indexes` of `names`, the array indexes listed in ascending order; else -1. */
function placeOfIndex(names: readonly string[], indexes: number, index: number): number {
  let low = 0;
  let high = indexes - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = Number(names[middle]);
    if (found === index) return middle;
    if (found < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Whether a value's keys hold, walked in its text's order; false too where that order cannot be told. */
function holds(node: object, depth: number): boolean {
  if (depth > DEEPEST) return false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      if (item !== null && typeof item === 'object' && !holds(item, depth + 1)) return false;
    }
    return true;
  }
  // An object that writes a key starting with a plain digit is read the way of one with indexes from the start,
  // rather than listed by for...in first (objects before it that hold no key, walked so too, hold nothing).
  const objects = walk.digitKeyObjects;
  while ((objects[walk.nextDigitKeyObject] ?? Infinity) <= walk.keysMet) walk.nextDigitKeyObject++;
  if (objects[walk.nextDigitKeyObject] === walk.keysMet + 1) return indexedHolds(node, depth);
  let first = true;
  for (const name in node) {
    if (first) {
      first = false;
      const unit = name.charCodeAt(0);
      if (unit >= DIGIT_ZERO && unit <= DIGIT_NINE && isArrayIndex(name)) return indexedHolds(node, depth);
    }
    if (++walk.keysMet === walk.nextPlace) {
      const listed = walk.listed;
      const at = walk.next;
      const open = listed[at + 1] as number;
      const close = listed[at + 2] as number;
      if (!spells(walk.text, open, close, name) && !repairNoted(node, name, open, close)) return false;
      passListed();
    }
    const item: unknown = (node as Record<string, unknown>)[name];
    if (item !== null && typeof item === 'object' && !holds(item, depth + 1)) return false;
  }
  return true;
}

/**
 * `holds` for an object that holds array indexes, which engines list first, in ascending order, and then its other
 * keys in the text's order. Where the text writes a listed key that does not spell the next of those others, it
 * writes an index the object holds (every key that may be an index starts with a digit, so the scan listed it).
 * As many indexes are met as the object holds, and with as many keys as the text writes (the caller's count),
 * each once. Its values are read by `Reflect.get`, which the engine compiles for any object: code that read them
 * with `node[name]` was compiled for one body's objects and thrown away once they were collected.
 */
function indexedHolds(node: object, depth: number): boolean {
  const names = Object.keys(node);
  let indexes = 0;
  while (indexes < names.length && isArrayIndex(names[indexes] as string)) indexes++;
  let named = indexes;
  let indexesMet = 0;
  for (let step = 0; step < names.length; step++) {
    let at: number;
    if (++walk.keysMet === walk.nextPlace) {
      const listed = walk.listed;
      const next = names[named];
      if (
        next !== undefined &&
        spells(walk.text, listed[walk.next + 1] as number, listed[walk.next + 2] as number, next)
      ) {
        at = named++;
      } else {
        at = placeOfIndex(names, indexes, listedIndex());
        if (at < 0) return false;
        indexesMet++;
      }
      passListed();
    } else {
      // A key the scan did not list is written plain and starts with no digit, so it is no index.
      if (named === names.length) return false;
      at = named++;
    }
    const item: unknown = Reflect.get(node, names[at] as string);
    if (item !== null && typeof item === 'object' && !holds(item, depth + 1)) return false;
  }
  return named === names.length && indexesMet === indexes;
}

/** What the walk found: the keys of the value, and the objects whose keys are to be put right. */
interface CheckedKeys {
  keys: number;
  repairs: Map<object, Map<string, string>> | undefined;
}

/** The keys of `value` walked against the text's listed keys; undefined where they may not be the text's. */
function checkedKeysOf(value: object, text: string, shape: JsonShape): CheckedKeys | undefined {
  const keysToCheck = shape.keysToCheck;
  walk.text = text;
  walk.listed = keysToCheck;
  walk.digitKeyObjects = shape.digitKeyObjects;
  walk.nextDigitKeyObject = 0;
  walk.repairs = undefined;
  walk.keysMet = 0;
  walk.next = 0;
  walk.nextPlace = keysToCheck.length > 0 ? (keysToCheck[0] as number) : -1;
  try {
    const held = holds(value, 1) && walk.next === keysToCheck.length;
    return held ? { keys: walk.keysMet, repairs: walk.repairs } : undefined;
  } finally {
    // The text and the value are let go of, not kept alive until the next body.
    walk.text = '';
    walk.listed = NO_KEYS;
    walk.digitKeyObjects = [];
    walk.repairs = undefined;
  }
}

/** The characters that the long ones of `keysToCheck` spell, each decoded once however it is parsed. */
function longKeysSpell(keysToCheck: Int32Array): number {
  let characters = 0;
  for (let i = 0; i < keysToCheck.length; i += 3) {
    const length = (keysToCheck[i + 2] as number) - (keysToCheck[i + 1] as number);
    if (length > LONG_KEY) characters += length;
  }
  return characters;
}

/**
 * The value of a JSON text that writes escaped keys, whose `shape` the scan read whole, with the keys its objects
 * kept: JSON.parse's where its keys are the text's, or put right where the engine's fault made them differ, else
 * the text's parsed with its escaped keys written plain. Undefined where the text is not JSON.
 */
export function parsedWithTextKeys(text: string, shape: JsonShape): ParsedText | undefined {
  const keysToCheck = shape.keysToCheck;
  if (longKeysSpell(keysToCheck) > LONG_KEYS_SHARE * text.length)
    return parsedWithPlainKeys(text, keysToCheck);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Whether the text is JSON is told by a parse with no escaped key in it.
    return parsedWithPlainKeys(text, keysToCheck);
  }
  if (value !== null && typeof value === 'object' && prototypeIsClean()) {
    const checked = checkedKeysOf(value, text, shape);
    // With as many keys as the text writes, the walk met them in the text's order, so its repairs are right.
    if (checked?.keys === shape.keys) {
      const holder = { value };
      if (checked.repairs === undefined || repairedInPlace(holder, checked.repairs))
        return { value: holder.value, keys: checked.keys };
    }
  }
  return parsedWithPlainKeys(text, keysToCheck);
}

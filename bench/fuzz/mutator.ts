import type { Dictionary } from './dictionary.js';
import { isJsonObject } from '../../src/core/json-object.js';
import { allPaths, eachNode, REMOVE, replaceAt, valueAt, type Path } from './json-paths.js';
import type { Random } from './random.js';

/**
 * The mutations of the differential fuzz: each takes one node of a valid value and returns what replaces it
 * (or REMOVE). They aim where validators are easiest to get wrong: missing and unknown properties, wrong types,
 * lengths, counts and numbers just either side of a limit, tags swapped between the variants of a union,
 * astral and lone-surrogate strings, and odd numbers JSON can still carry (-0, 1e308, 2^53, fractions).
 */

/** What the mutations draw on besides the node itself: the schemas' limits and names, and values from the seeds. */
export interface MutationContext {
  dictionary: Dictionary;
  /** Values seen in the seeds under each property name: transplanting one keeps a value plausible. */
  valuesByKey: ReadonlyMap<string, readonly unknown[]>;
  /** Small values of every kind seen in the seeds. */
  anyValues: readonly unknown[];
}

type Mutation = (node: unknown, random: Random, context: MutationContext, key: string | undefined) => unknown;

const astral = '\u{1F600}';
const oddStrings = [
  '',
  ' ',
  'a',
  astral,
  '\ud800',
  '\udc00',
  `a\ud800b`,
  '\u0000',
  'e\u0301',
  '\u2028',
  '/',
  '~',
  '~1',
  'null',
  '0',
  '-1',
  'true',
  '__proto__',
  'https://example.com/',
  '2026-02-29T10:00:00Z',
  '2024-02-29T23:59:59.5+00:00',
];
const oddKeys = [
  '',
  'unknown',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a/b',
  'a~b',
  astral,
  '0',
];
const oddNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  0.1,
  1.5,
  2.5,
  1e-7,
  5e-324,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) + 1,
  -(2 ** 53),
  123456789012345680000,
];
const scalars = [null, true, false, 0, 1, -1, 1.5, '', 'x', astral];
const containers = () => [[], {}, [null], { a: 1 }, [[]], ['x']];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A number near a limit of the schemas, or an odd one. */
function oddNumber(random: Random, { dictionary }: MutationContext): number {
  if (random.chance(0.5) && dictionary.bounds.length > 0) {
    const bound = random.pick(dictionary.bounds);
    return bound + random.pick([0, 0, 1, -1, 0.5, -0.5, 1e-9, -1e-9]);
  }
  return random.pick(oddNumbers);
}

/** A string of `length` units or code points, built from `unit` (ASCII, astral, or what the string held). */
function stringOfLength(length: number, unit: string): string {
  if (length <= 0) return '';
  const units = [...unit];
  if (units.length === 0) return 'a'.repeat(length);
  return units.length === 1
    ? units[0]!.repeat(length)
    : units
        .join('')
        .repeat(Math.ceil(length / units.length) + 1)
        .slice(0, length);
}

/** A length just either side of one of the schemas' limits, or a small one. */
function oddLength(random: Random, limits: readonly number[]): number {
  if (limits.length === 0 || random.chance(0.15)) return random.below(4);
  const limit = random.pick(limits);
  return Math.max(0, limit + random.pick([-1, 0, 1, 1, 2]));
}

const remove: Mutation = () => REMOVE;

const retype: Mutation = (node, random, context) => {
  const type = typeOf(node);
  const choices: unknown[] = [...scalars, ...containers()];
  if (typeof node === 'number') choices.push(String(node));
  if (typeof node === 'string' && node.trim() !== '' && Number.isFinite(Number(node)))
    choices.push(Number(node));
  if (Array.isArray(node) && node.length > 0) choices.push(node[0]);
  if (isJsonObject(node)) choices.push(Object.values(node)[0] ?? null);
  choices.push([node]);
  if (random.chance(0.3)) choices.push(random.pick(context.anyValues));
  const different = choices.filter((choice) => typeOf(choice) !== type);
  return random.pick(different.length > 0 ? different : choices);
};

const duplicate: Mutation = (node, random, context) => {
  if (Array.isArray(node)) {
    if (node.length === 0) return [random.pick(context.anyValues)];
    const copy = node.slice();
    copy.splice(random.below(copy.length + 1), 0, random.pick(node));
    return copy;
  }
  if (isJsonObject(node)) {
    const keys = Object.keys(node);
    if (keys.length === 0) return node;
    return replaceAt(node, [random.pick(context.dictionary.keys)], node[random.pick(keys)]);
  }
  return [node, node];
};

/** An array grown or cut to a count near a limit, by repeating its own items. */
const pushCount: Mutation = (node, random, context) => {
  const items = Array.isArray(node) && node.length > 0 ? node : [random.pick(context.anyValues)];
  const count = Math.min(oddLength(random, context.dictionary.counts), 1100);
  return Array.from({ length: count }, (_, index) => items[index % items.length]);
};

/** A string grown or cut to a length near a limit, in ASCII, astral characters or its own text. */
const pushLength: Mutation = (node, random, context) => {
  const length = Math.min(oddLength(random, context.dictionary.lengths), 70_000);
  const unit = random.pick(['a', astral, typeof node === 'string' ? node : 'ab', `a${astral}`]);
  const text = stringOfLength(length, unit);
  // A lone high surrogate at the very end: the place where counting pairs can read one unit past the string.
  return random.chance(0.1) ? `${text}\ud83d` : text;
};

/** A list of strings whose total length sits near a limit (`maxTotalLength`), each item under its own limit. */
const pushTotal: Mutation = (_node, random, { dictionary }) => {
  const { lengths } = dictionary;
  if (lengths.length === 0) return [];
  const total = random.pick(lengths);
  const itemLength = Math.max(1, random.pick(lengths.filter((length) => length <= total)));
  const unit = random.chance(0.3) ? astral : 'm';
  const item = stringOfLength(itemLength, unit);
  const count = Math.min(Math.ceil(total / itemLength) + random.pick([-1, 0, 0, 1]), 1100);
  const items: string[] = Array.from({ length: Math.max(0, count) }, () => item);
  if (random.chance(0.5)) items.push(stringOfLength(random.pick([1, 2]), unit));
  return items;
};

const oddString: Mutation = (node, random) => {
  if (typeof node === 'string' && node.length > 0 && random.chance(0.6)) {
    const at = random.below(node.length + 1);
    const inserted = random.pick([
      'a',
      'Z',
      '0',
      '9',
      '-',
      '_',
      '.',
      '/',
      ':',
      '@',
      ' ',
      astral,
      '\ud800',
      '%',
      '+',
    ]);
    // Replace, insert or delete one character: the edits that take a pattern's match just over the edge.
    const edit = random.below(3);
    if (edit === 0) return node.slice(0, at) + inserted + node.slice(at + 1);
    if (edit === 1) return node.slice(0, at) + inserted + node.slice(at);
    return node.slice(0, at) + node.slice(at + 1);
  }
  return random.pick(oddStrings);
};

const oddNumberMutation: Mutation = (node, random, context) => {
  if (typeof node === 'number' && random.chance(0.4)) {
    return random.pick([node + 1, node - 1, node + 0.5, -node, node * 10, node / 3, Math.trunc(node) + 1e-9]);
  }
  return oddNumber(random, context);
};

/** A tag swapped for another value of its enum (another variant of the union), or for any tag the schemas know. */
const swapTag: Mutation = (node, random, context) => {
  const { dictionary } = context;
  if (isJsonObject(node)) {
    const tagged = Object.keys(node).filter((name) => typeof node[name] === 'string');
    if (tagged.length === 0) return node;
    const name = random.pick(tagged);
    return replaceAt(node, [name], swapTag(node[name], random, context, name));
  }
  const lists = dictionary.enums.filter((list) => list.includes(node as string) && list.length > 1);
  if (lists.length > 0 && random.chance(0.8)) return random.pick(random.pick(lists));
  return random.pick(dictionary.enumStrings);
};

const insertKey: Mutation = (node, random, context) => {
  if (!isJsonObject(node)) return node;
  const key = random.chance(0.6) ? random.pick(context.dictionary.keys) : random.pick(oddKeys);
  const known = context.valuesByKey.get(key);
  const value =
    known !== undefined && random.chance(0.6)
      ? random.pick(known)
      : random.pick([...scalars, ...containers()]);
  return replaceAt(node, [key], value);
};

/** The node nested inside a few or many levels of arrays or objects. */
const deepen: Mutation = (node, random) => {
  const levels = random.pick([1, 2, 8, 64, 200]);
  const inArrays = random.chance(0.5);
  let value = node;
  for (let level = 0; level < levels; level++) value = inArrays ? [value] : { a: value };
  return value;
};

/** A value seen under the same property name elsewhere in the seeds: a plausible value of another variant. */
const transplant: Mutation = (_node, random, context, key) => {
  const known = key === undefined ? undefined : context.valuesByKey.get(key);
  return known !== undefined && random.chance(0.8) ? random.pick(known) : random.pick(context.anyValues);
};

const empty: Mutation = (node) => (Array.isArray(node) ? [] : isJsonObject(node) ? {} : node);

const mutations: Record<string, Mutation> = {
  remove,
  retype,
  duplicate,
  'push count': pushCount,
  'push length': pushLength,
  'push total': pushTotal,
  'odd string': oddString,
  'odd number': oddNumberMutation,
  'swap tag': swapTag,
  'insert key': insertKey,
  deepen,
  transplant,
  empty,
};

/** The mutations that suit a node of each kind; REMOVE only where there is a property or item to remove. */
function applicable(node: unknown, hasParent: boolean): string[] {
  const common = ['retype', 'deepen', 'transplant', ...(hasParent ? ['remove', 'remove'] : [])];
  if (typeof node === 'string')
    return [...common, 'push length', 'push length', 'odd string', 'odd string', 'swap tag', 'swap tag'];
  if (typeof node === 'number') return [...common, 'odd number', 'odd number', 'odd number'];
  if (Array.isArray(node)) return [...common, 'duplicate', 'push count', 'push count', 'push total', 'empty'];
  if (isJsonObject(node))
    return [...common, 'duplicate', 'insert key', 'insert key', 'swap tag', 'swap tag', 'empty'];
  return common;
}

/** A path chosen by walking down from the root, stopping at each container with some chance. */
function walkPath(root: unknown, random: Random): Path {
  const path: (string | number)[] = [];
  let node = root;
  for (;;) {
    const keys: (string | number)[] = Array.isArray(node)
      ? node.map((_, index) => index)
      : isJsonObject(node)
        ? Object.keys(node)
        : [];
    if (keys.length === 0 || random.chance(0.2)) return path;
    const key = random.pick(keys);
    path.push(key);
    node = (node as Record<string | number, unknown>)[key];
  }
}

/** The last property name on a path: the name an array's items go by. */
function propertyOf(path: Path): string | undefined {
  for (let at = path.length - 1; at >= 0; at--) {
    const step = path[at];
    if (typeof step === 'string') return step;
  }
  return undefined;
}

const pathsOfSeed = new WeakMap<object, Path[]>();

function seedPaths(seed: unknown): Path[] {
  if (seed === null || typeof seed !== 'object') return [[]];
  let paths = pathsOfSeed.get(seed);
  if (paths === undefined) pathsOfSeed.set(seed, (paths = allPaths(seed)));
  return paths;
}

export interface Mutated {
  value: unknown;
  /** What was done, in order: `push length at /messages/0/content`. */
  mutations: string[];
}

/** One to several mutations of a seed, the first at a node picked uniformly, the rest by a walk from the root. */
export function mutate(seed: unknown, random: Random, context: MutationContext): Mutated {
  const count = random.chance(0.6)
    ? 1
    : random.chance(0.6)
      ? 2
      : random.chance(0.7)
        ? 3
        : 4 + random.below(5);
  let value = seed;
  const done: string[] = [];
  for (let step = 0; step < count; step++) {
    const path = step === 0 ? random.pick(seedPaths(seed)) : walkPath(value, random);
    const node = valueAt(value, path);
    const name = random.pick(applicable(node, path.length > 0));
    // An array's items are known under the array's property name, as contextFromSeeds records them.
    const key = propertyOf(path);
    value = replaceAt(value, path, mutations[name]!(node, random, context, key));
    done.push(`${name} at /${path.join('/')}`);
  }
  return { value, mutations: done };
}

/** The values the mutations transplant, read from the seeds: under each property name, and small ones of every kind. */
export function contextFromSeeds(seeds: readonly unknown[], dictionary: Dictionary): MutationContext {
  const valuesByKey = new Map<string, unknown[]>();
  const seenByKey = new Map<string, Set<string>>();
  const anyValues: unknown[] = [];
  const seenAny = new Set<string>();
  for (const seed of seeds) {
    eachNode(seed, (node, key) => {
      const text = JSON.stringify(node);
      if (text.length > 2048) return;
      if (key !== undefined) {
        const seen = seenByKey.get(key) ?? new Set<string>();
        seenByKey.set(key, seen);
        if (!seen.has(text) && seen.size < 64) {
          seen.add(text);
          valuesByKey.set(key, [...(valuesByKey.get(key) ?? []), node]);
        }
      }
      if (text.length <= 256 && !seenAny.has(text) && seenAny.size < 4096) {
        seenAny.add(text);
        anyValues.push(node);
      }
    });
  }
  return { dictionary, valuesByKey, anyValues };
}

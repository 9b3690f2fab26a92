import { isJsonObject } from '../../src/core/json-object.js';
import { allPaths, REMOVE, replaceAt, valueAt } from './json-paths.js';

/**
 * Shrinks a value while a predicate still holds of it (here: the same difference between implementations),
 * greedily: drop properties and runs of items, shorten strings, simplify numbers, anywhere in the value,
 * restarting from the root after each success, until nothing smaller keeps the predicate or the budget of
 * tries runs out. What is left is a reproducer a person can read.
 */

function* simpler(node: unknown): Generator<unknown> {
  if (Array.isArray(node)) {
    if (node.length > 0) yield [];
    // Halves first, then quarters, then single items: a long list of repeats shrinks in a few steps.
    for (let size = Math.floor(node.length / 2); size >= 1; size = Math.floor(size / 2)) {
      for (let start = 0; start + size <= node.length; start += size) {
        yield [...node.slice(0, start), ...node.slice(start + size)];
      }
    }
  } else if (isJsonObject(node)) {
    if (Object.keys(node).length > 0) yield {};
    for (const key of Object.keys(node)) yield withoutKey(node, key);
  } else if (typeof node === 'string') {
    if (node.length > 0) yield '';
    for (let cut = Math.floor(node.length / 2); cut >= 1; cut = Math.floor(cut / 2)) {
      yield node.slice(cut);
      yield node.slice(0, node.length - cut);
    }
    // ASCII in place of other characters, one per code point or one per unit, then one letter throughout: the
    // same length by either count, easier to read.
    yield node.replace(/[^\x20-\x7e]/gu, 'a');
    yield node.replace(/[^\x20-\x7e]/g, 'a');
    yield 'a'.repeat(node.length);
  } else if (typeof node === 'number') {
    for (const candidate of [0, 1, Math.trunc(node), Math.round(node / 10)]) {
      if (!Object.is(candidate, node)) yield candidate;
    }
  }
}

function withoutKey(node: Record<string, unknown>, key: string): unknown {
  return replaceAt(node, [key], REMOVE);
}

function size(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** Smaller, or as long with fewer distinct characters: a strict order, so the search cannot cycle. */
function isSimpler(candidate: unknown, node: unknown): boolean {
  const [a, b] = [size(candidate), size(node)];
  if (a !== b) return a < b;
  const distinct = (value: unknown) => new Set(JSON.stringify(value)).size;
  return distinct(candidate) < distinct(node);
}

export interface Shrunk {
  value: unknown;
  /** How many candidate values the predicate was asked about. */
  tries: number;
}

export function shrink(value: unknown, holds: (candidate: unknown) => boolean, budget = 20_000): Shrunk {
  let current = value;
  let tries = 0;
  let improved = true;
  while (improved && tries < budget) {
    improved = false;
    search: for (const path of allPaths(current)) {
      const node = valueAt(current, path);
      for (const candidate of simpler(node)) {
        if (!isSimpler(candidate, node)) continue;
        const next = replaceAt(current, path, candidate);
        tries++;
        if (holds(next)) {
          current = next;
          improved = true;
          break search;
        }
        if (tries >= budget) break search;
      }
    }
  }
  return { value: current, tries };
}

import { schemaLists, schemaMaps, schemaValues } from '../../src/core/schema-keywords.js';

/**
 * What the schemas say about the values they judge, read from the schema objects: the numbers at which a rule
 * flips (lengths, counts, bounds), the names of every property, and each list of allowed values (tags and
 * discriminators among them). The mutator aims at these, so a mutated value lands on a limit more often than
 * chance would put it there.
 */
export interface Dictionary {
  /** `maxLength`/`minLength` limits, and `maxTotalLength`. */
  lengths: number[];
  /** `maxItems`/`minItems` limits. */
  counts: number[];
  /** `minimum`/`maximum` and their exclusive forms, and `multipleOf`. */
  bounds: number[];
  /** Every property name a schema lists. */
  keys: string[];
  /** Each `enum` (and `const`, as a list of one) of strings: a value swapped for another of its list stays plausible. */
  enums: string[][];
  /** Every string of every enum. */
  enumStrings: string[];
}

const lengthKeywords = new Set(['maxLength', 'minLength', 'maxTotalLength']);
const countKeywords = new Set(['maxItems', 'minItems']);
const boundKeywords = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);

export function readDictionary(schemas: readonly object[]): Dictionary {
  const lengths = new Set<number>();
  const counts = new Set<number>();
  const bounds = new Set<number>();
  const keys = new Set<string>();
  const enums = new Map<string, string[]>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'number') {
        if (lengthKeywords.has(key)) lengths.add(value);
        if (countKeywords.has(key)) counts.add(value);
        if (boundKeywords.has(key)) bounds.add(value);
      }
      const allowed = key === 'enum' ? value : key === 'const' ? [value] : undefined;
      if (Array.isArray(allowed)) {
        const strings = allowed.filter((item): item is string => typeof item === 'string');
        if (strings.length > 0) enums.set(JSON.stringify(strings), strings);
      }
      if (schemaMaps.has(key) || key === 'definitions') {
        if (key === 'properties' && value !== null && typeof value === 'object') {
          for (const name of Object.keys(value)) keys.add(name);
        }
        if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
      } else if (schemaLists.has(key) || schemaValues.has(key) || key === 'items') {
        visit(value);
      } else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) if (typeof name === 'string') keys.add(name);
      }
    }
  };
  schemas.forEach(visit);
  const enumLists = [...enums.values()];
  return {
    lengths: [...lengths].sort((a, b) => a - b),
    counts: [...counts].sort((a, b) => a - b),
    bounds: [...bounds].sort((a, b) => a - b),
    keys: [...keys].sort(),
    enums: enumLists,
    enumStrings: [...new Set(enumLists.flat())].sort(),
  };
}

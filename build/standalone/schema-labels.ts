import { createHash } from 'node:crypto';
import type { NameOf } from '../../src/core/schema-refs.js';
import { identifierPart, schemaPlace } from '../../src/core/schema-places.js';
import { exportName } from '../validator-names.js';

/**
 * Build time: the name of a place in the schemas, from its path (the root, then the properties and union branches
 * that lead to it), so the code compiled for it keeps its name when another part of the schemas changes, where
 * Ajv's counter (`validate12`) renumbers every function after a new one.
 */

/** Labels longer than this keep the root and the end of the path, and a digest of the whole path. */
const MAX_LABEL = 64;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);

/**
 * The words of the place `origin` names (src/core/schema-places.ts), the root's as its export name, each an
 * identifier's part (`messages-request#/properties/messages/items/properties/content` is
 * `messagesRequest_messages_content`), and its place, which tells two places apart.
 */
function labelWords(origin: string, schemas: Readonly<Record<string, object>>) {
  const { root, words, place } = schemaPlace(origin, schemas);
  return { words: [exportName(root), ...words].map(identifierPart), place };
}

/** The label of the place `origin` names in `schemas` (see `schemaPlace`), at most `MAX_LABEL` long. */
export function schemaLabel(origin: string, schemas: Readonly<Record<string, object>>): string {
  const { words, place } = labelWords(origin, schemas);
  const label = words.join('_');
  if (label.length <= MAX_LABEL) return label;
  // The root, the digest, and as many of the last words as fit.
  const suffix = `_${digest(place)}`;
  let tail = '';
  for (let i = words.length - 1; i > 0; i--) {
    const longer = `_${words[i]}${tail}`;
    if (words[0]!.length + longer.length + suffix.length > MAX_LABEL) break;
    tail = longer;
  }
  return `${words[0]}${tail}${suffix}`;
}

/**
 * Names for the subschemas `splitSchemas` hoists out of `schemas`: each its label, and a digest of its place
 * where another took that label first (two paths whose words are alike).
 */
export function labelNames(schemas: Readonly<Record<string, object>>): NameOf {
  const taken = new Set<string>();
  return (origin) => {
    const label = schemaLabel(origin, schemas);
    const name = taken.has(label) ? `${label}_${digest(labelWords(origin, schemas).place)}` : label;
    taken.add(name);
    return name;
  };
}

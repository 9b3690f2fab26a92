/*
 * FNV-1a over UTF-16 code units, the one hash of the project: the body guards carry it on from a basis drawn
 * per process (src/body/seeded-hash.ts), the schema places from the standard basis, for names that stay the same.
 */

const FNV_PRIME = 0x01000193;

/** FNV-1a's standard offset basis. */
export const FNV_OFFSET_BASIS = 0x811c9dc5;

/** `hash` carried on over the code units of `text` from `start` up to, not including, `end`. */
export function hashUnits(text: string, start: number, end: number, hash: number): number {
  for (let unit = start; unit < end; unit++) hash = Math.imul(hash ^ text.charCodeAt(unit), FNV_PRIME);
  return hash;
}

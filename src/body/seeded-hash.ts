/*
 * FNV-1a over UTF-16 code units, from a basis drawn once per process: with the standard basis anyone could craft
 * keys that share a hash, and many sharing one would all land in one bucket of whatever table holds them (the
 * repeated-key scan's lists and maps, the shape scan's table of shapes).
 */

const FNV_PRIME = 0x01000193;

/** This process's basis; never 0, which the shape table keeps for a free slot. */
export const processHashBasis = Math.floor(Math.random() * 0x100000000) | 0 || 1;

/** `hash` carried on over the code units of `text` from `start` up to, not including, `end`. */
export function hashUnits(text: string, start: number, end: number, hash: number): number {
  for (let unit = start; unit < end; unit++) hash = Math.imul(hash ^ text.charCodeAt(unit), FNV_PRIME);
  return hash;
}

/*
 * FNV-1a from a basis drawn once per process: with the standard basis anyone could craft keys that share a hash,
 * and many sharing one would all land in one bucket of whatever table holds them (the repeated-key scan's lists
 * and maps, the shape scan's table of shapes).
 */

export { hashUnits } from '../core/fnv-1a.js';

/** This process's basis; never 0, which the shape table keeps for a free slot. */
export const processHashBasis = Math.floor(Math.random() * 0x100000000) | 0 || 1;

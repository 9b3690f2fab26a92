/**
 * Imported first by the cold-start bench's first-use mode (bench/cold-start.ts), so Node's module loader has
 * started before the clock does: that start is the loader's own, the same for any library.
 */
export {};

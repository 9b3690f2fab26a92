/**
 * Every type derived from the schemas, by the name of the wire concept it describes: plain declarations
 * generated from them (src/generated/types.ts, by build/types/emit-types.ts).
 */
export type * from '../generated/types.js';

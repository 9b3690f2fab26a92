import type { PayloadKind } from '../../test/fixtures/payloads.js';

/** A validator reduced to its verdict on an already-parsed value. */
export type Checker = (value: unknown) => boolean;

export interface BuiltChecker {
  check: Checker;
  /** What it was given and what it had to leave out, in a few words each (for the results' notes). */
  notes?: string[];
}

/** A validator a user would pick instead of ours, given the same shapes for each payload kind. */
export interface Competitor {
  /** A short stable key for the results. */
  id: string;
  name: string;
  /** `undefined` when it has nothing for that kind (the public SDK has no request parser). */
  build(kind: PayloadKind): BuiltChecker | Checker | undefined;
}

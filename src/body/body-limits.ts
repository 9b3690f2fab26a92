import { DEFAULT_MAX_DEPTH } from '../core/json-value.js';
import { DEFAULT_MAX_OBJECT_SHAPES } from './body-cost.js';

export { DEFAULT_MAX_DEPTH };

/** The largest request body accepted by default, in bytes of UTF-8 (4 MiB); larger gets 413. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The limits a caller may change (docs/contract.md#body-limits, docs/contract.md#body-cost); each defaults to
 * the value above or in body-cost.ts.
 */
export interface BodyLimits {
  /** Largest body in bytes of UTF-8; a larger one gets 413. */
  maxBytes?: number;
  /** Most objects and arrays nested inside each other, the root included; a deeper body gets 400. */
  maxDepth?: number;
  /** Most distinct object shapes (an object's keys in order up to one of them) per body; more gets 400. */
  maxObjectShapes?: number;
}

/** A limit is a programmer's setting, so a nonsense value throws at the call instead of guarding nothing. */
export function checkedLimit(name: string, value: number, minimum: number): number {
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new RangeError(`${name} must be an integer of at least ${minimum}, got ${String(value)}`);
  }
  return value;
}

/** Every limit, given or its default, checked: what every body guard runs with. */
export function resolvedLimits(limits: BodyLimits = {}): Required<BodyLimits> {
  return {
    maxBytes: checkedLimit('maxBytes', limits.maxBytes ?? DEFAULT_MAX_BODY_BYTES, 0),
    maxDepth: checkedLimit('maxDepth', limits.maxDepth ?? DEFAULT_MAX_DEPTH, 1),
    maxObjectShapes: checkedLimit('maxObjectShapes', limits.maxObjectShapes ?? DEFAULT_MAX_OBJECT_SHAPES, 1),
  };
}

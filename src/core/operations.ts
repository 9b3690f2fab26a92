import type { Operation } from '../../schemas/operations.js';
import type { ErrorStatus } from './errors.js';

/*
 * The operations table is written once, in schemas/operations.ts (docs/contract.md#operations), where the
 * schemas read it too; the run time reads it here, with what only the run time needs of it.
 */
export * from '../../schemas/operations.js';

/** A bad path parameter gets 400 where the operation lists 400, else 404. */
export function badParamStatus(operation: Operation): ErrorStatus {
  return operation.errors.includes(400) ? 400 : 404;
}

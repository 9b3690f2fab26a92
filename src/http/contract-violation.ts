import type { Issue } from '../core/errors.js';

/**
 * An implementation returned a body that breaks the contract (development mode) or a status its operation does
 * not list; the client got a 500 and `onError` gets this, with the issues that say what was wrong.
 */
export class ContractViolation extends Error {
  override name = 'ContractViolation';

  constructor(
    message: string,
    readonly issues: readonly Issue[] = [],
  ) {
    super(message);
  }
}

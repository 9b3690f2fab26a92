import { errorBody, type ErrorBody } from '../../src/core/errors.js';
import { operationIds, type OperationId } from '../../src/core/operations.js';
import type { GatewayOperations } from '../../src/http/types.js';

/**
 * An implementation of every operation of the table, each giving `answer` (404 unless told), with `overrides` in
 * place of the ones a test is about: the stub is derived from the table, so a new operation needs no edit here.
 */
export function stubOperations(
  overrides: Partial<GatewayOperations> = {},
  answer: (input: unknown, id: OperationId) => ErrorBody = () => errorBody(404),
): GatewayOperations {
  const answering = Object.fromEntries(operationIds.map((id) => [id, (input: unknown) => answer(input, id)]));
  return { ...answering, ...overrides } as GatewayOperations;
}

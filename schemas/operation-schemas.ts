import { operationIds, operations, type OperationId } from './operations.js';
import { paramsSchemas } from './params.js';
import { rootSchemas } from './roots.js';

export interface OperationSchemas {
  /** The path parameters as the decoded strings a router hands over; null where the path has none. */
  readonly params: { readonly properties: object; readonly required: readonly string[] } | null;
  readonly body: object | null;
  readonly success: object;
}

type Table = typeof operations;
type RootName = keyof typeof rootSchemas;

/** The schema objects of one operation, as its entry in the table names them. */
type SchemasOf<Id extends OperationId> = {
  readonly params: Id extends keyof typeof paramsSchemas ? (typeof paramsSchemas)[Id] : null;
  readonly body: Table[Id]['body'] extends RootName ? (typeof rootSchemas)[Table[Id]['body']] : null;
  readonly success: (typeof rootSchemas)[Table[Id]['success']];
};

const paramsOf: Partial<Record<OperationId, OperationSchemas['params']>> = paramsSchemas;

/**
 * The schema objects of each operation of the table in `operations.ts`, for documents and compilers:
 * its path parameters, and the roots the table names for its body and its success body.
 */
export const operationSchemas = Object.fromEntries(
  operationIds.map((id) => {
    const { body, success } = operations[id] as { body: RootName | null; success: RootName };
    const schemas: OperationSchemas = {
      params: paramsOf[id] ?? null,
      body: body === null ? null : rootSchemas[body],
      success: rootSchemas[success],
    };
    return [id, schemas];
  }),
) as { readonly [Id in OperationId]: SchemasOf<Id> };

import { describe, expectTypeOf, it } from 'vitest';
import { operationSchemas, rootSchemas } from '../../schemas/index.js';
import { paramsSchemas, presetSlug } from '../../schemas/params.js';
import type { OperationId, operations } from '../../src/core/operations.js';

type Table = typeof operations;

/** The objects an entry of the table names: its params schema (null without one), its body's and success's roots. */
type NamedBy<Id extends OperationId> = {
  readonly params: Id extends keyof typeof paramsSchemas ? (typeof paramsSchemas)[Id] : null;
  readonly body: Table[Id]['body'] extends keyof typeof rootSchemas
    ? (typeof rootSchemas)[Table[Id]['body']]
    : null;
  readonly success: (typeof rootSchemas)[Table[Id]['success']];
};

describe('operationSchemas', () => {
  it("types each operation's parameter, body and success schema as the objects its entry names", () => {
    expectTypeOf(operationSchemas).toEqualTypeOf<{ readonly [Id in OperationId]: NamedBy<Id> }>();
  });

  it('types a body and parameters as the schema objects themselves, and null where there are none', () => {
    expectTypeOf(operationSchemas.createPresetsMessages).toEqualTypeOf<{
      readonly params: {
        readonly type: 'object';
        readonly required: ['slug'];
        readonly properties: { readonly slug: typeof presetSlug };
      };
      readonly body: (typeof rootSchemas)['messages-request'];
      readonly success: (typeof rootSchemas)['preset-response'];
    }>();
    expectTypeOf(operationSchemas.listProviders).toEqualTypeOf<{
      readonly params: null;
      readonly body: null;
      readonly success: (typeof rootSchemas)['providers-response'];
    }>();
  });
});

import { describe, expectTypeOf, it } from 'vitest';
import type {
  MessagesRequest,
  ModelWithEndpoints,
  ObservabilityDestination,
  Preset,
  PresetVersion,
  Provider,
} from '../../src/core/types.js';
import type { OperationId } from '../../src/core/operations.js';
import type { GatewayOperations, OperationResult, Principal } from '../../src/http/index.js';

type Awaitable<T> = T | Promise<T>;

describe('the operations a gateway implements', () => {
  it('gives each its decoded parameters, its body and who called, the version as a number', () => {
    // The create also gets the request's Idempotency-Key, when one was sent (contract: idempotent-creates).
    expectTypeOf<Parameters<GatewayOperations['createPresetsMessages']>[0]>().toEqualTypeOf<{
      slug: string;
      request: MessagesRequest;
      idempotencyKey?: string;
      principal: Principal;
    }>();
    expectTypeOf<Parameters<GatewayOperations['getPresetVersion']>[0]>().toEqualTypeOf<{
      slug: string;
      version: number;
      principal: Principal;
    }>();
    expectTypeOf<Parameters<GatewayOperations['getObservabilityDestination']>[0]>().toEqualTypeOf<{
      id: string;
      principal: Principal;
    }>();
  });

  it('passes a null principal to a public operation called without a known key', () => {
    expectTypeOf<Parameters<GatewayOperations['listEndpoints']>[0]>().toEqualTypeOf<{
      author: string;
      slug: string;
      principal: Principal | null;
    }>();
    expectTypeOf<Parameters<GatewayOperations['listProviders']>[0]>().toEqualTypeOf<{
      principal: Principal | null;
    }>();
  });

  it('expects the data of each success body, or an error body', () => {
    expectTypeOf<ReturnType<GatewayOperations['createPresetsMessages']>>().toEqualTypeOf<
      Awaitable<OperationResult<Preset>>
    >();
    expectTypeOf<ReturnType<GatewayOperations['getPresetVersion']>>().toEqualTypeOf<
      Awaitable<OperationResult<PresetVersion>>
    >();
    expectTypeOf<ReturnType<GatewayOperations['listEndpoints']>>().toEqualTypeOf<
      Awaitable<OperationResult<ModelWithEndpoints>>
    >();
    expectTypeOf<ReturnType<GatewayOperations['getObservabilityDestination']>>().toEqualTypeOf<
      Awaitable<OperationResult<ObservabilityDestination>>
    >();
    expectTypeOf<ReturnType<GatewayOperations['listProviders']>>().toEqualTypeOf<
      Awaitable<OperationResult<Provider[]>>
    >();
  });

  it('asks for an implementation of each operation of the table, and of nothing else', () => {
    expectTypeOf<keyof GatewayOperations>().toEqualTypeOf<OperationId>();
  });
});

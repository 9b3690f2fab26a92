import { errorBody } from '../core/errors.js';
import { maskDestination } from '../core/masking.js';
import type { OperationId } from '../core/operations.js';
import type { PresetOperationId } from '../http/store/preset-operations.js';
import type { GatewayOperations } from '../http/types.js';
import type { Catalog } from './catalog.js';

/**
 * The catalog operations over fixed data: a model by its `author/slug` id, every provider, and a
 * destination of the caller's own workspace, its secrets masked. Whatever is not there is 404. They are every
 * operation of the table that is not on presets.
 */
export function catalogOperations(
  catalog: Catalog,
): Pick<GatewayOperations, Exclude<OperationId, PresetOperationId>> {
  const models = new Map(catalog.models.map((model) => [model.id, model]));
  // A destination id is a UUID in either case (contract: path-parameters), so ids are compared in one case.
  const destinations = new Map(catalog.destinations.map((found) => [found.id.toLowerCase(), found]));
  return {
    listEndpoints({ author, slug }) {
      const model = models.get(`${author}/${slug}`);
      return model ? { data: model } : errorBody(404);
    },
    getObservabilityDestination({ id, principal }) {
      const destination = destinations.get(id.toLowerCase());
      if (destination === undefined || destination.workspace_id !== principal.workspaceId)
        return errorBody(404);
      return { data: maskDestination(destination) };
    },
    listProviders() {
      return { data: [...catalog.providers] };
    },
  };
}

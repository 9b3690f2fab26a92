import type { ModelWithEndpoints, ObservabilityDestination, Provider } from '../generated/types.js';
import { bundledDestinations } from './catalog-destinations.js';
import { bundledModels } from './catalog-models.js';
import { bundledProviders } from './catalog-providers.js';

/**
 * What the reference gateway serves besides presets. Destinations hold their secrets in full, as a real
 * service stores them; they are masked on the way out.
 */
export interface Catalog {
  models: readonly ModelWithEndpoints[];
  providers: readonly Provider[];
  destinations: readonly ObservabilityDestination[];
}

/** Sample data for trying the interface out; none of it describes a real account or a live price. */
export const bundledCatalog: Catalog = {
  models: bundledModels,
  providers: bundledProviders,
  destinations: bundledDestinations,
};

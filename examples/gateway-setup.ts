import {
  errorBody,
  MemoryPresetStore,
  presetOperations,
  type GatewayOperations,
  type Principal,
  type ResolveKey,
} from 'gateway-contract/http';

const workspaceId = '7f3c1a2b-4d5e-4f60-8a71-9b2c3d4e5f60';

// Your key service decides whose a key is; an unknown key is null, and the handler answers 401.
const principals = new Map<string, Principal>([
  ['example-management-key', { kind: 'management', userId: 'user-1', workspaceId }],
  ['example-standard-key', { kind: 'standard', userId: 'user-2', workspaceId }],
]);

export const resolveKey: ResolveKey = (key) => principals.get(key) ?? null;

export const operations: GatewayOperations = {
  // Creating and reading presets over a store; implement PresetStore for your database.
  ...presetOperations(new MemoryPresetStore()),
  // Look the model up in your catalog; return { data } or errorBody(404).
  listEndpoints: () => errorBody(404),
  // Return the caller's workspace's destination through maskDestination, which masks its secrets; another
  // workspace's, or none, is errorBody(404).
  getObservabilityDestination: () => errorBody(404),
  // Your providers.
  listProviders: () => ({
    data: [
      {
        name: 'Example Cloud',
        slug: 'example-cloud',
        headquarters: 'US',
        datacenters: ['US'],
        privacy_policy_url: null,
        terms_of_service_url: null,
        status_page_url: null,
      },
    ],
  }),
};

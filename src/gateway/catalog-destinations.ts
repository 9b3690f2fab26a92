import type { ObservabilityDestination } from '../generated/types.js';
import { GATEWAY_WORKSPACE_ID } from './workspace.js';

const created = '2026-11-01T09:00:00Z';

/** The fields every destination shares; `regions` is what the public SDK 1.3 expects as well. */
function shared(id: string, name: string, region: 'us' | 'europe' | 'global') {
  return {
    id,
    workspace_id: GATEWAY_WORKSPACE_ID,
    name,
    enabled: true,
    privacy_mode: false,
    sampling_rate: 1,
    broadcast_generation_cost: true,
    broadcast_generation_identity: false,
    broadcast_generation_request_context: false,
    api_key_hashes: null,
    filter_rules: null,
    regions: [region],
    created_at: created,
    updated_at: created,
  };
}

/**
 * Three destinations of three types, their secrets stored in full (sample values, not real keys). The gateway
 * masks them on the way out (contract: secret-masking); a response carrying one in full would fail validation.
 */
export const bundledDestinations: readonly ObservabilityDestination[] = [
  {
    ...shared('0b6f2c8e-3d4a-4e5b-8f71-9a2c4d6e8f10', 'Langfuse (sample)', 'europe'),
    type: 'langfuse',
    config: {
      baseUrl: 'https://cloud.langfuse.example.com',
      publicKey: 'pk-lf-3c1e7a9b5d2f4e6a8c0b',
      secretKey: 'sk-lf-8d4b2f6a1c9e7b3d5f0a',
    },
  },
  {
    ...shared('1c7a3d9f-4e5b-4f6c-9a82-0b3d5e7f9a21', 'Datadog (sample)', 'us'),
    type: 'datadog',
    config: {
      apiKey: 'dd0a1b2c3d4e5f60718293a4b5c6d7e8',
      mlApp: 'gateway-sample',
      url: 'https://api.datadoghq.example.com',
    },
  },
  {
    ...shared('2d8b4e0a-5f6c-4a7d-8b93-1c4e6f8a0b32', 'S3 archive (sample)', 'global'),
    type: 's3',
    config: {
      bucketName: 'gateway-sample-traces',
      region: 'eu-west-1',
      accessKeyId: 'AKIASAMPLE7EXAMPLE42',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYSAMPLEKEY',
    },
  },
];

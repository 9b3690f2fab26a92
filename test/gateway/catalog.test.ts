import { describe, expect, it } from 'vitest';
import { isSecretName } from '../../src/core/secret-names.js';
import { catalogOperations } from '../../src/gateway/catalog-operations.js';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { GATEWAY_WORKSPACE_ID } from '../../src/gateway/workspace.js';
import type { Principal } from '../../src/http/types.js';
import { validate } from '../../src/core/validators.js';

const operations = catalogOperations(bundledCatalog);
const admin: Principal = { kind: 'management', userId: 'admin', workspaceId: GATEWAY_WORKSPACE_ID };

describe('the bundled catalog', () => {
  it('has at least 4 models of 2 to 6 endpoints, each a valid model-endpoints-response', () => {
    expect(bundledCatalog.models.length).toBeGreaterThanOrEqual(4);
    for (const model of bundledCatalog.models) {
      expect(model.endpoints.length, model.id).toBeGreaterThanOrEqual(2);
      expect(model.endpoints.length, model.id).toBeLessThanOrEqual(6);
      const [author, slug] = model.id.split('/') as [string, string];
      const response = operations.listEndpoints({ author, slug, principal: null });
      expect(validate('model-endpoints-response', response).ok, model.id).toBe(true);
      // The public SDK 1.3 requires supports_tool_choice on every endpoint.
      for (const endpoint of model.endpoints) expect(endpoint).toHaveProperty('supports_tool_choice.auto');
    }
  });

  it('has 12 providers, a valid providers-response', () => {
    const response = operations.listProviders({ principal: null });
    expect(validate('providers-response', response).ok).toBe(true);
    expect('data' in response && response.data).toHaveLength(12);
  });

  it('has 3 destinations of different types, each with secrets and the regions the SDK expects', () => {
    const { destinations } = bundledCatalog;
    expect(destinations).toHaveLength(3);
    expect(new Set(destinations.map((destination) => destination.type)).size).toBe(3);
    for (const destination of destinations) {
      const secrets = Object.keys(destination.config).filter(isSecretName);
      expect(secrets.length, destination.type).toBeGreaterThan(0);
      expect(destination).toHaveProperty('regions');
    }
  });

  it('stores the secrets in full, which no response may carry (contract: secret-masking)', () => {
    for (const destination of bundledCatalog.destinations) {
      expect(validate('observability-destination-response', { data: destination }).ok).toBe(false);
    }
  });
});

describe('catalogOperations', () => {
  it('returns each destination masked, valid, and without any stored secret', () => {
    for (const destination of bundledCatalog.destinations) {
      const response = operations.getObservabilityDestination({
        id: destination.id.toUpperCase(),
        principal: admin,
      });
      expect(validate('observability-destination-response', response).ok, destination.type).toBe(true);
      const text = JSON.stringify(response);
      const config = destination.config as Record<string, unknown>;
      for (const field of Object.keys(config).filter(isSecretName)) {
        if (typeof config[field] === 'string') expect(text).not.toContain(config[field]);
      }
    }
  });

  it('answers 404 for an unknown model, an unknown destination, and one of another workspace', () => {
    const notFound = { error: { code: 404, message: 'Resource not found' } };
    expect(operations.listEndpoints({ author: 'nobody', slug: 'nothing', principal: null })).toEqual(
      notFound,
    );
    const id = bundledCatalog.destinations[0]?.id as string;
    expect(
      operations.getObservabilityDestination({
        id: '00000000-0000-4000-8000-000000000000',
        principal: admin,
      }),
    ).toEqual(notFound);
    expect(
      operations.getObservabilityDestination({
        id,
        principal: { ...admin, workspaceId: '00000000-0000-4000-8000-0000000000ff' },
      }),
    ).toEqual(notFound);
  });
});

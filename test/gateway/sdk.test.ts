import { OpenRouter } from '@openrouter/sdk';
import {
  BadRequestResponseError,
  ForbiddenResponseError,
  NotFoundResponseError,
  UnauthorizedResponseError,
} from '@openrouter/sdk/models/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';

/*
 * The public API's own TypeScript SDK against the reference gateway. The SDK parses every response with its own
 * schemas (zod), so each call that succeeds here is a response the public client accepts as its wire format.
 */

const MANAGEMENT_KEY = 'sdk-test-management';
const STANDARD_KEY = 'sdk-test-standard';
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({
    keys: gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY, GATEWAY_API_KEY: STANDARD_KEY }),
    port: 0,
  });
});
afterAll(() => gateway.close());

function client(apiKey: string) {
  return new OpenRouter({ apiKey, serverURL: gateway.baseUrl, retryConfig: { strategy: 'none' } });
}

const messagesRequest = {
  model: 'anthropic/claude-4.6-sonnet',
  maxTokens: 512,
  system: 'You are a careful code reviewer.',
  temperature: 0.2,
  messages: [{ role: 'user' as const, content: 'Review this diff.' }],
};

describe('@openrouter/sdk against the reference gateway', () => {
  it('creates a preset twice (versions 1 and 2) and reads version 1 back', async () => {
    const sdk = client(MANAGEMENT_KEY);
    const first = await sdk.presets.createPresetsMessages({ slug: 'sdk-review', messagesRequest });
    expect(first.data).toMatchObject({
      slug: 'sdk-review',
      status: 'active',
      designatedVersion: { version: 1, systemPrompt: 'You are a careful code reviewer.' },
    });
    const second = await sdk.presets.createPresetsMessages({
      slug: 'sdk-review',
      messagesRequest: { ...messagesRequest, maxTokens: 1024 },
    });
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.designatedVersion?.version).toBe(2);

    const version = await client(STANDARD_KEY).presets.getVersion({ slug: 'sdk-review', version: '1' });
    expect(version.data).toMatchObject({ version: 1, presetId: first.data.id });
    expect(version.data?.config).toMatchObject({ model: 'anthropic/claude-4.6-sonnet', max_tokens: 512 });
  });

  it('lists the endpoints of a bundled model', async () => {
    const model = bundledCatalog.models[2];
    const [author, slug] = (model?.id ?? '').split('/') as [string, string];
    const listed = await client(STANDARD_KEY).endpoints.list({ author, slug });
    expect(listed.data.id).toBe(model?.id);
    expect(listed.data.endpoints).toHaveLength(model?.endpoints.length ?? -1);
    expect(listed.data.endpoints[0]?.supportsToolChoice).toMatchObject({ auto: true });
  });

  it('lists the providers', async () => {
    const providers = await client(STANDARD_KEY).providers.list();
    expect(providers.data.map((provider) => provider.slug)).toEqual(
      bundledCatalog.providers.map((provider) => provider.slug),
    );
  });

  it('reads a destination, its secrets masked', async () => {
    const destination = bundledCatalog.destinations[0];
    const read = await client(MANAGEMENT_KEY).observability.get({ id: destination?.id ?? '' });
    expect(read.data).toMatchObject({ id: destination?.id, type: destination?.type });
    expect(JSON.stringify(read.data)).toContain('...');
    expect(JSON.stringify(read.data)).not.toContain(
      (destination?.config as { secretKey?: string }).secretKey,
    );
  });

  it('gets UnauthorizedResponseError for an unknown key (401)', async () => {
    const failure = client('not-a-key').presets.getVersion({ slug: 'sdk-review', version: '1' });
    await expect(failure).rejects.toBeInstanceOf(UnauthorizedResponseError);
    await expect(failure).rejects.toMatchObject({ statusCode: 401, error: { code: 401 } });
  });

  it('gets ForbiddenResponseError for a create with a standard key (403)', async () => {
    const failure = client(STANDARD_KEY).presets.createPresetsMessages({
      slug: 'sdk-review',
      messagesRequest,
    });
    await expect(failure).rejects.toBeInstanceOf(ForbiddenResponseError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 403,
      error: { message: 'Only management keys can perform this operation' },
    });
  });

  it('gets BadRequestResponseError for a body the interface rejects and the SDK lets through (400)', async () => {
    const fallbacks = ['a/1', 'a/2', 'a/3', 'a/4'].map((model) => ({ model }));
    const failure = client(MANAGEMENT_KEY).presets.createPresetsMessages({
      slug: 'sdk-review',
      messagesRequest: { ...messagesRequest, fallbacks },
    });
    await expect(failure).rejects.toBeInstanceOf(BadRequestResponseError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 400,
      error: { metadata: { issues: [{ path: '/fallbacks', message: 'must have at most 3 items' }] } },
    });
    const badVersion = client(STANDARD_KEY).presets.getVersion({ slug: 'sdk-review', version: '0' });
    await expect(badVersion).rejects.toBeInstanceOf(BadRequestResponseError);
  });

  it('gets NotFoundResponseError for a missing version, model and destination (404)', async () => {
    await expect(
      client(STANDARD_KEY).presets.getVersion({ slug: 'sdk-review', version: '99' }),
    ).rejects.toBeInstanceOf(NotFoundResponseError);
    await expect(
      client(STANDARD_KEY).endpoints.list({ author: 'nobody', slug: 'nothing' }),
    ).rejects.toBeInstanceOf(NotFoundResponseError);
    await expect(
      client(MANAGEMENT_KEY).observability.get({ id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toBeInstanceOf(NotFoundResponseError);
  });
});

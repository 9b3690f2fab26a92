import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { CatalogFileError, loadCatalogFile } from '../../src/gateway/catalog-file.js';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';
import { GATEWAY_WORKSPACE_ID } from '../../src/gateway/workspace.js';
import { createNodeServer } from '../../src/http/index.js';
import type { ObservabilityDestination } from '../../src/generated/types.js';
import { maskDestination, validate } from '../../src/index.js';
import { leaks, secretLeaks } from '../fixtures/secret-leaks.js';
import { stubOperations } from '../support/stub-operations.js';
import { capturedLog } from '../gateway/captured-log.js';

/*
 * Every place a destination holds a credential (contract: secret-masking), through the real reference gateway on
 * loopback: header values, a URL's password and secret query parameters, a legacy Sentry DSN, secret names in
 * any case and at any depth, and a short key. Each comes back masked, each fails the response validator in
 * full, and no response, error body or log line ever carries one.
 */

const MANAGEMENT_KEY = 'secrets-masked-management';
const keys = gatewayKeys({
  GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
  GATEWAY_API_KEY: 'secrets-masked-standard',
});
const asManagement = { authorization: `Bearer ${MANAGEMENT_KEY}` };

interface CredentialCase {
  name: string;
  destination: ObservabilityDestination;
  /** The full secrets it holds: none may come back, nor be echoed by an error. */
  secrets: string[];
  /** Where the response validator reports it in full. */
  path: string;
}

/** The fields of a bundled destination the interface defines (`regions`, for the public SDK, is not one). */
const sample = Object.fromEntries(
  Object.entries(bundledCatalog.destinations[0]!).filter(([name]) => name !== 'regions'),
);
let serial = 0;
/** A destination of the gateway's workspace, like the bundled ones, with `config` as given. */
function destination(type: string, config: Record<string, unknown>): ObservabilityDestination {
  serial++;
  return {
    ...sample,
    id: `5ec7e75e-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    name: `credentials ${serial}`,
    type,
    config,
  } as ObservabilityDestination;
}

const hook = 'https://hooks.example.com/in';
const bearer = 'Bearer sk-live-AUTHZ-0123456789abcdef0123456789';
const honeycomb = 'hcaik_01HONEYCOMB0123456789abcdefXYZ';
const tokenHeader = 'tok_HEADER_0123456789';
const apiKeyHeader = 'APIKEYHEADER-0123456789';
const dsnSecret = '8d4b2f6a1c9e7b3d5f0a2c4e6b8d0f1a';
const password = 'hunter2-PASSWORD-0123';
const queryToken = 'tok_QUERY_0123456789abcdef';
const shortKey = '0123456789abcdef';
const nestedToken = 'st-NESTED-0123456789abcdef';
const nestedHeader = 'nested-HEADER-0123456789abcdef';

const cases: CredentialCase[] = [
  {
    name: 'an Authorization header',
    destination: destination('webhook', { url: hook, headers: { Authorization: bearer } }),
    secrets: [bearer],
    path: '/data/config/headers/Authorization',
  },
  {
    name: 'an x-honeycomb-team header',
    destination: destination('otel-collector', {
      endpoint: 'https://api.honeycomb.io',
      headers: { 'x-honeycomb-team': honeycomb },
    }),
    secrets: [honeycomb],
    path: '/data/config/headers/x-honeycomb-team',
  },
  {
    name: 'a Token header',
    destination: destination('webhook', { url: hook, headers: { Token: tokenHeader } }),
    secrets: [tokenHeader],
    path: '/data/config/headers/Token',
  },
  {
    name: 'an api_key header',
    destination: destination('otel-collector', {
      endpoint: 'https://otel.example.com:4318',
      headers: { api_key: apiKeyHeader },
    }),
    secrets: [apiKeyHeader],
    path: '/data/config/headers/api_key',
  },
  {
    name: "a legacy Sentry DSN's secret",
    destination: destination('sentry', {
      dsn: `https://3f5c1a7e9b2d4f6a8c0e1b3d5f7a9c2e:${dsnSecret}@o0.ingest.sentry.io/42`,
      otlpEndpoint: 'https://o0.ingest.sentry.io/api/42/otlp',
    }),
    secrets: [dsnSecret],
    path: '/data/config',
  },
  {
    name: "a webhook URL's password",
    destination: destination('webhook', { url: `https://deliver:${password}@hooks.example.com/in` }),
    secrets: [password],
    path: '/data/config',
  },
  {
    name: "a webhook URL's token query parameter",
    destination: destination('webhook', { url: `${hook}?team=ml&token=${queryToken}` }),
    secrets: [queryToken],
    path: '/data/config',
  },
  {
    name: 'a 16-character apiKey',
    destination: destination('datadog', { apiKey: shortKey, mlApp: 'gateway' }),
    secrets: [shortKey],
    path: '/data/config/apiKey',
  },
  {
    name: 'a secret name in another case, nested in an array',
    destination: destination('s3', {
      bucketName: 'traces',
      accessKeyId: '********',
      secretAccessKey: '********',
      assumeRole: [{ SessionToken: nestedToken }],
    }),
    secrets: [nestedToken],
    path: '/data/config',
  },
  {
    name: 'a nested header map',
    destination: destination('langfuse', {
      publicKey: '********',
      secretKey: '********',
      exporter: { headers: { 'x-api-key': nestedHeader } },
    }),
    secrets: [nestedHeader],
    path: '/data/config',
  },
];

/** Everything above in one webhook destination, as a client would configure it. */
const everything: CredentialCase = {
  name: 'every credential at once',
  destination: destination('webhook', {
    url: `https://deliver:${password}@hooks.example.com/in?team=ml&token=${queryToken}`,
    headers: { Authorization: bearer, Token: tokenHeader, api_key: apiKeyHeader },
    APIKEY: shortKey,
    delivery: { retry: { headers: { 'x-honeycomb-team': honeycomb } }, SESSIONTOKEN: nestedToken },
  }),
  secrets: [password, queryToken, bearer, tokenHeader, apiKeyHeader, shortKey, honeycomb, nestedToken],
  path: '/data/config/headers/Authorization',
};
const allCases = [...cases, everything];

let gateway: RunningGateway;
const log = capturedLog('json');

beforeAll(async () => {
  gateway = await startGateway({
    keys,
    port: 0,
    catalog: { ...bundledCatalog, destinations: allCases.map((each) => each.destination) },
    handler: { validateResponses: true },
    log: log.log,
  });
});
afterAll(() => gateway.close());

async function served(id: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${gateway.baseUrl}/observability/destinations/${id}`, {
    headers: asManagement,
  });
  return { status: response.status, text: await response.text() };
}

describe('credentials in a destination, through the reference gateway (contract: secret-masking)', () => {
  it.each(allCases.map((each) => [each.name, each] as const))(
    'serves %s masked and valid',
    async (_name, each) => {
      const { status, text } = await served(each.destination.id);
      expect(status).toBe(200);
      expect(validate('observability-destination-response', JSON.parse(text)).ok).toBe(true);
      expect(leaks(text, each.secrets)).toEqual([]);
    },
  );

  it('shows a 16-character key as its last 4 characters at most', async () => {
    const shortKeyCase = cases.find((each) => each.name === 'a 16-character apiKey')!;
    const { text } = await served(shortKeyCase.destination.id);
    const config = (JSON.parse(text) as { data: { config: Record<string, string> } }).data.config;
    expect(config['apiKey']).toBe('********...cdef');
  });

  it('serves every credential of one destination masked, ids and the rest of its URL as they are', async () => {
    const { text } = await served(everything.destination.id);
    const config = (JSON.parse(text) as { data: { config: Record<string, unknown> } }).data.config;
    expect(config).toEqual({
      url: 'https://deliver:********...0123@hooks.example.com/in?team=ml&token=********...cdef',
      headers: { Authorization: 'Bear...6789', Token: '********...6789', api_key: '********...6789' },
      APIKEY: '********...cdef',
      delivery: {
        retry: { headers: { 'x-honeycomb-team': 'hcai...fXYZ' } },
        SESSIONTOKEN: '********...cdef',
      },
    });
  });

  it('writes no credential to the log', () => {
    const logLines = log.lines();
    expect(logLines.length).toBeGreaterThan(0);
    expect(leaks(logLines.join('\n'), everything.secrets.concat(dsnSecret, nestedHeader))).toEqual([]);
  });
});

describe('the response validator on each credential in full (contract: secret-masking)', () => {
  it.each(allCases.map((each) => [each.name, each] as const))(
    'rejects %s, without echoing it',
    (_name, each) => {
      for (const profile of ['default', 'strict'] as const) {
        const result = validate(
          'observability-destination-response',
          { data: each.destination },
          { profile },
        );
        expect(result.ok).toBe(false);
        if (result.ok) continue;
        expect(result.error.error.metadata?.issues?.[0]?.path).toBe(each.path);
        expect(leaks(JSON.stringify(result.error), each.secrets)).toEqual([]);
      }
    },
  );

  it('accepts each once masked', () => {
    for (const each of allCases) {
      const data = maskDestination(each.destination);
      expect(validate('observability-destination-response', { data }).ok, each.name).toBe(true);
    }
  });
});

describe('an implementation that returns a credential in full (development mode)', () => {
  it('answers a bare 500, and the error it reports names the rule, never the credential', async () => {
    const errors: unknown[] = [];
    const server = createNodeServer({
      basePath: '/api/v1',
      resolveKey: (key) =>
        key === MANAGEMENT_KEY
          ? { kind: 'management', userId: 'admin', workspaceId: GATEWAY_WORKSPACE_ID }
          : null,
      validateResponses: true,
      onError: (error) => errors.push(error),
      operations: stubOperations(
        {
          getObservabilityDestination: ({ id }) => ({
            data: allCases.find((each) => each.destination.id === id)!.destination,
          }),
        },
        () => {
          throw new Error('not used');
        },
      ),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (const each of allCases) {
        const response = await fetch(
          `http://127.0.0.1:${port}/api/v1/observability/destinations/${each.destination.id}`,
          { headers: asManagement },
        );
        const text = await response.text();
        expect(response.status, each.name).toBe(500);
        expect(JSON.parse(text)).toEqual({ error: { code: 500, message: 'Internal Server Error' } });
      }
      expect(errors).toHaveLength(allCases.length);
      const reported = errors
        .map((error) => `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`)
        .join('\n');
      expect(reported).toContain('must');
      expect(
        leaks(
          reported,
          allCases.flatMap((each) => each.secrets),
        ),
      ).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a --catalog file holding credentials', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'secrets-masked-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is served masked through the same masker', async () => {
    const path = join(dir, 'catalog.json');
    await writeFile(path, JSON.stringify({ ...bundledCatalog, destinations: [everything.destination] }));
    const fromFile = await startGateway({ keys, port: 0, catalog: await loadCatalogFile(path) });
    try {
      const response = await fetch(
        `${fromFile.baseUrl}/observability/destinations/${everything.destination.id}`,
        {
          headers: asManagement,
        },
      );
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(leaks(text, everything.secrets)).toEqual([]);
    } finally {
      await fromFile.close();
    }
  });

  it('serves every named leak masked and valid, each refused by the response validator in full', async () => {
    const held = secretLeaks.map((leak) => destination('webhook', { url: hook, ...leak.config }));
    const path = join(dir, 'leaks.json');
    await writeFile(path, JSON.stringify({ ...bundledCatalog, destinations: held }));
    const fromFile = await startGateway({
      keys,
      port: 0,
      catalog: await loadCatalogFile(path),
      handler: { validateResponses: true },
    });
    try {
      for (const [index, leak] of secretLeaks.entries()) {
        const id = held[index]!.id;
        const response = await fetch(`${fromFile.baseUrl}/observability/destinations/${id}`, {
          headers: asManagement,
        });
        const text = await response.text();
        expect(response.status, leak.name).toBe(200);
        expect(leaks(text, [leak.secret]), leak.name).toEqual([]);
        expect(validate('observability-destination-response', JSON.parse(text)).ok, leak.name).toBe(true);
        expect(validate('observability-destination-response', { data: held[index] }).ok, leak.name).toBe(
          false,
        );
      }
    } finally {
      await fromFile.close();
    }
  });

  it('is refused for another fault without the refusal quoting a credential', async () => {
    const path = join(dir, 'broken.json');
    const broken = { ...everything.destination, sampling_rate: 2 };
    await writeFile(path, JSON.stringify({ ...bundledCatalog, destinations: [broken] }));
    const refusal = await loadCatalogFile(path).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(CatalogFileError);
    expect((refusal as Error).message).toContain('/destinations/0/sampling_rate');
    expect(leaks((refusal as Error).message, everything.secrets)).toEqual([]);
  });
});

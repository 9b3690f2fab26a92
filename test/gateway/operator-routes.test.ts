import { afterEach, describe, expect, it } from 'vitest';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { createGatewayMetrics, renderedAtMostEvery } from '../../src/gateway/metrics.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { exampleRequest } from '../http/example-request.js';

const keys = gatewayKeys({
  GATEWAY_MANAGEMENT_KEY: 'operator-test-management',
  GATEWAY_API_KEY: 'operator-test-standard',
});
const headers = { authorization: 'Bearer operator-test-management', 'content-type': 'application/json' };
let gateway: RunningGateway | undefined;
afterEach(() => gateway?.close());

describe("the reference gateway's routes for operators", () => {
  it('answers GET /healthz 200 with no key, at the root whatever the base path; other methods 405', async () => {
    gateway = await startGateway({ keys, port: 0, basePath: '/api/v1' });
    const health = await fetch(`${gateway.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });
    const head = await fetch(`${gateway.origin}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const posted = await fetch(`${gateway.origin}/healthz`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    // Not an operation of the table: under the base path it is an unknown path.
    expect((await fetch(`${gateway.baseUrl}/healthz`)).status).toBe(404);
  });

  it('answers GET /readyz 200 while the store answers, 503 with Retry-After while not, and 200 again', async () => {
    let storeAnswers = true;
    gateway = await startGateway({
      keys,
      port: 0,
      probeStore: async () => {
        if (!storeAnswers) throw new Error('connect ECONNREFUSED');
      },
    });
    const ready = await fetch(`${gateway.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    storeAnswers = false;
    const turned = await pollStatus(`${gateway.origin}/readyz`, 503);
    expect(turned.status).toBe(503);
    expect(turned.headers.get('retry-after')).toBe('60');
    expect(await turned.json()).toEqual({ status: 'store unavailable' });
    // The catalog needs no store: it answers all along.
    expect((await fetch(`${gateway.baseUrl}/providers`)).status).toBe(200);
    storeAnswers = true;
    expect((await pollStatus(`${gateway.origin}/readyz`, 200)).status).toBe(200);
  });

  it('has no /metrics without metrics: the path is unknown (404)', async () => {
    gateway = await startGateway({ keys, port: 0 });
    expect((await fetch(`${gateway.origin}/metrics`)).status).toBe(404);
  });

  it('counts requests by operation and status, latency, store errors and body bytes, never a path or slug', async () => {
    const metrics = await createGatewayMetrics();
    gateway = await startGateway({
      keys,
      port: 0,
      metrics,
      presets: new MemoryPresetStore({ maxPresets: 1 }),
    });
    const create = (slug: string) =>
      fetch(`${gateway!.baseUrl}/presets/${slug}/messages`, {
        method: 'POST',
        headers,
        body: exampleRequest,
      });
    expect((await create('first-secret-slug')).status).toBe(200);
    // The store holds one preset: a second slug is refused as a full store's (503), counted as a store error.
    expect((await create('second-secret-slug')).status).toBe(503);
    expect((await fetch(`${gateway.baseUrl}/providers`)).status).toBe(200);
    expect((await fetch(`${gateway.baseUrl}/made-up-path-${'x'.repeat(20)}`)).status).toBe(404);
    const scraped = await fetch(`${gateway.origin}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    expect(text).toContain('gateway_requests_total{operation="createPresetsMessages",status="200"} 1');
    expect(text).toContain('gateway_requests_total{operation="createPresetsMessages",status="503"} 1');
    expect(text).toContain('gateway_requests_total{operation="listProviders",status="200"} 1');
    expect(text).toContain('gateway_requests_total{operation="other",status="404"} 1');
    // Latency by operation, method and status, as fastify-metrics and express-prom-bundle label theirs.
    expect(text).toContain(
      'gateway_request_duration_seconds_count{operation="createPresetsMessages",method="POST",status="200"} 1',
    );
    expect(text).toContain(
      'gateway_request_duration_seconds_count{operation="createPresetsMessages",method="POST",status="503"} 1',
    );
    // The scrape itself is the one request in flight while it renders.
    expect(text).toMatch(/^gateway_requests_in_flight 1$/m);
    expect(text).toMatch(/^gateway_build_info\{version="unknown",node="v\d+\.\d+\.\d+"\} 1$/m);
    expect(text).toContain('gateway_store_errors_total{kind="full"} 1');
    expect(text).toContain('gateway_store_errors_total{kind="unavailable"} 0');
    expect(text).toMatch(/^gateway_body_bytes_in_flight 0$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).not.toContain('secret-slug');
    expect(text).not.toContain('made-up-path');
    expect(text).not.toContain('operator-test-management');
  });
});

describe('a metrics scrape, rendered at most once a second (contract: overload)', () => {
  it('renders once for a burst within the second, once more after it, and anew after a failed render', async () => {
    let clock = 0;
    let renders = 0;
    let fail = false;
    const scrape = renderedAtMostEvery(
      async () => {
        renders++;
        if (fail) throw new Error('render failed');
        return `render ${renders}`;
      },
      1_000,
      () => clock,
    );
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => ((clock = i * 4), scrape())));
    expect(renders).toBe(1);
    expect(new Set(burst)).toEqual(new Set(['render 1']));
    clock = 1_000;
    expect(await scrape()).toBe('render 2');
    expect(renders).toBe(2);
    clock = 2_000;
    fail = true;
    await expect(scrape()).rejects.toThrow('render failed');
    fail = false;
    expect(await scrape()).toBe('render 4');
  });

  it('answers a burst of concurrent scrapes from one render: the same text, though each is counted', async () => {
    gateway = await startGateway({ keys, port: 0, metrics: await createGatewayMetrics() });
    const texts = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${gateway!.origin}/metrics`).then((response) => response.text()),
      ),
    );
    // Each scrape answered is counted, so two renders differ; a burst may straddle one second's end at most.
    expect(new Set(texts).size).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await (await fetch(`${gateway.origin}/metrics`)).text();
    expect(texts).not.toContain(later);
    expect(later).toMatch(/^gateway_requests_total\{operation="metrics",status="200"\} 50$/m);
  });
});

/** GETs `url` until it answers `status`, for up to 3 seconds (readiness answers are kept for one second). */
async function pollStatus(url: string, status: number): Promise<Response> {
  let response = await fetch(url);
  for (let waited = 0; response.status !== status && waited < 3_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    response = await fetch(url);
  }
  return response;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { PAGE_CONTENT_SECURITY_POLICY } from '../../src/gateway/page.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';

/** The page's files as the gateway serves them: a fixed list, static, with no key and no secret. */

const keys = gatewayKeys({
  GATEWAY_MANAGEMENT_KEY: 'page-route-management',
  GATEWAY_API_KEY: 'page-route-standard',
});
let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startGateway({ keys, port: 0, cors: { origins: ['https://app.example'] } });
});
afterAll(() => gateway.close());

const page = (path: string, init?: RequestInit) =>
  fetch(`${gateway.baseUrl}/docs/${path}`, { redirect: 'manual', ...init });

describe('the page route', () => {
  it('serves the page without a key, under its Content Security Policy', async () => {
    const response = await page('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(PAGE_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    // No inline script: every script is a file the policy allows.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => / src="assets\/[\w.-]+\.js"/.test(tag))).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the assets, the OpenAPI document and the validators the playground imports', async () => {
    for (const [path, type] of [
      ['assets/swagger-ui-bundle.js', 'text/javascript'],
      ['assets/swagger-ui.css', 'text/css'],
      ['assets/playground.js', 'text/javascript'],
      ['openapi.json', 'application/json'],
      ['generated/validators-all-issues.js', 'text/javascript'],
      ['generated/validator-runtime.js', 'text/javascript'],
    ] as const) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain(type);
      await response.arrayBuffer();
    }
  });

  it('answers an unchanged file with 304, and HEAD without a body', async () => {
    const first = await page('assets/page.css');
    await first.text();
    const again = await page('assets/page.css', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const head = await page('', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves nothing outside its list, in the interface error shape', async () => {
    for (const path of [
      'package.json',
      'assets/../../package.json',
      '%2e%2e/keys',
      'assets/swagger-ui-bundle.js.map',
    ]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 404 } });
    }
    const posted = await page('', { method: 'POST', body: '{}' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });

  it('redirects the path without its slash, and leaves the operations to the handler', async () => {
    const redirect = await fetch(`${gateway.baseUrl}/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/api/v1/docs/');
    const providers = await fetch(`${gateway.baseUrl}/providers`, {
      headers: { origin: 'https://app.example' },
    });
    expect(providers.status).toBe(200);
    expect(providers.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIds } from '../../src/core/operations.js';
import { startServe, type Started } from '../gateway/serve-process.js';

/**
 * The interface page as a person meets it: the real `serve` command, Debian's Chromium driven by playwright-core,
 * the page loaded under its Content Security Policy, the reference read and the playground used.
 */

const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };

/**
 * Where the screenshot goes: a temp directory, so a test run writes nothing into the repository, or the file that
 * `npm run docs:screenshot` names to refresh docs/images/page.png.
 */
const screenshotPath = () => process.env['PAGE_SCREENSHOT'] ?? join(profileDir, 'page.png');

/**
 * Run in the page before its own scripts: every CSP violation the page sees goes into a list the test reads. A
 * string, since this runs in the browser, whose types the tests do not load.
 */
const WATCH_VIOLATIONS = `
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.violations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

let serve: Started;
let browser: BrowserContext;
let page: Page;
let profileDir: string;
const consoleErrors: string[] = [];
let cspHeader: string | undefined;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The page test needs Debian's chromium at ${CHROMIUM}: apt-get install chromium (.ci/run does).`,
    );
  }
  serve = await startServe({}, ['--memory']);
  profileDir = mkdtempSync(join(tmpdir(), 'page-test-chromium-'));
  // A fresh profile in a temp directory: nothing of another run, and nothing left behind.
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    viewport: VIEWPORT,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript({ content: WATCH_VIOLATIONS });
  const response = await page.goto(`${serve.baseUrl}/docs/`);
  cspHeader = response?.headers()['content-security-policy'];
  await page.waitForSelector('body[data-playground="ready"]');
});

afterAll(async () => {
  await browser?.close();
  if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
  serve?.child.kill('SIGTERM');
  await serve?.exited;
});

const violations = () => page.evaluate<string[]>('window.violations');

async function pickExample(title: string): Promise<void> {
  const value = await page.locator('#example option', { hasText: title }).first().getAttribute('value');
  await page.selectOption('#example', value!);
}

describe('the interface page in Chromium', () => {
  it('is served with a Content Security Policy that forbids eval and inline scripts', () => {
    expect(cspHeader).toBeDefined();
    expect(cspHeader).toContain("script-src 'self'");
    expect(cspHeader).not.toContain('unsafe-eval');
    expect(cspHeader).not.toContain('unsafe-inline');
  });

  it('renders the OpenAPI reference with every operation of the table', async () => {
    await page.waitForSelector('.opblock');
    const shown = await page.locator('.opblock .opblock-summary-operation-id').allTextContents();
    expect(shown.map((text) => text.trim()).sort()).toEqual([...operationIds].sort());
    const paths = await page.locator('.opblock .opblock-summary-path').allTextContents();
    expect(paths.join(' ')).toContain('/presets/{slug}/messages');
  });

  it('calls a valid messages request valid and shows the preset it normalizes to', async () => {
    await pickExample('A messages request (the documentation example)');
    await expect.poll(() => page.locator('#verdict').getAttribute('class')).toContain('valid');
    expect(await page.locator('#verdict').textContent()).toBe('Valid messages-request.');
    expect(await page.locator('#issues li').count()).toBe(0);
    const preset = JSON.parse((await page.locator('#preset').textContent())!) as {
      config: { model: string; max_tokens: number };
      system_prompt: string | null;
    };
    expect(preset.config.model).toBe('anthropic/claude-4.6-sonnet');
    expect(preset.config.max_tokens).toBe(1024);
    expect(preset.system_prompt).toContain('careful code reviewer');
    expect(await page.locator('#preset-box').isVisible()).toBe(true);
  });

  it('calls an invalid request invalid, lists each issue path and marks it in the JSON', async () => {
    await pickExample('A messages request with three mistakes');
    await expect.poll(() => page.locator('#verdict').getAttribute('class')).toContain('invalid');
    const listed = await page.locator('#issues .issue-path').allTextContents();
    expect(listed).toEqual(expect.arrayContaining(['/max_tokens', '/temperature', '/fallbacks/0/model']));
    const marked = await Promise.all(
      (await page.locator('#located mark').all()).map(async (mark) => [
        await mark.getAttribute('data-path'),
        await mark.textContent(),
      ]),
    );
    expect(marked).toEqual(
      expect.arrayContaining([
        ['/max_tokens', '0'],
        ['/temperature', '"warm"'],
        // A missing property is marked at the object that lacks it.
        ['/fallbacks/0/model', '{}'],
      ]),
    );
    expect(await page.locator('#preset-box').isVisible()).toBe(false);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: screenshotPath() });
    // A PNG of the viewport: the signature, then the IHDR chunk's width and height.
    const png = readFileSync(screenshotPath());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
  });

  it('rejects a destination that leaks a secret, at the config key', async () => {
    await pickExample('A destination that leaks a secret key');
    await expect.poll(() => page.locator('#verdict').getAttribute('class')).toContain('invalid');
    expect(await page.locator('#issues .issue-path').allTextContents()).toContain('/data/config/secretKey');
    expect(await page.locator('#located mark[data-path="/data/config/secretKey"]').count()).toBe(1);
  });

  it('reports no CSP violation and no console error', async () => {
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

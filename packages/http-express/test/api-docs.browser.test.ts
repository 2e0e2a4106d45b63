/**
 * The API reference page in Debian's Chromium (playwright-core): it renders the operations from
 * Larder's own files, with no console error and no request leaving the origin.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test-support/chromium.js';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

describe('GET /api/docs in Chromium', () => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('renders every tag and operation from files of this origin, with no console error', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
        elsewhere.push(url);
    });
    const answer = await page.goto(`${origin}/api/docs`, { waitUntil: 'networkidle' });
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toMatch(/connect-src 'self'/);
    // The first group opens with its operations; every tag is listed.
    await page.getByText('Sign in with username and password').first().waitFor({ timeout: 30_000 });
    const text = await page.innerText('body');
    for (const tag of [
      'recipes',
      'comments',
      'images',
      'transfer',
      'shares',
      'settings',
      'users',
      'tokens',
      'mcp',
    ]) {
      expect(text).toMatch(new RegExp(`^${tag}$`, 'm'));
    }
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});

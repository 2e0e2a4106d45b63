/**
 * The web app in Debian's Chromium against the real service (every adapter real, PGlite or the
 * PostgreSQL of TEST_DATABASE_URL), served on a loopback port by the test itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '@larder/http-express/test-support/chromium.js';
import { type TestApp, startTestApp } from '@larder/http-express/test-support/test-app.js';

export const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));
const AXE = fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url));

export interface WebHarness {
  t: TestApp;
  origin: string;
  browser: Browser;
  /** A fresh browser (its own cookies and storage) at phone size, failing on any page error. */
  context(options?: {
    width?: number;
    height?: number;
    locale?: string;
    dark?: boolean;
  }): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startWebHarness(env: Record<string, string> = {}): Promise<WebHarness> {
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error('packages/web is not built: npm run build (npm run test:browser builds it)');
  const t = await startTestApp({ SERVICE_WEB_DIR: WEB_DIST, ...env });
  const server: Server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const errors: string[] = [];
  return {
    t,
    origin,
    browser,
    async context(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: options.locale ?? 'en-GB',
        colorScheme: options.dark ? 'dark' : 'light',
        // axe-core is injected as a script of the test's own; the app's CSP would refuse it.
        bypassCSP: true,
      });
      context.on('page', (page) => {
        page.on('pageerror', (error) => errors.push(error.message));
      });
      return context;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
      if (errors.length > 0) throw new Error(`the app threw: ${errors.join('; ')}`);
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it stands. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.addScriptTag({ content: readFileSync(AXE, 'utf8') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document);
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, 3) }));
}

export async function signIn(
  page: Page,
  origin: string,
  username: string,
  password: string,
  path = '/',
): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('header.top nav').waitFor();
}

/** Every call the app makes in this browser from now on, noted (`POST /api/v1/recipes`) as it is made. */
export async function noteCalls(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { callsMade: string[] }).callsMade = made;
    const fetchOf = window.fetch.bind(window);
    window.fetch = (input, init) => {
      made.push(`${init?.method ?? 'GET'} ${new URL(String(input), location.href).pathname}`);
      return fetchOf(input, init);
    };
  });
}

/** The calls the page made so far (see noteCalls), at once: a call is noted before it is answered. */
export function callsMade(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { callsMade: string[] }).callsMade]);
}

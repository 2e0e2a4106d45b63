/**
 * The public page in a real browser: Debian's Chromium, driven by playwright-core.
 * It renders the recipe, runs no script of any kind (the CSP refuses even a script
 * injected into the page), and leaves a screenshot (in docs/public-page.png when
 * LARDER_UPDATE_SCREENSHOT=1, else in the temp directory). Runs with
 * `npm run test:browser`, which .ci/run calls after installing chromium.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Jimp } from 'jimp';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test-support/chromium.js';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { type CreatedShare, createRecipe, setSettings, share, uploadPhoto } from './share-helpers.js';

const SCREENSHOT =
  process.env['LARDER_UPDATE_SCREENSHOT'] === '1'
    ? join(dirname(fileURLToPath(import.meta.url)), '../../../docs/public-page.png')
    : join(tmpdir(), 'larder-public-page.png');
const HOSTILE_TITLE = '<script>window.__x=1</script> Soup & <b>bread</b>';

/** A cover worth looking at in the README: a warm gradient with a few tomatoes on it. */
async function coverPhoto(): Promise<Uint8Array> {
  const width = 900;
  const height = 600;
  const image = new Jimp({ width, height, color: 0xffffffff });
  const tomatoes = [
    [250, 315, 128],
    [480, 270, 112],
    [675, 352, 98],
    [390, 465, 82],
  ];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const f = (x + y) / (width + height);
      let r = Math.round(236 - 40 * f);
      let g = Math.round(214 - 70 * f);
      let b = Math.round(170 - 90 * f);
      for (const [cx, cy, radius] of tomatoes) {
        const d = Math.hypot(x - cx!, y - cy!) / radius!;
        if (d < 1) {
          const shade = 1 - 0.35 * d * d;
          r = Math.round(205 * shade + 30 * (1 - d));
          g = Math.round(45 * shade);
          b = Math.round(30 * shade);
        }
      }
      image.setPixelColor(((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0, x, y);
    }
  }
  return new Uint8Array(await image.getBuffer('image/jpeg', { quality: 88 }));
}

describe('the public page in Chromium', () => {
  let t: TestApp;
  let ann: Member;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let link: CreatedShare;
  let hostileLink: CreatedShare;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await t.member('user');
    await setSettings(t, { publicShares: true });
    const soup = await createRecipe(t, ann, {
      title: 'Tomato & basil soup',
      description: 'Sweet summer tomatoes and a handful of basil: ready in well under an hour.',
      prepMinutes: 10,
      cookMinutes: 25,
      tags: ['soup', 'summer'],
      sourceUrl: 'https://cooking.example.org/tomato-soup',
      ingredientGroups: [
        {
          name: 'Soup',
          ingredients: [
            { name: 'ripe tomatoes', quantity: 800, unit: 'g', note: 'roughly chopped' },
            { name: 'onion', quantity: 1, unit: null, note: null },
            { name: 'olive oil', quantity: 2, unit: 'tbsp', note: null },
          ],
        },
        {
          name: 'To serve',
          ingredients: [{ name: 'basil', quantity: 0.5, unit: 'bunch', note: 'leaves only' }],
        },
      ],
      steps: [
        {
          text: 'Soften the onion in the olive oil for 8 minutes.',
          references: [{ groupName: 'Soup', ingredientName: 'onion', word: 'onion' }],
          times: [{ phrase: '8 minutes', seconds: 480 }],
        },
        {
          text: 'Add the tomatoes and simmer 20 to 25 minutes, then blend.',
          references: [{ groupName: 'Soup', ingredientName: 'ripe tomatoes', word: 'tomatoes' }],
          times: [{ phrase: '20 to 25 minutes', seconds: 1200, maxSeconds: 1500 }],
        },
        {
          text: 'Serve with torn basil.',
          references: [{ groupName: 'To serve', ingredientName: 'basil', word: 'basil' }],
          times: [],
        },
      ],
    });
    await uploadPhoto(t, ann, soup.id, await coverPhoto());
    link = await share(t, ann, soup.id, { days: 30 });
    const hostile = await createRecipe(t, ann, {
      title: HOSTILE_TITLE,
      description: '"><img src=x onerror="window.__y=1">',
      tags: ['<script>window.__z=1</script>'],
    });
    hostileLink = await share(t, ann, hostile.id, { days: 30 });

    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  it('renders the recipe for a phone, runs nothing, and is saved as a screenshot', async () => {
    const context = await browser.newContext({ viewport: { width: 414, height: 896 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));

    const response = await page.goto(`${origin}${link.path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Tomato & basil soup');
    expect(await page.locator('script').count()).toBe(0);

    // The inline style applies (its hash is in the policy) and the cover loads from this origin.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(250, 247, 242)',
    );
    const cover = page.locator('img.cover');
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(
      0,
    );

    expect(await page.locator('.ingredients li').allTextContents()).toEqual([
      '800 gripe tomatoes, roughly chopped',
      '1onion',
      '2 tbspolive oil',
      '½ bunchbasil, leaves only',
    ]);
    expect(await page.locator('mark.time').allTextContents()).toEqual(['8 minutes', '20 to 25 minutes']);
    expect(await page.locator('.steps li').count()).toBe(3);
    expect(await page.locator('.source a').getAttribute('href')).toBe(
      'https://cooking.example.org/tomato-soup',
    );
    expect(await page.locator('footer').textContent()).toBe('Shared with Larder');
    // Fits a phone: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(414);
    expect(messages.filter((m) => /refused|error/i.test(m))).toEqual([]);

    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
    await context.close();
  }, 60_000);

  it('prints in black on white: the photo smaller, the time marks plain, the source with its address', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 1100 } });
    const page = await context.newPage();
    await page.goto(`${origin}${link.path}`, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    const style = (selector: string, property: string, pseudo?: string) =>
      page.evaluate(
        ([s, p, e]) => getComputedStyle(document.querySelector(s!)!, e ?? null).getPropertyValue(p!),
        [selector, property, pseudo] as const,
      );
    expect(await style('body', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await style('body', 'color')).toBe('rgb(0, 0, 0)');
    expect(await style('mark.time', 'background-color')).toBe('rgba(0, 0, 0, 0)');
    expect(await style('.source a', 'content', '::after')).toBe(
      '" (https://cooking.example.org/tomato-soup)"',
    );
    // 8 cm at 96 px to the inch.
    expect(
      await page.locator('img.cover').evaluate((img) => img.getBoundingClientRect().height),
    ).toBeLessThanOrEqual(303);
    await page.emulateMedia({ media: 'screen' });
    expect(await style('body', 'background-color')).toBe('rgb(250, 247, 242)');
    await context.close();
  }, 60_000);

  it('shows a <script> title, tag and an onerror attribute as plain text; nothing runs', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}${hostileLink.path}`, { waitUntil: 'load' });
    expect(await page.locator('h1').textContent()).toBe(HOSTILE_TITLE);
    expect(await page.title()).toBe(HOSTILE_TITLE);
    expect(await page.locator('.description').textContent()).toBe('"><img src=x onerror="window.__y=1">');
    expect(await page.locator('.tags li').allTextContents()).toEqual(['<script>window.__z=1</script>']);
    expect(await page.locator('script, img:not(.cover), b').count()).toBe(0);
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w['__x'], w['__y'], w['__z']];
    });
    expect(ran).toEqual([undefined, undefined, undefined]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuses an inline script injected into the page: the Content-Security-Policy blocks it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    // Serve the real answer, headers and all, with a script smuggled into its body.
    await page.route(`${origin}${link.path}`, async (route) => {
      const real = await route.fetch();
      const body = (await real.text()).replace(
        '</main>',
        '<script>window.__x = 1; console.log("script ran")</script></main>',
      );
      await route.fulfill({ response: real, body });
    });
    await page.goto(`${origin}${link.path}`, { waitUntil: 'load' });
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();
    expect(messages).not.toContain('script ran');
    expect(messages.some((m) => /Content Security Policy/i.test(m))).toBe(true);
    await context.close();
  }, 60_000);

  it('shows a plain "not available" page with status 404 for a dead link', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${origin}/s/${'x'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('This recipe is not available');
    await context.close();
  }, 60_000);
});

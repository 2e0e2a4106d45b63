/**
 * npm run bench:web — the household's web app as a phone sees it. Starts the built service on an
 * embedded database with 1,000 generated recipes (covers on the first 48), then records:
 *   - the JavaScript and CSS the first screen loads (the entry and its static imports; gzip as served),
 *   - Lighthouse (mobile settings, simulated throttling, Debian's Chromium) performance and
 *     accessibility for sign-in, the recipe list and a recipe,
 * and refreshes the phone-size screenshots in docs/web/. Results: docs/performance.md by hand.
 *
 * Env: BENCH_RECIPES (1000), BENCH_RUNS (3: Lighthouse runs per page, the median is reported),
 * BENCH_ONLY=editor (the editor's typing only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, launchChromium } from '../packages/http-express/test-support/chromium.ts';
import sharp from 'sharp';
import { generateRecipe, seededRandom } from './bench/recipe-generator.ts';
import { freePort } from './bench/free-port.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'packages/web/dist');
const RECIPES = Number(process.env['BENCH_RECIPES'] ?? 1000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const PASSWORD = 'bench-password-1';

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

/** The files the first screen loads: the shell's script and styles, and every static import. */
function firstScreenBytes(): { js: number; css: number; files: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) files.add(match[1]!);
  const queue = [...files].filter((f) => f.endsWith('.js'));
  while (queue.length > 0) {
    const file = queue.shift()!;
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` loads later.
    for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) {
      const next = `assets/${match[1]}`;
      if (!files.has(next)) {
        files.add(next);
        queue.push(next);
      }
    }
  }
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files: [...files] };
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('build first: npm run build');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const bytes = firstScreenBytes();
  console.log(
    `first screen: ${(bytes.js / 1024).toFixed(1)} KB JavaScript, ${(bytes.css / 1024).toFixed(1)} KB CSS (gzip) in ${bytes.files.join(', ')}`,
  );

  const dir = await mkdtemp(join(tmpdir(), 'larder-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(root, 'packages/http-express/dist/main.js')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      SERVICE_ADDR: `127.0.0.1:${port}`,
      SERVICE_DATA_DIR: join(dir, 'data'),
      SERVICE_ADMIN_PASSWORD: PASSWORD,
      SERVICE_LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      // As `npm start` and the container image run it: a young generation of 8 MB semi-spaces.
      NODE_OPTIONS: '--max-semi-space-size=8',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let chrome: ChildProcess | null = null;
  try {
    await waitFor(`${base}/healthz`);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { Cookie: cookie, 'Content-Type': 'application/json' };

    // The household: 1,000 recipes, the newest 48 (the first two pages) with a cover.
    const started = Date.now();
    const rnd = seededRandom(7);
    const recipes = Array.from({ length: RECIPES }, (_, i) => generateRecipe(rnd, i));
    const ids: { id: string; slug: string }[] = [];
    for (let i = 0; i < recipes.length; i += 8) {
      const batch = await Promise.all(
        recipes.slice(i, i + 8).map(async (recipe) => {
          const res = await fetch(`${base}/api/v1/recipes`, {
            method: 'POST',
            headers,
            body: JSON.stringify(recipe),
          });
          if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
          return (await res.json()) as { id: string; slug: string };
        }),
      );
      ids.push(...batch);
    }
    for (const [n, recipe] of ids.slice(-48).entries()) {
      const jpeg = await sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: { r: 150 + (n % 5) * 20, g: 90 + (n % 7) * 15, b: 50 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await fetch(`${base}/api/v1/recipes/${recipe.id}/images`, {
        method: 'POST',
        headers: { Cookie: cookie },
        body: form,
      });
      if (res.status !== 201) throw new Error(`photo: ${res.status}`);
    }
    console.log(`seeded ${RECIPES} recipes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const recipe = ids[ids.length - 1]!;

    if (process.env['BENCH_ONLY'] === 'editor') {
      await editorTyping(base, cookie);
      return;
    }
    // Lighthouse, mobile, against Debian's Chromium on a debugging port.
    const debugPort = await freePort();
    chrome = spawn(
      CHROMIUM,
      [
        ...CHROMIUM_ARGS,
        `--remote-debugging-port=${debugPort}`,
        `--user-data-dir=${join(dir, 'chrome')}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
    const pages = [
      { name: 'sign-in', url: `${base}/`, signedIn: false },
      { name: `recipe list (${RECIPES} recipes)`, url: `${base}/`, signedIn: true },
      { name: 'a recipe', url: `${base}/recipes/${recipe.slug}`, signedIn: true },
    ];
    const rows: string[] = [];
    for (const page of pages) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      let lcp = 0;
      let tbt = 0;
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(page.url, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        const lhr = result!.lhr;
        performance.push(Math.round((lhr.categories['performance']!.score ?? 0) * 100));
        accessibility.push(Math.round((lhr.categories['accessibility']!.score ?? 0) * 100));
        lcp = lhr.audits['largest-contentful-paint']!.numericValue ?? 0;
        if (run === 0)
          console.log(
            `  ${page.name}: ` +
              ['first-contentful-paint', 'speed-index', 'cumulative-layout-shift', 'interactive']
                .map(
                  (id) =>
                    `${id} ${Math.round((lhr.audits[id]!.numericValue ?? 0) * 1000) / 1000} (score ${lhr.audits[id]!.score})`,
                )
                .join(', '),
          );
        tbt = lhr.audits['total-blocking-time']!.numericValue ?? 0;
        if (run === 0) {
          for (const audit of Object.values(lhr.audits)) {
            if (
              audit.score !== null &&
              audit.score < 1 &&
              lhr.categories['accessibility']!.auditRefs.some((r) => r.id === audit.id)
            )
              console.log(`  accessibility: ${audit.id}: ${audit.title}`);
          }
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const row = `| ${page.name} | ${median(performance)} (${performance.join(', ')}) | ${median(accessibility)} | ${Math.round(lcp)} ms | ${Math.round(tbt)} ms |`;
      console.log(row);
      rows.push(row);
    }
    console.log(
      '\n| page | performance (runs) | accessibility | LCP (last run) | TBT (last run) |\n|---|---|---|---|---|',
    );
    for (const row of rows) console.log(row);

    await editorTyping(base, cookie);
    await screenshots(base, cookie, recipe.slug);
  } finally {
    chrome?.kill('SIGKILL');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The editor with a 40-ingredient recipe: 40 characters typed into an ingredient's name and a
 * step, at a cook's pace, once at full speed and once with the CPU slowed 4× (a mid-range phone).
 * Per keystroke: from the input event to the frame after it (every keystroke), and Chromium's
 * Event Timing entries (the performance timeline keeps those of 16 ms and more).
 */
async function editorTyping(base: string, cookie: string): Promise<void> {
  const ingredients = Array.from({ length: 40 }, (_, i) => ({
    quantity: (i % 7) + 1,
    unit: i % 3 === 0 ? 'g' : 'tbsp',
    name: `ingredient number ${i + 1}`,
    note: i % 4 === 0 ? 'finely chopped' : null,
  }));
  const created = await fetch(`${base}/api/v1/recipes`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'Forty ingredients',
      description: 'A long one.',
      servings: 4,
      prepMinutes: 30,
      cookMinutes: 60,
      sourceUrl: null,
      tags: [],
      ingredientGroups: [
        { name: null, ingredients: ingredients.slice(0, 20) },
        { name: 'For the sauce', ingredients: ingredients.slice(20) },
      ],
      steps: Array.from({ length: 12 }, (_, i) => ({
        text: `Stir ingredient number ${i + 1} for 5 minutes.`,
      })),
    }),
  });
  const recipe = (await created.json()) as { slug: string };
  const browser = await launchChromium();
  try {
    for (const slowdown of [1, 4]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies([
        {
          name: cookie.slice(0, cookie.indexOf('=')),
          value: cookie.slice(cookie.indexOf('=') + 1),
          url: base,
        },
      ]);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${base}/`);
      await page.locator('.recipe-card').first().waitFor();
      const beforeEditor = scripts.filter((path) => path.includes('editor')).length;
      await page.goto(`${base}/recipes/${recipe.slug}/edit`);
      await page.locator('.ingredient-editor').nth(39).waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await page.evaluate(() => {
        const w = window as unknown as { keystrokes: number[]; slowEvents: number[] };
        w.keystrokes = [];
        w.slowEvents = [];
        document.addEventListener(
          'input',
          (event) => {
            const start = event.timeStamp;
            requestAnimationFrame(() => setTimeout(() => w.keystrokes.push(performance.now() - start), 0));
          },
          true,
        );
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input')
              w.slowEvents.push(entry.duration);
        }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
      });
      const name = page.getByRole('textbox', { name: /^Ingredient, ingredient 20,/ }).first();
      await name.click();
      await name.press('End');
      await page.keyboard.type(' with a longer name', { delay: 80 });
      const step = page.getByRole('textbox', { name: 'Step 6' });
      await step.click();
      await step.press('End');
      await page.keyboard.type(' Then stir again.', { delay: 80 });
      await page.waitForTimeout(500);
      const { keystrokes, slowEvents } = await page.evaluate(() => {
        const w = window as unknown as { keystrokes: number[]; slowEvents: number[] };
        return { keystrokes: w.keystrokes, slowEvents: w.slowEvents };
      });
      const sorted = [...keystrokes].sort((a, b) => a - b);
      const at = (q: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
      console.log(
        `editor, 40 ingredients, CPU ${slowdown}×: ${sorted.length} keystrokes, input → next frame median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; Event Timing entries ≥ 16 ms: ${slowEvents.length}${slowEvents.length ? ` (${slowEvents.join(', ')} ms)` : ''}; editor code before opening it: ${beforeEditor ? 'loaded' : 'not loaded'}, after: ${scripts.filter((path) => path.includes('editor')).join(', ')}`,
      );
      // The floor at this speed: the same keystrokes into the title of an empty editor.
      await page.goto(`${base}/new`);
      const title = page.getByLabel('Title', { exact: true });
      await title.waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { floor: number[] };
        w.floor = [];
        document.addEventListener(
          'input',
          (event) => {
            const start = event.timeStamp;
            requestAnimationFrame(() => setTimeout(() => w.floor.push(performance.now() - start), 0));
          },
          true,
        );
      });
      await title.click();
      await page.keyboard.type(' with a longer name Then stir again.', { delay: 80 });
      await page.waitForTimeout(500);
      const floor = (await page.evaluate(() => (window as unknown as { floor: number[] }).floor)).sort(
        (a, b) => a - b,
      );
      console.log(
        `empty editor (the floor), CPU ${slowdown}×: ${floor.length} keystrokes, median ${floor[Math.floor(floor.length / 2)]!.toFixed(1)} ms, p95 ${floor[Math.min(floor.length - 1, Math.floor(floor.length * 0.95))]!.toFixed(1)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** docs/web/*.png: each screen at phone size. */
async function screenshots(base: string, cookie: string, slug: string): Promise<void> {
  const out = join(root, 'docs/web');
  mkdirSync(out, { recursive: true });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Sign in to Larder' }).waitFor();
    await page.screenshot({ path: join(out, 'sign-in.png') });
    const value = cookie.slice(cookie.indexOf('=') + 1);
    await context.addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value, url: base }]);
    await page.goto(`${base}/`);
    await page.locator('.recipe-card img').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(out, 'recipes.png') });
    await page.goto(`${base}/recipes/${slug}`);
    await page.locator('.recipe h1').waitFor();
    await page.getByRole('button', { name: 'More servings' }).click();
    await page.locator('button.time').first().click();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(out, 'recipe.png') });
    await page.locator('.steps').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(out, 'recipe-steps.png') });
    await page.getByRole('textbox', { name: 'Write a comment' }).fill('Lovely on a cold evening.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.comment').first().waitFor();
    await page.locator('.comments').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(out, 'comments.png') });
    await page.goto(`${base}/recipes/${slug}/cook`);
    await page.locator('.cook-step').waitFor();
    await page.screenshot({ path: join(out, 'cook-mode.png') });
    await page.goto(`${base}/recipes/${slug}/edit`);
    await page.locator('.ingredient-editor').first().waitFor();
    await page.screenshot({ path: join(out, 'editor.png') });
    await page.goto(`${base}/household`);
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.screenshot({ path: join(out, 'household.png') });
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.screenshot({ path: join(out, 'profile.png') });
    const dark = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await dark.addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value, url: base }]);
    const darkPage = await dark.newPage();
    await darkPage.goto(`${base}/recipes/${slug}`);
    await darkPage.locator('.recipe h1').waitFor();
    await darkPage.waitForLoadState('networkidle');
    await darkPage.screenshot({ path: join(out, 'recipe-dark.png') });
    console.log(`screenshots in ${out}`);
  } finally {
    await browser.close();
  }
}

await main();

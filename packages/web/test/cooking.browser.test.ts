/**
 * Part 1 of the web app in Chromium, as a household uses it: a member signs in, searches, opens a
 * recipe, scales it from 4 to 6 servings, starts two step timers (kept across a reload), cooks
 * step by step, marks it tasty and comments; the author sees the comment marked new, once.
 * Every screen passes axe-core without a serious or critical finding.
 */
import type { Member } from '@larder/http-express/test-support/test-app.js';
import type { Page } from 'playwright-core';
import { decode, jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { binary } from '@larder/http-express/test-support/binary-body.js';
import request from 'supertest';
import { type WebHarness, seriousViolations, signIn, startWebHarness } from './browser-support.js';

const LASAGNE = {
  title: 'Lasagne al forno',
  description: 'The Sunday lasagne, with a slow ragù.',
  servings: 4,
  prepMinutes: 40,
  cookMinutes: 45,
  sourceUrl: null,
  tags: ['pasta', 'oven'],
  ingredientGroups: [
    {
      name: 'Ragù',
      ingredients: [
        { quantity: 500, unit: 'g', name: 'minced beef', note: null },
        { quantity: 1.5, unit: 'tbsp', name: 'tomato paste', note: null },
        { quantity: 0.5, unit: 'cup', name: 'red wine', note: 'dry' },
      ],
    },
    {
      name: null,
      ingredients: [
        { quantity: 12, unit: null, name: 'lasagne sheets', note: null },
        { quantity: null, unit: null, name: 'salt', note: 'to taste' },
      ],
    },
  ],
  steps: [
    {
      text: 'Brown the minced beef, stir in the tomato paste and simmer for 20-25 minutes.',
      references: [
        { word: 'minced beef', groupName: 'Ragù', ingredientName: 'minced beef' },
        { word: 'tomato paste', groupName: 'Ragù', ingredientName: 'tomato paste' },
      ],
      times: [{ phrase: '20-25 minutes', seconds: 1200, maxSeconds: 1500 }],
    },
    {
      text: 'Layer the lasagne sheets with the ragù and bake for 45 minutes.',
      references: [{ word: 'lasagne sheets', groupName: null, ingredientName: 'lasagne sheets' }],
      times: [{ phrase: '45 minutes', seconds: 2700 }],
    },
  ],
};

const SOUP = {
  ...LASAGNE,
  title: 'Tomato soup',
  description: 'Quick and red.',
  tags: ['soup'],
  ingredientGroups: [
    { name: null, ingredients: [{ quantity: 1, unit: 'kg', name: 'tomatoes', note: null }] },
  ],
  steps: [{ text: 'Simmer the tomatoes.' }],
};

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const found = await seriousViolations(page);
  expect({ screen, violations: found }).toEqual({ screen, violations: [] });
}

describe('the web app, part 1: find a recipe and cook from it', () => {
  let h: WebHarness;
  let ann: Member; // writes the recipe
  let ben: Member; // cooks it

  beforeAll(async () => {
    h = await startWebHarness();
    ann = await h.t.member('user', 'ann');
    ben = await h.t.member('user', 'ben');
    for (const recipe of [LASAGNE, SOUP]) {
      const res = await request(h.t.app).post('/api/v1/recipes').set('Cookie', ann.cookie).send(recipe);
      expect(res.status).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('signs in, searches, scales, runs two timers, cooks, marks tasty and comments; the author sees the comment new', async () => {
    const context = await h.context();
    const page = await context.newPage();

    await page.goto(`${h.origin}/`);
    await page.getByRole('heading', { name: 'Sign in to Larder' }).waitFor();
    await expectAccessible(page, 'sign-in');
    await signIn(page, h.origin, ben.username, ben.password);

    // Search as you type: one card left.
    await page.getByRole('status').filter({ hasText: '2 recipes' }).waitFor();
    await expectAccessible(page, 'recipes');
    await page.getByRole('searchbox', { name: 'Search recipes' }).pressSequentially('lasag');
    await page.getByRole('status').filter({ hasText: '1 recipe' }).waitFor();
    expect(await page.locator('.recipe-card').count()).toBe(1);
    expect(page.url()).toContain('q=lasag');
    await page.getByRole('link', { name: 'Lasagne al forno' }).click();

    // The recipe: quantities follow the servings, as cooks write them.
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();
    const ingredients = page.locator('.ingredients');
    await expect(ingredients.textContent()).resolves.toContain('500 g minced beef');
    await expect(ingredients.textContent()).resolves.toContain('1 ½ tbsp tomato paste');
    await page.getByRole('button', { name: 'More servings' }).click();
    await page.getByRole('button', { name: 'More servings' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Servings' }).inputValue()).resolves.toBe('6');
    const scaled = await ingredients.textContent();
    expect(scaled).toContain('750 g minced beef');
    expect(scaled).toContain('2 ¼ tbsp tomato paste');
    expect(scaled).toContain('¾ cup red wine');
    expect(scaled).toContain('18 lasagne sheets');
    // Referenced ingredients are highlighted in the step, with their scaled quantity.
    await expect(page.locator('.steps mark.ref').first().textContent()).resolves.toBe('minced beef (750 g)');
    await expectAccessible(page, 'recipe');

    // Two named timers at once, kept across a reload.
    await page.getByRole('button', { name: 'Start a timer: 20-25 minutes' }).click();
    await page.getByRole('button', { name: 'Start a timer: 45 minutes' }).click();
    const timers = page.getByRole('region', { name: 'Timers' }).getByRole('listitem');
    await expect(timers.count()).resolves.toBe(2);
    await expect(timers.first().textContent()).resolves.toMatch(
      /Step 1: 20-25 minutes · Lasagne al forno\s*(20:00|19:5\d)/,
    );
    // On a phone a label is cut at its end: what tells the two timers apart (the step, its time)
    // comes first and stays in view.
    const shown = await page.locator('.timer-label').evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.getBoundingClientRect();
        const range = document.createRange();
        const text = label.firstChild!;
        // The text up to the first character drawn outside the label's box: the part a member sees.
        let seen = '';
        for (let i = 1; i <= text.textContent!.length; i++) {
          range.setStart(text, i - 1);
          range.setEnd(text, i);
          const glyph = range.getBoundingClientRect();
          if (glyph.bottom > box.bottom + 0.5 || glyph.right > box.right + 0.5) break;
          seen = text.textContent!.slice(0, i);
        }
        return seen;
      }),
    );
    expect(shown[0]).toContain('Step 1: 20-25 minutes');
    expect(shown[1]).toContain('Step 2: 45 minutes');
    await page.reload();
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();
    await expect(timers.count()).resolves.toBe(2);
    await expect(page.getByRole('spinbutton', { name: 'Servings' }).inputValue()).resolves.toBe('6');

    // Tasty, with who marked it.
    await page.getByRole('button', { name: '♡ Tasty!' }).click();
    await page.getByText(`Tasty for ${ben.username}`).waitFor();
    const marked = await request(h.t.app)
      .get('/api/v1/recipes/by-slug/lasagne-al-forno')
      .set('Cookie', ann.cookie);
    expect(marked.body.tastyCount).toBe(1);

    // A comment.
    await page.getByRole('textbox', { name: 'Write a comment' }).fill('Made it tonight: wonderful.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.comment-body', { hasText: 'Made it tonight: wonderful.' }).waitFor();

    // Cook mode: one step at a time with its ingredients, the timers in view.
    await page.getByRole('link', { name: 'Cook mode' }).click();
    await page.getByRole('heading', { name: 'Step 1 of 2' }).waitFor();
    // A new screen: its <main> has the focus, so the next Tab starts at its top.
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    const aside = page.getByRole('complementary', { name: 'Ingredients' });
    await expect(aside.textContent()).resolves.toContain('750 g minced beef');
    await expect(aside.textContent()).resolves.not.toContain('lasagne sheets');
    await expect(page.getByRole('region', { name: 'Timers' }).getByRole('listitem').count()).resolves.toBe(2);
    await expectAccessible(page, 'cook mode');
    await page.getByRole('button', { name: 'Next step →' }).click();
    await page.getByRole('heading', { name: 'Step 2 of 2' }).waitFor();
    await expect(aside.textContent()).resolves.toContain('18 lasagne sheets');
    await page.getByRole('link', { name: /Leave cook mode/ }).click();
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();

    // The profile screen.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expectAccessible(page, 'profile');
    // A file that is no picture says what is wrong.
    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('no picture at all'),
    });
    await page.getByText('This file is no picture: choose a JPEG, PNG or WebP image.').waitFor();
    // A picture, cut to a square the member places: the API gets the crop and keeps a square.
    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(await jpegOf(800, 400)),
    });
    await page.getByLabel('Size of the square').fill('0.5');
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.locator('header.top img.badge').waitFor();
    const me = await request(h.t.app).get('/api/v1/auth/me').set('Cookie', ben.cookie);
    expect(me.body.avatarId).toEqual(expect.any(String));
    const picture = await binary(
      request(h.t.app).get(`/avatars/${me.body.id}/${me.body.avatarId}.jpg`).set('Cookie', ben.cookie),
    );
    expect(picture.status).toBe(200);
    const { width, height } = await decode(picture.body as Buffer);
    expect(width).toBe(height);
    await context.close();

    // The author: the card says there is something new, the comment is marked, then seen.
    const authorContext = await h.context();
    const authorPage = await authorContext.newPage();
    await signIn(authorPage, h.origin, ann.username, ann.password);
    const card = authorPage.locator('.recipe-card', { hasText: 'Lasagne al forno' });
    await card.getByText('New comments').waitFor();
    await card.getByRole('link').click();
    const comment = authorPage.locator('.comment', { hasText: 'Made it tonight: wonderful.' });
    await comment.getByText('New', { exact: true }).waitFor();
    await expect(comment.getAttribute('class')).resolves.toContain('new');
    // Shown once: the mark was cleared through the API, so the next visit shows it plain.
    await waitFor(async () => {
      const listed = await request(h.t.app)
        .get(`/api/v1/comments?recipeId=${marked.body.id}`)
        .set('Cookie', ann.cookie);
      return listed.body.comments[0].new === false;
    });
    await authorPage.reload();
    await authorPage.locator('.comment', { hasText: 'Made it tonight: wonderful.' }).waitFor();
    await expect(authorPage.locator('.comment.new').count()).resolves.toBe(0);
    await authorContext.close();
  }, 120_000);

  it('speaks German to a member whose locale is German', async () => {
    const res = await request(h.t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', ben.cookie)
      .send({ locale: 'de' });
    expect(res.status).toBe(200);
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ben.username, ben.password);
    await page.getByRole('link', { name: 'Rezepte' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await page.getByRole('status').filter({ hasText: '2 Rezepte' }).waitFor();
    // The API's field messages in German too: a recipe without a title.
    await page.goto(`${h.origin}/new`);
    await page.getByRole('heading', { name: 'Neues Rezept' }).waitFor();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForSelector('[data-field="title"][aria-invalid="true"]');
    await expect(page.locator('#error-title').textContent()).resolves.toBe('darf nicht leer sein');
    // Signed out, the sign-in screen speaks the browser's language (English here), not Ben's.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto(`${h.origin}/profile`);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await context.close();
  }, 60_000);

  it('passes axe-core in dark mode too', async () => {
    const context = await h.context({ dark: true });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.locator('.recipe-card').first().waitFor();
    await expectAccessible(page, 'recipes, dark');
    await page.goto(`${h.origin}/recipes/lasagne-al-forno`);
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();
    await expectAccessible(page, 'recipe, dark');
    await page.goto(`${h.origin}/recipes/lasagne-al-forno/edit`);
    await page.locator('.ingredient-editor').first().waitFor();
    await expectAccessible(page, 'editor, dark');
    await context.close();
  }, 60_000);
  it('ticks off ingredients as they are at hand: kept across a reload, each recipe its own', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/lasagne-al-forno');
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();
    const beef = page.getByRole('checkbox', { name: '500 g minced beef' });
    const sheets = page.getByRole('checkbox', { name: '12 lasagne sheets' });
    await beef.check();
    await sheets.check();
    await sheets.uncheck();
    const struck = (name: string) =>
      page
        .locator('label.gather', { hasText: name })
        .locator('span')
        .first()
        .evaluate((span) => getComputedStyle(span).textDecorationLine);
    await expect(struck('minced beef')).resolves.toBe('line-through');
    await expect(struck('lasagne sheets')).resolves.toBe('none');
    await page.reload();
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();
    await expect(beef.isChecked()).resolves.toBe(true);
    await expect(sheets.isChecked()).resolves.toBe(false);
    await expectAccessible(page, 'recipe with ticks');
    await page.goto(`${h.origin}/recipes/tomato-soup`);
    await expect(page.getByRole('checkbox', { name: '1 kg tomatoes' }).isChecked()).resolves.toBe(false);
    await context.close();
  }, 60_000);

  it('prints a recipe as a cook needs it on paper: no bars, buttons, sharing or comments; dark text even from a dark system', async () => {
    const paige = await h.t.member('user', 'paige');
    const context = await h.context({ dark: true });
    const page = await context.newPage();
    // The browser's print dialog is not the app's to test: the button is checked to open it.
    await page.addInitScript(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', 'yes');
    });
    await signIn(page, h.origin, paige.username, paige.password, '/recipes/lasagne-al-forno');
    await page.getByRole('heading', { name: 'Lasagne al forno', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'More servings' }).click();
    // Print is behind "More…", which Escape closes again.
    await page.getByText('More…').click();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
    await page.getByText('More…').click();
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
    await expect(page.locator('html').getAttribute('data-printed')).resolves.toBe('yes');

    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    for (const hidden of [
      'header.top',
      'footer.foot',
      '.actions',
      '.tasty-by',
      'section.share',
      'section.comments',
    ]) {
      expect({ hidden, visible: await page.locator(hidden).isVisible() }).toEqual({ hidden, visible: false });
    }
    await expect(page.getByRole('button', { name: 'More servings' }).isVisible()).resolves.toBe(false);
    // What is printed: the recipe, scaled as the member chose.
    await expect(page.locator('.ingredients').isVisible()).resolves.toBe(true);
    await expect(page.locator('.steps').isVisible()).resolves.toBe(true);
    await expect(page.locator('.ingredients').textContent()).resolves.toContain('625 g minced beef');
    await expect(page.getByRole('spinbutton', { name: 'Servings' }).isVisible()).resolves.toBe(true);
    const colours = await page.evaluate(() =>
      ['h1', '.steps li', '.ingredients li'].map((selector) => {
        const style = getComputedStyle(document.querySelector(selector)!);
        return style.color;
      }),
    );
    expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(0, 0, 0)', 'rgb(0, 0, 0)']);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  }, 60_000);

  it('can be added to a phone’s home screen: a manifest Chromium finds nothing wrong with, and its icons', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await page.goto(`${h.origin}/`);
    await page.getByRole('heading', { name: 'Sign in to Larder' }).waitFor();
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: Array<{ message: string }>;
      data?: string;
    };
    expect(manifest.url).toBe(`${h.origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: 'Larder',
      start_url: '/',
      display: 'standalone',
    });
    const installable = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // A test's browser context is a private window, where Chromium installs nothing: that one aside.
    expect(installable.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    // Every icon it names, and the Apple touch icon, is served as the picture it says it is.
    const icons = [
      ...(JSON.parse(manifest.data ?? '{}') as { icons: Array<{ src: string; sizes: string; type: string }> })
        .icons,
      { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ];
    for (const icon of icons) {
      const res = await request(h.t.app).get(icon.src);
      expect({ src: icon.src, status: res.status, type: res.headers['content-type'] }).toEqual({
        src: icon.src,
        status: 200,
        type: icon.type,
      });
      if (icon.type === 'image/png') {
        const { width, height } = await decode(res.body as Buffer);
        expect({ src: icon.src, size: `${width}x${height}` }).toEqual({ src: icon.src, size: icon.sizes });
      }
    }
    await context.close();
  }, 60_000);

  it('on a phone, what a finger presses is at least 44 px high: top bar, tag chips, tag links, row buttons', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.locator('.recipe-card').first().waitFor();
    const heights = (selector: string) =>
      page.locator(selector).evaluateAll((all) => all.map((e) => e.getBoundingClientRect().height));
    const low = async (selector: string) => {
      const found = await heights(selector);
      expect([selector, found.length > 0]).toEqual([selector, true]);
      return [selector, found.filter((height) => height < 43.5)];
    };
    await expect(low('header.top nav a')).resolves.toEqual(['header.top nav a', []]);
    await expect(low('fieldset.tags button')).resolves.toEqual(['fieldset.tags button', []]);
    await page.goto(`${h.origin}/recipes/lasagne-al-forno`);
    await page.locator('.facts').waitFor();
    await expect(low('.facts .chip a')).resolves.toEqual(['.facts .chip a', []]);
    await page.goto(`${h.origin}/recipes/lasagne-al-forno/edit`);
    await page.locator('.ingredient-editor').first().waitFor();
    await expect(low('.ingredient-editor .row.small button')).resolves.toEqual([
      '.ingredient-editor .row.small button',
      [],
    ]);
    await context.close();
  }, 60_000);

  it('the list finds what is ready in the time there is, and keeps the choice in the address', async () => {
    const quick = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send({ ...SOUP, title: 'Quick toast', prepMinutes: 5, cookMinutes: 10 });
    expect(quick.status).toBe(201);
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.locator('.recipe-card', { hasText: 'Lasagne al forno' }).waitFor();
    await page.getByLabel('Ready in').selectOption({ label: 'at most 30 min' });
    await page.waitForURL(`${h.origin}/?maxMinutes=30`);
    await page.locator('.recipe-card', { hasText: 'Lasagne al forno' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.recipe-card', { hasText: 'Quick toast' }).waitFor();
    await expect(page.locator('.recipe-card').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('Quick toast'),
    ]);
    await expect(page.getByLabel('Ready in').inputValue()).resolves.toBe('30');
    await context.close();
  }, 60_000);

  it('on a phone, many tags swipe in their own row: the page never scrolls sideways', async () => {
    const tags = ['breakfast', 'brunch', 'dinner', 'italian', 'pasta', 'quick', 'spicy', 'summer', 'vegan'];
    const res = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send({ ...SOUP, title: 'Tag soup', tags });
    expect(res.status).toBe(201);
    const context = await h.context({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    const row = page.locator('fieldset.tags');
    await row.getByText('vegan').waitFor();
    const widths = await page.evaluate(() => {
      const tagRow = document.querySelector('fieldset.tags')!;
      return {
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        rowScrolls: tagRow.scrollWidth > tagRow.clientWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.rowScrolls).toBe(true);
    // The order's choice reads whole on a phone (it had a third of the row: "Recently").
    const room = await page.getByLabel('Sort').evaluate((select: HTMLSelectElement) => {
      const pen = document.createElement('canvas').getContext('2d')!;
      pen.font = getComputedStyle(select).font;
      const style = getComputedStyle(select);
      const inside = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inside - pen.measureText(select.selectedOptions[0]!.text).width;
    });
    expect(room).toBeGreaterThan(0);
    // The last tag is reachable: the row scrolls it into view.
    await row.getByText('vegan').click();
    await page.waitForURL(/tags=vegan/);
    // Opening a recipe moves the focus to the new screen, as a page load would: Tab starts there.
    await page
      .getByRole('link', { name: /Tag soup/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Tag soup', level: 1 }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    await context.close();
  }, 60_000);
  it('Back from a recipe returns to the list as it was: the pages loaded and the place', async () => {
    for (let n = 1; n <= 30; n++) {
      const res = await request(h.t.app)
        .post('/api/v1/recipes')
        .set('Cookie', ann.cookie)
        .send({ ...SOUP, title: `Soup number ${n}`, tags: [] });
      expect(res.status).toBe(201);
    }
    const context = await h.context({ width: 1024, height: 700 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    const cards = page.locator('.recipe-card');
    await cards.first().waitFor();
    // Down the list until the second page has come.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('.recipe-card').length > 24);
    const shown = await cards.count();
    const card = cards.nth(shown - 2);
    await card.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(500);
    await card.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 50, left);
    await expect(cards.count()).resolves.toBe(shown);
    await context.close();
  }, 90_000);

  it('on a phone, Back from a recipe opened far down a long list shows the card it was opened from where it was', async () => {
    const cook = await h.t.member('user', 'cora');
    for (let n = 1; n <= 64; n++) {
      const res = await request(h.t.app)
        .post('/api/v1/recipes')
        .set('Cookie', cook.cookie)
        .send({ ...SOUP, title: `Stew ${String(n).padStart(2, '0')}`, tags: [] });
      expect(res.status).toBe(201);
    }
    const context = await h.context({ width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, h.origin, cook.username, cook.password, `/?author=${cook.username}&sort=title`);
    const cards = page.locator('.recipe-card');
    await cards.first().waitFor();
    // Down to the end, so that every page has loaded.
    await waitFor(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return (await cards.count()) === 64 && !(await page.getByRole('button', { name: 'Load more' }).count());
    });
    // Up again to card 30, and open it.
    const card = page.locator('.recipe-card', { hasText: 'Stew 30' });
    await card.evaluate((li) => li.scrollIntoView({ block: 'start' }));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const before = await card.evaluate((li) => li.getBoundingClientRect().top);
    await card.getByRole('link').click();
    await page.getByRole('heading', { name: 'Stew 30', level: 1 }).waitFor();
    await page.goBack();
    await cards.nth(63).waitFor({ state: 'attached' });
    // Settled: the card it was opened from is where it was, not one further down the list.
    let top = NaN;
    await waitFor(async () => {
      const now = await card.evaluate((li) => li.getBoundingClientRect().top);
      const settled = now === top;
      top = now;
      return settled;
    });
    expect(Math.abs(top - before)).toBeLessThan(30);
    await context.close();
  }, 120_000);

  it('on a phone, with timers running, the editor’s Save bar and cook mode’s step buttons stay above the timers', async () => {
    const context = await h.context({ width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/lasagne-al-forno');
    const starts = [
      page.getByRole('button', { name: 'Start a timer: 20-25 minutes' }),
      page.getByRole('button', { name: 'Start a timer: 45 minutes' }),
    ];
    const timers = page.getByRole('region', { name: 'Timers' }).getByRole('listitem');
    /** How far the element reaches below the top of the timers' bar (≤ 0: all of it is above). */
    const under = (selector: string) =>
      page.evaluate((s) => {
        const bar = document.querySelector('.timers')!.getBoundingClientRect();
        return document.querySelector(s)!.getBoundingClientRect().bottom - bar.top;
      }, selector);
    const toTheEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const count of [1, 2, 4]) {
      await page.goto(`${h.origin}/recipes/lasagne-al-forno`);
      await starts[0]!.waitFor();
      for (let n = await timers.count(); n < count; n++) {
        await starts[n % 2]!.click();
        await timers.nth(n).waitFor();
      }
      await page.goto(`${h.origin}/recipes/lasagne-al-forno/edit`);
      await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      await expect(timers.count()).resolves.toBe(count);
      for (const at of ['top', 'end']) {
        if (at === 'end') await toTheEnd();
        const below = await under('.sticky-save');
        expect({ count, at, hidden: below > 0 ? below : 0 }).toEqual({ count, at, hidden: 0 });
      }
      await page.goto(`${h.origin}/recipes/lasagne-al-forno/cook`);
      await page.getByRole('button', { name: /Next step/ }).waitFor();
      await toTheEnd();
      const below = await under('.cook-nav');
      expect({ count, hidden: below > 0 ? below : 0 }).toEqual({ count, hidden: 0 });
    }
    await context.close();
  }, 120_000);

  it('on a phone, cook mode shows each timer’s name whole: step, time and recipe', async () => {
    const context = await h.context({ width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/lasagne-al-forno');
    await page.getByRole('button', { name: 'Start a timer: 20-25 minutes' }).click();
    await page.getByRole('button', { name: 'Start a timer: 45 minutes' }).click();
    await page.goto(`${h.origin}/recipes/lasagne-al-forno/cook`);
    const labels = page.locator('.timers .timer-label');
    await labels.nth(1).waitFor();
    const cut = await labels.evaluateAll((all) =>
      all.map((label) => ({ text: label.textContent, cut: label.scrollHeight > label.clientHeight + 1 })),
    );
    expect(cut).toEqual([
      { text: 'Step 1: 20-25 minutes · Lasagne al forno', cut: false },
      { text: 'Step 2: 45 minutes · Lasagne al forno', cut: false },
    ]);
    await context.close();
  }, 60_000);

  it('on a phone, a timer’s clock, Pause and × stay together: on the name’s line on a recipe, below it in cook mode', async () => {
    const context = await h.context({ width: 390, height: 800 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/lasagne-al-forno');
    await page.getByRole('button', { name: 'Start a timer: 20-25 minutes' }).click();
    /** Each part of the first timer, by the line (its top, in px from the timer's top) it sits on. */
    const rows = () =>
      page
        .locator('.timers .timer')
        .first()
        .evaluate((timer) => {
          const top = timer.getBoundingClientRect().top;
          const row = (el: Element | null) => Math.round((el!.getBoundingClientRect().top - top) / 20);
          const [pause, remove] = [...timer.querySelectorAll('button')];
          return {
            label: row(timer.querySelector('.timer-label')),
            clock: row(timer.querySelector('.timer-clock')),
            pause: row(pause!),
            remove: row(remove!),
          };
        });
    const onRecipe = await rows();
    expect(onRecipe).toEqual({
      label: onRecipe.label,
      clock: onRecipe.pause,
      pause: onRecipe.pause,
      remove: onRecipe.pause,
    });
    expect(Math.abs(onRecipe.label - onRecipe.pause)).toBeLessThanOrEqual(1);
    await page.goto(`${h.origin}/recipes/lasagne-al-forno/cook`);
    await page.locator('.timers .timer').first().waitFor();
    const inCookMode = await rows();
    expect(inCookMode.remove).toBe(inCookMode.pause);
    expect(inCookMode.clock).toBe(inCookMode.pause);
    await context.close();
  }, 60_000);
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the condition never held');
}

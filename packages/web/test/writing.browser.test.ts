/**
 * Part 2 of the web app in Chromium: a member imports a recipe from a page (served by the test),
 * fixes the line the reader was unsure of, accepts a suggested tag, saves with the page's photo,
 * uploads two photos and makes the second the cover, shares it and opens the public link in a
 * fresh browser; a 422 is shown at its field; an edit conflict is reported, not overwritten.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import type { Member } from '@larder/http-express/test-support/test-app.js';
import type { Locator } from 'playwright-core';
import request from 'supertest';
import {
  type WebHarness,
  callsMade,
  noteCalls,
  seriousViolations,
  signIn,
  startWebHarness,
} from './browser-support.js';
import { plainRecipeBody } from '@larder/http-express/test-support/recipe-body.js';

function recipePage(origin: string): string {
  const recipe = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Carrot soup',
    description: 'Sweet carrots, a little lemon.',
    image: `${origin}/carrots.jpg`,
    recipeYield: '4 servings',
    keywords: 'soup, weeknight',
    recipeIngredient: ['500 g carrots', 'lemon juice from 2 lemons', '1 l vegetable stock'],
    recipeInstructions: [
      { '@type': 'HowToStep', text: 'Simmer the carrots in the stock for 20 minutes.' },
      { '@type': 'HowToStep', text: 'Blend with the lemon juice.' },
    ],
  };
  return `<!doctype html><html lang="en"><head><title>Carrot soup</title>
<script type="application/ld+json">${JSON.stringify(recipe)}</script></head>
<body><h1>Carrot soup</h1></body></html>`;
}

describe('the web app, part 2: write, import, share', () => {
  let h: WebHarness;
  let site: Server;
  let siteOrigin: string;
  let ann: Member;
  let photos: Buffer[];

  beforeAll(async () => {
    const carrots = Buffer.from(await jpegOf(640, 480));
    photos = [Buffer.from(await jpegOf(800, 600)), Buffer.from(await jpegOf(600, 800))];
    site = createServer((req, res) => {
      if (req.url === '/carrots.jpg') {
        res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(carrots);
      } else if (req.url === '/soup') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(recipePage(siteOrigin));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    h = await startWebHarness({ SERVICE_DRAFT_ALLOW_HOSTS: new URL(siteOrigin).host });
    ann = await h.t.member('user', 'ann');
    const settings = await request(h.t.app)
      .patch('/api/v1/settings')
      .set('Cookie', h.t.owner.cookie)
      .send({ publicShares: true });
    expect(settings.status).toBe(200);
    const allowed = await request(h.t.app)
      .patch(`/api/v1/users/${ann.id}`)
      .set('Cookie', h.t.owner.cookie)
      .send({ canSharePublicly: true });
    expect(allowed.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('imports a page, fixes a line, takes a tag and the photo, adds two photos, picks the cover, shares it', async () => {
    const context = await h.context({ width: 412, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);

    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByLabel('A recipe page’s address, or the recipe’s text').fill(`${siteOrigin}/soup`);
    await page.getByRole('button', { name: 'Read it' }).click();
    await page.getByRole('heading', { name: 'New recipe' }).waitFor();
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Carrot soup');
    expect(await seriousViolations(page)).toEqual([]);

    // The line the reader was unsure of is marked; the member fixes it.
    const unsure = page.locator('.ingredient-editor.review');
    await expect(unsure.count()).resolves.toBe(1);
    await expect(unsure.textContent()).resolves.toContain('lemon juice from 2 lemons');
    await unsure.getByRole('textbox', { name: /^Quantity/ }).fill('2');
    await unsure.getByRole('textbox', { name: /^Unit/ }).fill('tbsp');
    await unsure.getByRole('textbox', { name: /^Ingredient,/ }).fill('lemon juice');
    await unsure.getByRole('textbox', { name: /^Note/ }).fill('freshly squeezed');
    await unsure.getByRole('button', { name: 'Looks right' }).click();
    await expect(page.locator('.ingredient-editor.review').count()).resolves.toBe(0);

    // A suggested tag, accepted; the page's photo kept.
    await page.getByRole('group', { name: 'Suggested tags' }).getByRole('button', { name: '+ soup' }).click();
    await page.getByRole('button', { name: 'soup (Remove)' }).waitFor();
    await expect(page.getByLabel('Keep the page’s photo').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Saved: the editor of the new recipe, ready for photos.
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    const saved = await request(h.t.app).get('/api/v1/recipes/by-slug/carrot-soup').set('Cookie', ann.cookie);
    expect(saved.status).toBe(200);
    expect(saved.body.tags).toEqual(['soup']);
    expect(saved.body.ingredientGroups[0].ingredients[1]).toEqual({
      quantity: 2,
      unit: 'tbsp',
      name: 'lemon juice',
      note: 'freshly squeezed',
    });
    expect(saved.body.images).toHaveLength(1);

    await page.getByLabel('Add photos').setInputFiles([
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: photos[0]! },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: photos[1]! },
    ]);
    const items = page.locator('.photo-item');
    await page.waitForFunction(() => document.querySelectorAll('.photo-item').length === 3);
    expect(await seriousViolations(page)).toEqual([]);
    await items
      .nth(2)
      .getByRole('button', { name: /^Make cover/ })
      .click();
    await items.nth(2).getByText('Cover', { exact: true }).waitFor();
    const withPhotos = await request(h.t.app)
      .get('/api/v1/recipes/by-slug/carrot-soup')
      .set('Cookie', ann.cookie);
    const byPosition = [...withPhotos.body.images].sort((a, b) => a.position - b.position);
    expect(byPosition).toHaveLength(3);
    expect(byPosition[2].width).toBe(600); // the second upload
    expect(withPhotos.body.coverImageId).toBe(byPosition[2].id);

    // Share it, and open the public link where nobody is signed in.
    await page.getByRole('link', { name: 'view the recipe' }).click();
    await page.getByRole('heading', { name: 'Carrot soup', level: 1 }).waitFor();
    // The cover shows first, under the number the photo editor gave it.
    await expect(page.locator('.photos img').first().getAttribute('alt')).resolves.toBe('Photo 3 of 3');
    await page.getByRole('button', { name: 'Create a public link' }).click();
    const link = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${h.origin}/s/`));
    const stranger = await h.context();
    const outside = await stranger.newPage();
    await outside.goto(link);
    await outside.getByRole('heading', { name: 'Carrot soup' }).waitFor();
    await stranger.close();
    await context.close();
  }, 120_000);

  it('makes a member’s own copy of a recipe locked by its author: content, tags and cover photo; the original untouched', async () => {
    const cal = await h.t.member('user', 'cal');
    const made = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(
        plainRecipeBody({
          title: 'Plum cake',
          tags: ['cake'],
          editPolicy: 'locked',
          ingredientGroups: [
            { name: 'Dough', ingredients: [{ quantity: 250, unit: 'g', name: 'flour', note: null }] },
            { name: null, ingredients: [{ quantity: 12, unit: null, name: 'plums', note: 'halved' }] },
          ],
          steps: [
            {
              text: 'Lay the plums on the dough and bake for 40 minutes.',
              references: [{ groupName: null, ingredientName: 'plums', word: 'plums' }],
              times: [{ phrase: '40 minutes', seconds: 2400 }],
            },
          ],
        }),
      );
    expect(made.status).toBe(201);
    const cover = await request(h.t.app)
      .post(`/api/v1/recipes/${made.body.id}/images`)
      .set('Cookie', ann.cookie)
      .attach('file', photos[0]!, { filename: 'plums.jpg', contentType: 'image/jpeg' });
    expect(cover.status).toBe(201);

    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, cal.username, cal.password, '/recipes/plum-cake');
    await page.getByRole('heading', { name: 'Plum cake', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
    await page.getByText('More…').click();
    await page.getByRole('button', { name: 'Make a copy' }).click();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Plum cake (copy)');
    await expect(page.getByLabel('Keep the cover photo').isChecked()).resolves.toBe(true);
    await page.getByLabel('Title').fill('Plum cake, less sugar');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/recipes\/plum-cake-less-sugar/);

    const copy = await request(h.t.app)
      .get('/api/v1/recipes/by-slug/plum-cake-less-sugar')
      .set('Cookie', cal.cookie);
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      createdBy: { id: cal.id },
      editPolicy: 'default',
      tags: ['cake'],
      servings: made.body.servings,
      ingredientGroups: made.body.ingredientGroups,
      steps: made.body.steps,
    });
    expect(copy.body.images).toHaveLength(1);
    const original = await request(h.t.app).get(`/api/v1/recipes/${made.body.id}`).set('Cookie', ann.cookie);
    expect(original.body).toMatchObject({
      title: 'Plum cake',
      editPolicy: 'locked',
      images: [{ id: cover.body.id }],
    });
    await context.close();
  }, 60_000);

  it('on a device with a share sheet, a chat link opens it with the recipe’s title; without one there is no Share button', async () => {
    const made = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(plainRecipeBody({ title: 'Focaccia' }));
    expect(made.status).toBe(201);

    const plain = await h.context();
    const desktop = await plain.newPage();
    await signIn(desktop, h.origin, ann.username, ann.password, '/recipes/focaccia');
    await desktop.getByRole('button', { name: 'Make a chat link' }).click();
    await desktop.getByRole('textbox', { name: 'Chat link' }).waitFor();
    await expect(desktop.getByRole('button', { name: 'Share…' }).count()).resolves.toBe(0);
    await plain.close();

    // A phone's share sheet (navigator.share), which Chromium on Linux has not: what it is given is noted.
    const phone = await h.context();
    await phone.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', {
        value: (data: unknown) => {
          shared.push(data);
          return Promise.reject(new DOMException('Share canceled', 'AbortError'));
        },
      });
    });
    const page = await phone.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/focaccia');
    await page.getByRole('button', { name: 'Make a chat link' }).click();
    const link = await page.getByRole('textbox', { name: 'Chat link' }).inputValue();
    await page.getByRole('button', { name: 'Share…' }).click();
    await expect(page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).resolves.toEqual([
      { title: 'Focaccia', url: link },
    ]);
    // Closing the sheet without sharing leaves the link there to copy.
    await expect(page.getByRole('textbox', { name: 'Chat link' }).inputValue()).resolves.toBe(link);
    await phone.close();
  }, 60_000);

  it('shows a 422 at its field', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.getByRole('heading', { name: 'New recipe' }).waitFor();
    await page
      .getByRole('textbox', { name: /^Ingredient,/ })
      .first()
      .fill('salt');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const title = page.getByLabel('Title', { exact: true });
    await page
      .waitForSelector('[data-field="title"][aria-invalid="true"]', { timeout: 10_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/422.png', fullPage: true });
        throw error;
      });
    const described = await title.getAttribute('aria-describedby');
    expect(described).toBe('error-title');
    // The field refused has the focus, not the summary above the form.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-field') === 'title');
    await expect(page.locator('#error-title').textContent()).resolves.not.toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('a photo too large is told in MB, in English and in German, not in bytes', async () => {
    // One byte over the 10 MiB the API takes, as a file (a buffer that size is slow to hand over).
    const folder = await mkdtemp(join(tmpdir(), 'larder-huge-'));
    const huge = join(folder, 'huge.jpg');
    await writeFile(
      huge,
      Buffer.concat([photos[0]!, Buffer.alloc(10 * 1024 * 1024 + 1 - photos[0]!.length)]),
    );
    const refusal = async (locale: string) => {
      const member = await h.t.member('user', `big-${locale}`);
      if (locale === 'de')
        expect(
          (
            await request(h.t.app)
              .patch('/api/v1/auth/me/profile')
              .set('Cookie', member.cookie)
              .send({ locale })
          ).status,
        ).toBe(200);
      const created = await request(h.t.app)
        .post('/api/v1/recipes')
        .set('Cookie', member.cookie)
        .send(plainRecipeBody({ title: `Big picture pie ${locale}` }));
      expect(created.status).toBe(201);
      const context = await h.context();
      const page = await context.newPage();
      await signIn(page, h.origin, member.username, member.password, `/recipes/${created.body.slug}/edit`);
      await page.locator('input[type="file"]').setInputFiles(huge);
      const said = await page.locator('.uploads .field-error').textContent();
      await context.close();
      return said;
    };
    try {
      await expect(refusal('en')).resolves.toBe('This picture is too large: it may be at most 10 MB.');
      await expect(refusal('de')).resolves.toBe('Dieses Bild ist zu groß: erlaubt sind höchstens 10 MB.');
    } finally {
      await rm(folder, { recursive: true });
    }
  }, 60_000);

  it('keeps pasted text and an imported draft’s changes across a reload, and Cancel throws changes away', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.goto(`${h.origin}/import`);
    const pasted =
      'Plain porridge\n\nIngredients\n1 cup oats\n2 cups water\n\nMethod\n1. Simmer the oats in the water for 5 minutes.';
    const source = page.getByLabel('A recipe page’s address, or the recipe’s text');
    await source.fill(pasted);
    // What was pasted is kept until it is read: a reload (or a session that ended) brings it back.
    await page.waitForFunction(() =>
      Object.entries(localStorage).some(
        ([key, value]) => key.includes('.import#') && value.includes('porridge'),
      ),
    );
    await page.reload();
    await expect(source.inputValue()).resolves.toBe(pasted);
    await page.getByRole('button', { name: 'Read it' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    await title.fill('Grandma’s porridge');
    await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.includes('.edit.import#')));
    await page.reload();
    await page.getByRole('region', { name: 'About this import' }).waitFor();
    await expect(title.inputValue()).resolves.toBe('Grandma’s porridge');

    // Cancel asks, then the changes are gone: a new recipe starts empty.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${h.origin}/`);
    await page.goto(`${h.origin}/new?from=import`);
    await title.waitFor();
    await expect(title.inputValue()).resolves.toBe('Plain porridge');
    // The pasted text was read: the import starts empty again.
    await page.goto(`${h.origin}/import`);
    await expect(source.inputValue()).resolves.toBe('');
    await context.close();
  }, 60_000);

  it('Back after a save or a cancel lands where the member was before editing, never on the editor', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    /** Back: it goes to `path` (known once Back returns), whose screen shows `heading`. */
    const back = async (path: string, heading: string) => {
      await page.goBack();
      // Asked of the page itself: the address a history step within the app moves to.
      await page.waitForFunction((wanted) => location.pathname === wanted, path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ state: 'attached' });
    };

    // A new recipe: saved, it opens for its photos; Back leaves it for the list, not a blank editor.
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.getByRole('heading', { name: 'New recipe' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Back button bake');
    await page
      .getByRole('textbox', { name: /^Ingredient,/ })
      .first()
      .fill('flour');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Add photos below, or').waitFor();
    await back('/', 'Recipes');

    // A recipe changed: saved, it shows; Back goes to the recipe as it was opened, then the list.
    await page.getByRole('link', { name: 'Back button bake' }).click();
    await page.getByRole('heading', { name: 'Back button bake', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill('Back button bread');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Back button bread', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/recipes/back-button-bread');
    // The entry it was opened at: its old address, which the recipe screen turns into the current
    // one (an old slug leads to the recipe), showing the recipe as saved — not the editor.
    await back('/recipes/back-button-bread', 'Back button bread');
    await back('/', 'Recipes');

    // Cancelled: Back after it goes to the recipe, not into the editor again.
    await page.getByRole('link', { name: 'Back button bread' }).click();
    await page.getByRole('heading', { name: 'Back button bread', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    await back('/recipes/back-button-bread', 'Back button bread');
    await back('/', 'Recipes');
    await context.close();
  }, 60_000);

  it('Servings left empty is told at the field as needed, and nothing is saved', async () => {
    const created = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(plainRecipeBody({ title: 'Servings soup', servings: 4 }));
    expect(created.status).toBe(201);
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, `/recipes/${created.body.slug}/edit`);
    const servings = page.getByLabel('Servings', { exact: true });
    await servings.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-field="servings"][aria-invalid="true"]').waitFor();
    await expect(page.locator('#error-servings').textContent()).resolves.toBe('Required.');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-field') === 'servings');
    const kept = await request(h.t.app).get(`/api/v1/recipes/${created.body.id}`).set('Cookie', ann.cookie);
    expect(kept.body.servings).toBe(4);
    await context.close();
  }, 60_000);

  it('says so when the reader found no recipe, and not when it found one', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    const notice = page.getByText('No recipe was found there', { exact: false });
    await page.goto(`${h.origin}/import`);
    await page
      .getByLabel('A recipe page’s address, or the recipe’s text')
      .fill('About us\n\nWe are a family who loves to cook together on Sundays.');
    await page.getByRole('button', { name: 'Read it' }).click();
    await page.getByRole('region', { name: 'About this import' }).waitFor();
    await notice.waitFor();
    await page.goto(`${h.origin}/import`);
    await page
      .getByLabel('A recipe page’s address, or the recipe’s text')
      .fill(
        'Plain rice\n\nIngredients\n1 cup rice\n2 cups water\n\nMethod\n1. Simmer the rice for 15 minutes.',
      );
    await page.getByRole('button', { name: 'Read it' }).click();
    await page.getByRole('region', { name: 'About this import' }).waitFor();
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Plain rice');
    expect(await notice.count()).toBe(0);
    await context.close();
  }, 60_000);

  it('Enter in an ingredient goes on to the next field and saves nothing', async () => {
    const context = await h.context();
    await noteCalls(context);
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/new');
    await page.getByLabel('Title', { exact: true }).fill('Half-written pancakes');
    const name = page.getByRole('textbox', { name: /^Ingredient,/ }).first();
    await name.fill('flour');
    await name.press('Enter');
    const saves = (await callsMade(page)).filter((call) => call === 'POST /api/v1/recipes');
    expect(saves).toEqual([]);
    // The focus went on to the ingredient's note.
    await page.keyboard.type('sifted');
    await expect(page.getByRole('textbox', { name: /^Note/ }).first().inputValue()).resolves.toBe('sifted');
    expect(new URL(page.url()).pathname).toBe('/new');
    await context.close();
  }, 60_000);

  it('on a phone, a group’s name keeps room to be read beside its remove button', async () => {
    const context = await h.context({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.goto(`${h.origin}/new`);
    await page.getByRole('button', { name: /Add a group/ }).click();
    const names = page.getByLabel('Group name (optional)');
    await names.nth(1).fill('For the sauce');
    const width = await names.nth(1).evaluate((input) => input.clientWidth);
    expect(width).toBeGreaterThan(180);
    await context.close();
  }, 60_000);

  it('on a phone, a field reached by Tab in the editor is never under the sticky Save bar', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/new');
    await page.getByRole('button', { name: '+ Add an ingredient' }).first().click();
    await page.getByLabel('Title', { exact: true }).focus();
    const covered: string[] = [];
    for (let n = 0; n < 30; n++) {
      await page.keyboard.press('Tab');
      const under = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        const bar = document.querySelector('.sticky-save');
        if (!focused || !bar || bar.contains(focused)) return null;
        const a = focused.getBoundingClientRect();
        const b = bar.getBoundingClientRect();
        const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        return overlap > a.height / 2
          ? (focused.getAttribute('aria-label') ?? focused.outerHTML.slice(0, 60))
          : null;
      });
      if (under) covered.push(under);
    }
    expect(covered).toEqual([]);
    await context.close();
  }, 60_000);

  it('a step reached by Tab, and typed in, is clear of the sticky Save bar: on a phone and on a wide screen', async () => {
    const steps = ['Prepare', 'Knead', 'Rise', 'Shape', 'Bake'].map((word) => ({
      text: `${word} the dough.\nThen ${word.toLowerCase()} it once more, slowly and with care.`,
    }));
    const created = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(plainRecipeBody({ title: 'Long bread', steps }));
    expect(created.status).toBe(201);
    for (const [width, height] of [
      [375, 740],
      [1280, 900],
    ] as const) {
      const context = await h.context({ width, height });
      const page = await context.newPage();
      await signIn(page, h.origin, ann.username, ann.password, `/recipes/${created.body.slug}/edit`);
      await page.getByRole('textbox', { name: 'Step 5' }).waitFor();
      await page.getByLabel('Title', { exact: true }).focus();
      /** How much of the focused step is under the Save bar, after the frames a render takes. */
      const hidden = () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const field = document.activeElement!.getBoundingClientRect();
                  const bar = document.querySelector('.sticky-save')!.getBoundingClientRect();
                  resolve(Math.max(0, Math.round(field.bottom - bar.top)));
                }),
              ),
            ),
        );
      const found: { width: number; step: string; tabbed: number; typed: number }[] = [];
      for (let n = 0; n < 80 && found.length < 5; n++) {
        await page.keyboard.press('Tab');
        const step = await page.evaluate(() =>
          document.activeElement instanceof HTMLTextAreaElement
            ? (document.activeElement.labels?.[0]?.textContent ?? '')
            : '',
        );
        if (!step.startsWith('Step')) continue;
        const tabbed = await hidden();
        await page.keyboard.type(' Yes.');
        await page.getByText('Unsaved changes are kept in this browser.').waitFor();
        found.push({ width, step, tabbed, typed: await hidden() });
      }
      expect(found).toEqual(
        ['Step 1', 'Step 2', 'Step 3', 'Step 4', 'Step 5'].map((step) => ({
          width,
          step,
          tabbed: 0,
          typed: 0,
        })),
      );
      await context.close();
    }
  }, 90_000);

  it('on a phone, a title and words without a break, as long as the API takes them, stay on the screen', async () => {
    const long = 'Ü'.repeat(120) + 'X'.repeat(80);
    const made = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(
        plainRecipeBody({
          title: long,
          description: 'y'.repeat(400),
          sourceName: 'z'.repeat(200),
          sourceUrl: 'https://example.com/recipe',
          tags: ['t'.repeat(40)],
          ingredientGroups: [
            {
              name: 'g'.repeat(60),
              ingredients: [
                { quantity: 1, unit: 'u'.repeat(20), name: 'n'.repeat(120), note: 'o'.repeat(200) },
              ],
            },
          ],
          steps: [{ text: 's'.repeat(600) }],
        }),
      );
    expect(made.status).toBe(201);
    const context = await h.context({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/?q=' + encodeURIComponent(long.slice(0, 20)));
    const wider = () => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    await page.locator('.card-title').first().waitFor();
    expect(await wider()).toBeLessThanOrEqual(0);
    for (const path of [
      `/recipes/${made.body.slug}`,
      `/recipes/${made.body.slug}/cook`,
      `/recipes/${made.body.slug}/edit`,
    ]) {
      await page.goto(`${h.origin}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect([path, await wider()]).toEqual([path, 0]);
    }
    await context.close();
  }, 60_000);

  it('shows what members write in its own direction: an Arabic recipe reads right to left', async () => {
    const made = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(
        plainRecipeBody({
          title: 'شوربة عدس',
          description: 'شوربة دافئة للشتاء',
          ingredientGroups: [
            { name: 'للشوربة', ingredients: [{ quantity: 1, unit: 'كوب', name: 'عدس', note: null }] },
          ],
          steps: [{ text: 'اطبخ العدس في الماء.' }],
        }),
      );
    expect(made.status).toBe(201);
    const said = await request(h.t.app)
      .post(`/api/v1/recipes/${made.body.id}/comments`)
      .set('Cookie', ann.cookie)
      .send({ body: 'لذيذ جدا' });
    expect(said.status).toBe(201);
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/?q=' + encodeURIComponent('عدس'));
    const direction = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).direction);
    await expect(direction(page.locator('.card-title').first())).resolves.toBe('rtl');
    await page.goto(`${h.origin}/recipes/${made.body.slug}`);
    const written = {
      title: page.getByRole('heading', { level: 1 }),
      description: page.locator('.description'),
      group: page.getByRole('heading', { name: 'للشوربة' }),
      ingredient: page.locator('.ingredients li').first(),
      step: page.locator('.step-text').first(),
      comment: page.locator('.comment-body').first(),
    };
    const directions: Record<string, string> = {};
    for (const [name, locator] of Object.entries(written)) directions[name] = await direction(locator);
    expect(directions).toEqual(Object.fromEntries(Object.keys(written).map((name) => [name, 'rtl'])));
    // And in English text, left to right as before.
    await expect(direction(page.getByRole('heading', { name: 'Ingredients' }))).resolves.toBe('ltr');
    await page.goto(`${h.origin}/recipes/${made.body.slug}/edit`);
    await expect(direction(page.getByLabel('Title', { exact: true }))).resolves.toBe('rtl');
    await expect(direction(page.getByRole('textbox', { name: 'Step 1', exact: true }))).resolves.toBe('rtl');
    await context.close();
  }, 60_000);

  it('reports an edit conflict instead of overwriting, and keeps the changes', async () => {
    const stew = {
      title: 'Bean stew',
      ingredientGroups: [
        { name: null, ingredients: [{ quantity: 1, unit: 'can', name: 'beans', note: null }] },
      ],
      steps: [{ text: 'Warm the beans.' }],
    };
    const created = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(plainRecipeBody({ ...stew, description: 'First version.' }));
    expect(created.status).toBe(201);
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.goto(`${h.origin}/recipes/${created.body.slug}/edit`);
    const description = page.getByLabel('Description');
    await expect(description.inputValue()).resolves.toBe('First version.');
    await description.fill('My version, from the browser.');

    // Meanwhile somebody saves the recipe.
    const other = await request(h.t.app)
      .put(`/api/v1/recipes/${created.body.id}`)
      .set('Cookie', h.t.owner.cookie)
      .send(plainRecipeBody({ ...stew, description: 'Their version.' }));
    expect(other.status).toBe(200);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Somebody saved this recipe since you opened it.' })
      .waitFor();
    const stored = await request(h.t.app).get(`/api/v1/recipes/${created.body.id}`).set('Cookie', ann.cookie);
    expect(stored.body.description).toBe('Their version.');
    // The changes are still there, also after a reload.
    await expect(description.inputValue()).resolves.toBe('My version, from the browser.');
    await page.waitForTimeout(400); // the draft is written 300 ms after the last change
    await page.reload();
    await page.getByText('Your unsaved changes from before are back.').waitFor();
    await expect(page.getByLabel('Description').inputValue()).resolves.toBe('My version, from the browser.');

    // The author deletes it from the recipe's screen.
    await page.goto(`${h.origin}/recipes/${created.body.slug}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search recipes' }).waitFor();
    const gone = await request(h.t.app).get(`/api/v1/recipes/${created.body.id}`).set('Cookie', ann.cookie);
    expect(gone.status).toBe(404);
    await context.close();
  }, 60_000);

  it('one member editing in two tabs: a save in one keeps what the other typed, also after a reload', async () => {
    const created = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(plainRecipeBody({ title: 'Two-tab stew', description: 'First version.' }));
    expect(created.status).toBe(201);
    const edit = `${h.origin}/recipes/${created.body.slug}/edit`;
    const context = await h.context({ width: 1200, height: 900 });
    const first = await context.newPage();
    await signIn(first, h.origin, ann.username, ann.password, `/recipes/${created.body.slug}/edit`);
    const second = await context.newPage();
    await second.goto(edit);
    // Both tabs show the recipe before either types: a tab opened after the other kept changes
    // would show (take over) those as a closed tab's.
    await expect(first.getByLabel('Description').inputValue()).resolves.toBe('First version.');
    await expect(second.getByLabel('Description').inputValue()).resolves.toBe('First version.');
    await first.getByLabel('Description').fill('Typed in the first tab.');
    await first.waitForFunction(() =>
      Object.values(localStorage).some((value) => value.includes('Typed in the first tab.')),
    );
    await second.getByLabel('Servings').fill('3');
    await second.waitForTimeout(400); // the second tab's changes are kept too (300 ms)
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await second.waitForURL(`${h.origin}/recipes/${created.body.slug}`);

    await first.getByRole('button', { name: 'Save', exact: true }).click();
    await first.getByRole('alert').filter({ hasText: 'Somebody saved this recipe' }).waitFor();
    await first.reload();
    await first.getByText('Your unsaved changes from before are back.').waitFor();
    await expect(first.getByLabel('Description').inputValue()).resolves.toBe('Typed in the first tab.');
    await context.close();
  }, 60_000);

  it('a renamed group, a corrected name and a moved ingredient keep the steps’ links to them', async () => {
    const created = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(
        plainRecipeBody({
          title: 'Linked pasta',
          ingredientGroups: [
            {
              name: 'Sauce',
              ingredients: [
                { quantity: 2, unit: null, name: 'onoins', note: null },
                { quantity: 1, unit: 'clove', name: 'garlic', note: null },
              ],
            },
            { name: 'Pasta', ingredients: [{ quantity: 200, unit: 'g', name: 'spaghetti', note: null }] },
          ],
          steps: [
            {
              text: 'Fry the onions and garlic, then cook the spaghetti.',
              times: [],
              references: [
                { groupName: 'Sauce', ingredientName: 'onoins', word: 'onions' },
                { groupName: 'Sauce', ingredientName: 'garlic', word: 'garlic' },
                { groupName: 'Pasta', ingredientName: 'spaghetti', word: 'spaghetti' },
              ],
            },
          ],
        }),
      );
    expect(created.status).toBe(201);
    const context = await h.context({ width: 1200, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, `/recipes/${created.body.slug}/edit`);
    const sauce = page.locator('.group-editor').first();
    await sauce.getByLabel('Group name (optional)').fill('Ragù sauce');
    await sauce
      .locator('.ingredient-editor')
      .first()
      .getByRole('textbox', { name: /^Ingredient,/ })
      .fill('onions');
    await sauce
      .locator('.ingredient-editor')
      .nth(1)
      .getByRole('combobox', { name: /^Move to group/ })
      .selectOption({ label: 'Pasta' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${h.origin}/recipes/${created.body.slug}`);
    const saved = await request(h.t.app).get(`/api/v1/recipes/${created.body.id}`).set('Cookie', ann.cookie);
    expect(saved.body.steps[0].references).toEqual([
      { groupName: 'Ragù sauce', ingredientName: 'onions', word: 'onions' },
      { groupName: 'Pasta', ingredientName: 'garlic', word: 'garlic' },
      { groupName: 'Pasta', ingredientName: 'spaghetti', word: 'spaghetti' },
    ]);
    await context.close();
  }, 60_000);

  it('offers the step times and ingredient words it finds as you type, and saves the confirmed ones', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/new');
    await page.getByRole('heading', { name: 'New recipe' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Brown butter');
    await page
      .getByRole('textbox', { name: /^Quantity/ })
      .first()
      .fill('1/2');
    await page.getByRole('textbox', { name: /^Unit/ }).first().fill('cup');
    await page
      .getByRole('textbox', { name: /^Ingredient,/ })
      .first()
      .fill('unsalted butter');
    await page
      .getByRole('textbox', { name: 'Step 1', exact: true })
      .pressSequentially('Melt the butter, then cook 3-4 minutes until nutty.');
    const times = page.getByRole('group', { name: 'Timers, Step 1' });
    await times.getByRole('button', { name: '+ timer for 3-4 minutes' }).click();
    const words = page.getByRole('group', { name: 'Ingredients named, Step 1' });
    await words.getByRole('button', { name: '+ link “butter” to unsalted butter' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    const saved = await request(h.t.app)
      .get('/api/v1/recipes/by-slug/brown-butter')
      .set('Cookie', ann.cookie);
    expect(saved.body.ingredientGroups[0].ingredients[0]).toEqual({
      quantity: 0.5,
      unit: 'cup',
      name: 'unsalted butter',
      note: null,
    });
    expect(saved.body.steps[0].times).toEqual([{ phrase: '3-4 minutes', seconds: 180, maxSeconds: 240 }]);
    expect(saved.body.steps[0].references).toEqual([
      { word: 'butter', groupName: null, ingredientName: 'unsalted butter' },
    ]);
    await context.close();
  }, 60_000);
});

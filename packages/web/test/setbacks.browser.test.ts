/**
 * The web app when something goes wrong: a moment offline, a session that ends while a member
 * types, a tablet the household shares, an action on something already gone, a double click.
 */
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import type { Member } from '@larder/http-express/test-support/test-app.js';
import { plainRecipeBody } from '@larder/http-express/test-support/recipe-body.js';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import request from 'supertest';
import { type WebHarness, callsMade, noteCalls, signIn, startWebHarness } from './browser-support.js';

/** The browser's session ends elsewhere (signed out on another device, or expired). */
async function endSession(h: WebHarness, context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await request(h.t.app).post('/api/v1/auth/logout').set('Cookie', cookie);
  expect(res.status).toBe(204);
}

/** The sign-in screen a 401 brought, filled in. */
async function signInAgain(page: Page, member: Member): Promise<void> {
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('header.top nav').waitFor();
}

/**
 * Presses a button twice, the second time while the first press's request is still on its way
 * (held until then), and answers how many requests of that method to that path the page sent.
 */
async function pressTwice(page: Page, button: Locator, method: string, path: RegExp): Promise<number> {
  const held: Route[] = [];
  let first!: () => void;
  const arrived = new Promise<void>((resolve) => (first = resolve));
  const matches = (url: URL) => path.test(url.pathname);
  await page.route(matches, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
    first();
  });
  const before = (await callsMade(page)).length;
  await button.click();
  await arrived;
  // Pressed again: a button that waits for its request looks unavailable, so the press is forced.
  await button.click({ force: true });
  const sent = (await callsMade(page))
    .slice(before)
    .filter((call) => call.startsWith(`${method} `) && path.test(call.slice(method.length + 1))).length;
  for (const route of held) await route.continue();
  await page.unroute(matches);
  return sent;
}

/** Timers stop: whatever the page writes now, it writes without waiting for one. */
async function stopTime(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

describe('the web app when something goes wrong', () => {
  let h: WebHarness;
  let ann: Member;
  let ben: Member;

  beforeAll(async () => {
    h = await startWebHarness();
    ann = await h.t.member('user', 'ann');
    ben = await h.t.member('user', 'ben');
    for (const title of ['Barley soup', 'Rye bread']) {
      const made = await request(h.t.app)
        .post('/api/v1/recipes')
        .set('Cookie', ann.cookie)
        .send(plainRecipeBody({ title }));
      expect(made.status).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a screen whose code could not be fetched offline says so, and loads once the connection is back', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.getByRole('link', { name: 'Barley soup' }).waitFor();

    // Offline, the recipe's screen cannot be fetched: said, with a way to try again.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Barley soup' }).click();
    await page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Barley soup', level: 1 }).waitFor();

    // The next visit of a screen that failed tries again too.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Household' }).click();
    await page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Recipes' }).first().click();
    await page.getByRole('link', { name: 'Household' }).click();
    await page.getByRole('heading', { name: 'Household', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Recipes' }).first().click();
    await page.getByRole('link', { name: 'Rye bread' }).click();
    await page.getByRole('heading', { name: 'Rye bread', level: 1 }).waitFor();
    await context.close();
  }, 60_000);

  it('a session that ends while a member types keeps every key typed: the recipe, the comment, the profile', async () => {
    const context = await h.context();
    await context.clock.install();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/new');
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('Lentil soup');
    await page.waitForFunction(() =>
      Object.values(localStorage).some((value) => value.includes('Lentil soup')),
    );

    // The session ends; the member goes on typing and saves at once, before the pause that keeps changes.
    await endSession(h, context);
    await stopTime(page);
    await title.pressSequentially(' with cumin');
    await title.press('Enter');
    await page.getByLabel('Username').waitFor();
    await page.clock.resume();
    await signInAgain(page, ann);
    await page.getByText('Your unsaved changes from before are back.').waitFor();
    await expect(title.inputValue()).resolves.toBe('Lentil soup with cumin');

    // A comment half written.
    await page.goto(`${h.origin}/recipes/barley-soup`);
    const box = page.getByLabel('Write a comment');
    await box.fill('Lovely with a spoon of yoghurt');
    await endSession(h, context);
    await stopTime(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByLabel('Username').waitFor();
    await page.clock.resume();
    await signInAgain(page, ann);
    await expect(box.inputValue()).resolves.toBe('Lovely with a spoon of yoghurt');

    // The profile's changes.
    await page.goto(`${h.origin}/profile`);
    const name = page.getByLabel('Display name');
    await name.fill('Ann of the lentils');
    await endSession(h, context);
    await stopTime(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByLabel('Username').waitFor();
    await page.clock.resume();
    await signInAgain(page, ann);
    await expect(name.inputValue()).resolves.toBe('Ann of the lentils');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await expect(name.inputValue()).resolves.toBe('Ann of the lentils');
    await expect(page.getByText('Your unsaved changes from before are back.').count()).resolves.toBe(0);
    await context.close();
  }, 90_000);

  it('a shared tablet: what one member left unsaved goes when they sign out, and the next member never sees it', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/new');
    await page.getByLabel('Title', { exact: true }).fill('A surprise cake for Ben');
    await page.goto(`${h.origin}/recipes/rye-bread`);
    await page.getByLabel('Write a comment').fill('Ben must not read this');
    await page.waitForFunction(() =>
      Object.values(localStorage).some((value) => value.includes('Ben must not read this')),
    );
    // Kept before drafts were kept per account: whose it is cannot be told, so it goes too.
    await page.evaluate(() => localStorage.setItem('larder.edit.new', '{"form":{"groups":[]}}'));

    // Ann signs out with a change of her profile still unsaved.
    await page.goto(`${h.origin}/profile`);
    await page.getByLabel('Display name').fill('Ann the baker');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').waitFor();
    await expect(
      page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('larder.') && key !== 'larder.timers'),
      ),
    ).resolves.toEqual([]);

    await signInAgain(page, ben);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    await expect(title.inputValue()).resolves.toBe('');
    await expect(page.getByText('Your unsaved changes from before are back.').count()).resolves.toBe(0);
    await page.goto(`${h.origin}/recipes/rye-bread`);
    await expect(page.getByLabel('Write a comment').inputValue()).resolves.toBe('');
    await context.close();
  }, 60_000);

  it('a session that ends keeps a member’s changes for that member only', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/new');
    await page.getByLabel('Title', { exact: true }).fill('Ann’s own stew');
    await page.waitForFunction(() =>
      Object.values(localStorage).some((value) => value.includes('Ann’s own stew')),
    );
    await endSession(h, context);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await signInAgain(page, ben);
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    await expect(title.inputValue()).resolves.toBe('');
    await page.goto(`${h.origin}/profile`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInAgain(page, ann);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.getByText('Your unsaved changes from before are back.').waitFor();
    await expect(title.inputValue()).resolves.toBe('Ann’s own stew');
    await context.close();
  }, 60_000);

  it('an action on something already gone takes it from the screen; one that fails says why beside its button', async () => {
    const bread = await request(h.t.app).get('/api/v1/recipes/by-slug/rye-bread').set('Cookie', ann.cookie);
    const id = bread.body.id as string;
    const comments: number[] = [];
    for (const body of ['Needs more caraway', 'Try it with honey']) {
      const made = await request(h.t.app)
        .post(`/api/v1/recipes/${id}/comments`)
        .set('Cookie', ann.cookie)
        .send({ body });
      expect(made.status).toBe(201);
      comments.push(made.body.id);
    }
    const photos: string[] = [];
    for (const size of [640, 480]) {
      const made = await request(h.t.app)
        .post(`/api/v1/recipes/${id}/images`)
        .set('Cookie', ann.cookie)
        .attach('file', Buffer.from(await jpegOf(size, 480)), {
          filename: 'p.jpg',
          contentType: 'image/jpeg',
        });
      expect(made.status).toBe(201);
      photos.push(made.body.id);
    }
    const context = await h.context();
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/rye-bread');

    // A comment deleted meanwhile (on the phone, say) goes from the screen when deleted here too.
    const first = page.getByRole('listitem').filter({ hasText: 'Needs more caraway' });
    await first.waitFor();
    expect(
      (await request(h.t.app).delete(`/api/v1/comments/${comments[0]}`).set('Cookie', ann.cookie)).status,
    ).toBe(204);
    await first.getByRole('button', { name: 'Delete', exact: true }).click();
    await first.waitFor({ state: 'detached' });
    // A delete that fails says why, beside its button, and the comment stays.
    const second = page.getByRole('listitem').filter({ hasText: 'Try it with honey' });
    await context.setOffline(true);
    await second.getByRole('button', { name: 'Delete', exact: true }).click();
    await second
      .getByRole('alert')
      .filter({ hasText: 'Larder cannot be reached. Check the connection.' })
      .waitFor();
    await context.setOffline(false);

    // Photos: making a photo deleted meanwhile the cover, and deleting one, take it off the list.
    await page.goto(`${h.origin}/recipes/rye-bread/edit`);
    const items = page.locator('.photo-item');
    await page.getByRole('button', { name: 'Make cover: Photo 2 of 2' }).waitFor();
    expect(
      (await request(h.t.app).delete(`/api/v1/recipes/${id}/images/${photos[1]}`).set('Cookie', ann.cookie))
        .status,
    ).toBe(204);
    await page.getByRole('button', { name: 'Make cover: Photo 2 of 2' }).click();
    await page.getByRole('button', { name: 'Delete: Photo 1 of 1' }).waitFor();
    await expect(items.count()).resolves.toBe(1);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Delete: Photo 1 of 1' }).click();
    await items
      .getByRole('alert')
      .filter({ hasText: 'Larder cannot be reached. Check the connection.' })
      .waitFor();
    await context.setOffline(false);
    expect(
      (await request(h.t.app).delete(`/api/v1/recipes/${id}/images/${photos[0]}`).set('Cookie', ann.cookie))
        .status,
    ).toBe(204);
    await page.getByRole('button', { name: 'Delete: Photo 1 of 1' }).click();
    await items.first().waitFor({ state: 'detached' });
    await context.close();
  }, 60_000);

  it('a double click sends once: a comment, a token, a member, a public link', async () => {
    const owner = h.t.owner;
    expect(
      (
        await request(h.t.app)
          .patch('/api/v1/settings')
          .set('Cookie', owner.cookie)
          .send({ publicShares: true })
      ).status,
    ).toBe(200);
    const context = await h.context({ width: 1024, height: 900 });
    await noteCalls(context);
    const page = await context.newPage();
    await signIn(page, h.origin, owner.username, owner.password, '/recipes/barley-soup');

    await page.getByLabel('Write a comment').fill('Made it twice already');
    const send = page.getByRole('button', { name: 'Send' });
    expect(await pressTwice(page, send, 'POST', /\/comments$/)).toBe(1);
    await page.getByRole('listitem').filter({ hasText: 'Made it twice already' }).waitFor();

    const share = page.getByRole('button', { name: 'Create a public link' });
    expect(await pressTwice(page, share, 'POST', /\/public-share$/)).toBe(1);
    await page.getByRole('textbox', { name: 'Public link' }).waitFor();

    await page.goto(`${h.origin}/household`);
    await page.getByLabel('Name', { exact: true }).fill('pantry script');
    const token = page.getByRole('button', { name: 'Create the token' });
    expect(await pressTwice(page, token, 'POST', /^\/api\/v1\/tokens$/)).toBe(1);
    await page.getByRole('textbox', { name: 'Your new token' }).waitFor();

    const form = page.getByRole('form', { name: 'A new member' });
    await form.getByLabel('Username').fill('carl');
    const add = form.getByRole('button', { name: 'Add the member' });
    expect(await pressTwice(page, add, 'POST', /^\/api\/v1\/users$/)).toBe(1);
    await page.getByRole('textbox', { name: 'Setup link for carl' }).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await context.close();
  }, 60_000);

  it('an address of nothing, or of a recipe deleted meanwhile, says so in the screen’s heading', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/no/such/screen');
    await page.getByRole('heading', { level: 1, name: 'There is nothing here.' }).waitFor();
    for (const path of [
      '/recipes/no-such-recipe',
      '/recipes/no-such-recipe/edit',
      '/recipes/no-such-recipe/cook',
    ]) {
      await page.goto(`${h.origin}${path}`);
      await page.getByRole('heading', { level: 1, name: 'This recipe does not exist (any more).' }).waitFor();
      await page.getByRole('link', { name: 'To the recipes' }).waitFor();
    }
    await context.close();
  }, 60_000);

  it('a next page that fails is not asked for again and again: the list says why and waits for Try again', async () => {
    for (let n = 1; n <= 26; n++) {
      const made = await request(h.t.app)
        .post('/api/v1/recipes')
        .set('Cookie', ann.cookie)
        .send(plainRecipeBody({ title: `Paged bread ${n}`, tags: ['paged'] }));
      expect(made.status).toBe(201);
    }
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/?tags=paged');
    await page.locator('.cards li').nth(23).waitFor();
    let asked = 0;
    const nextPage = (url: URL) => url.pathname === '/api/v1/recipes' && url.searchParams.get('page') === '2';
    await page.route(nextPage, (route) => {
      asked++;
      return route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }),
      });
    });
    await page.mouse.wheel(0, 20_000);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.waitFor();
    await page.getByRole('alert').filter({ hasText: 'Service Unavailable' }).waitFor();
    // The end of the list stays in view: still, nothing more is asked for until the member says so.
    await page.waitForTimeout(1500);
    expect(asked).toBe(1);

    await page.unroute(nextPage);
    await tryAgain.click();
    await page.locator('.cards li').nth(25).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await context.close();
  }, 60_000);

  it('no connection is told as such: the list searched, a comment sent', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password);
    await page.locator('.cards li').first().waitFor();
    const offline = 'Larder cannot be reached. Check the connection.';
    await context.setOffline(true);
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill('barley');
    await page.getByRole('alert').filter({ hasText: offline }).waitFor();
    await context.setOffline(false);
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill('');
    // Read again once the connection is back: the message goes.
    await page.waitForURL(`${h.origin}/`);
    await page.getByRole('alert').waitFor({ state: 'detached' });

    await page.goto(`${h.origin}/recipes/barley-soup`);
    await page.getByLabel('Write a comment').waitFor();
    await context.setOffline(true);
    await page.getByLabel('Write a comment').fill('Sent without a connection');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('#comment-error').filter({ hasText: offline }).waitFor();
    await context.setOffline(false);
    await context.close();
  }, 60_000);

  it('without a clipboard (plain http), Copy selects the link and says how to copy it', async () => {
    const context = await h.context();
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined });
    });
    const page = await context.newPage();
    await signIn(page, h.origin, ann.username, ann.password, '/recipes/rye-bread');
    await page.getByRole('button', { name: 'Make a chat link' }).click();
    const field = page.getByRole('textbox', { name: 'Chat link' });
    await field.waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Selected: press (Ctrl\+C|⌘C) to copy it\.$/ })
      .waitFor();
    const selected = await field.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    );
    expect(selected).toBe(await field.inputValue());
    await expect(field.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await context.close();
  }, 60_000);
});

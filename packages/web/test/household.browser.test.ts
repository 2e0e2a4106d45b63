/**
 * The household screen in Chromium: an admin adds a member without a password and hands over the
 * setup link, which the new member opens to finish; API tokens are made (shown once) and revoked.
 */
import { buildZip, deflatedEntry } from '@larder/adapters-zip/test-support/zip-builder.js';
import type { Download, Locator } from 'playwright-core';
import request from 'supertest';
import { type WebHarness, seriousViolations, signIn, startWebHarness } from './browser-support.js';
import { plainRecipeBody } from '@larder/http-express/test-support/recipe-body.js';

describe('the household screen', () => {
  let h: WebHarness;

  /** Brings recipes of these titles into the household, as the owner's, by one imported archive. */
  function importTitles(titles: readonly string[]) {
    const documents = titles.map((_, i) => `recipes/r-${i + 1}/recipe.json`);
    const archive = buildZip([
      ...titles.map((title, i) =>
        deflatedEntry(
          documents[i]!,
          JSON.stringify({
            format: 'larder-recipe',
            version: 1,
            title,
            servings: 2,
            ingredientGroups: [{ name: null, ingredients: [{ name: 'water' }] }],
          }),
        ),
      ),
      deflatedEntry(
        'larder.json',
        JSON.stringify({
          format: 'larder-recipes',
          version: 1,
          exportedAt: new Date().toISOString(),
          recipes: documents,
        }),
      ),
    ]);
    return request(h.t.app)
      .post('/api/v1/import')
      .set('Cookie', h.t.owner.cookie)
      .set('Content-Type', 'application/zip')
      .send(archive);
  }

  beforeAll(async () => {
    h = await startWebHarness();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('an admin adds a member without a password; the member finishes setup through the link', async () => {
    const admin = await h.t.member('admin', 'dora');
    await h.t.member('admin', 'otto');
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, admin.username, admin.password);
    await page.getByRole('link', { name: 'Household' }).click();
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // An admin's token may manage members.
    await page.getByRole('checkbox', { name: 'users:write' }).waitFor();

    // Another admin is the owner's to manage: no role and no remove offered for them; nor may an
    // admin make admins.
    const otto = page.getByRole('listitem').filter({ hasText: '@otto' });
    await otto.waitFor();
    await expect(otto.getByRole('button').count()).resolves.toBe(0);
    await expect(otto.getByRole('combobox').count()).resolves.toBe(0);
    const form = page.getByRole('form', { name: 'A new member' });
    await expect(form.getByLabel('Role').count()).resolves.toBe(0);
    await form.getByLabel('Username').fill('emil');
    await form.getByLabel('Display name').fill('Emil');
    await form.getByRole('button', { name: 'Add the member' }).click();
    const link = page.getByRole('textbox', { name: 'Setup link for Emil' });
    await link.waitFor();
    const address = await link.inputValue();
    expect(address).toMatch(new RegExp(`^${h.origin}/setup/`));
    await context.close();

    const newcomer = await h.context();
    const welcome = await newcomer.newPage();
    await welcome.goto(address);
    await welcome.getByRole('heading', { name: 'Welcome, Emil' }).waitFor();
    await welcome.getByLabel('New password').fill('emil-password-1');
    await welcome.getByLabel('Repeat the password').fill('emil-password-1');
    await welcome.getByRole('button', { name: 'Save password and sign in' }).click();
    await welcome.locator('header.top nav').waitFor();
    await h.t.login('emil', 'emil-password-1');
    await newcomer.close();
  }, 60_000);

  it('a member refused is told at the field the API names, which takes the focus', async () => {
    const admin = await h.t.member('admin', 'hilde');
    const context = await h.context({ width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, h.origin, admin.username, admin.password, '/household');
    const form = page.getByRole('form', { name: 'A new member' });
    await form.getByLabel('Username').waitFor();
    /** The field that has the focus, whether it is marked, and what it is described by. */
    const focused = () =>
      page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement;
        const described = (field.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        return {
          label: field.labels?.[0]?.querySelector('span')?.textContent,
          invalid: field.ariaInvalid,
          described,
        };
      });
    await form.getByLabel('Username').fill('bad name!');
    await form.getByRole('button', { name: 'Add the member' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    const username = await focused();
    expect(username).toEqual({ label: 'Username', invalid: 'true', described: expect.stringMatching(/\S/) });
    await expect(form.getByRole('alert').count()).resolves.toBe(0);
    // The message describes the field; it is not part of its name (it stands after the label).
    await expect(form.getByRole('textbox', { name: 'Username', exact: true }).count()).resolves.toBe(1);

    await form.getByLabel('Username').fill('gustav');
    await form.getByLabel('Mail address (optional)').fill('a@b');
    await form.getByRole('button', { name: 'Add the member' }).click();
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('aria-invalid') === 'true' &&
        (document.activeElement as HTMLInputElement).type === 'email',
    );
    expect(await focused()).toEqual({
      label: 'Mail address (optional)',
      invalid: 'true',
      described: expect.stringMatching(/\S/),
    });
    await expect(form.getByLabel('Username').getAttribute('aria-invalid')).resolves.toBeNull();
    await context.close();
  }, 60_000);

  it("the profile's forms and the token form tell a refused field at it, which takes the focus", async () => {
    const ida = await h.t.member('user', 'ida');
    const context = await h.context({ width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, h.origin, ida.username, ida.password, '/profile');
    /**
     * Once the refusal is shown (at a field, or as a sentence), and the frame after it, in which the
     * first field refused takes the focus: that field's label, mark and what describes it, and the
     * sentences the form shows outside any field.
     */
    const refusal = async (form: Locator) => {
      await form.locator('[aria-invalid="true"], .error').first().waitFor();
      await page.evaluate(() => new Promise((shown) => requestAnimationFrame(shown)));
      const focused = await page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement;
        const described = (field.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        const name =
          field instanceof HTMLFieldSetElement
            ? field.querySelector('legend')?.textContent
            : field.labels?.[0]?.querySelector('span')?.textContent;
        return { name, invalid: field.getAttribute('aria-invalid'), described };
      });
      return { focused, above: await form.locator('.error:not(.field-error)').allTextContents() };
    };

    const profile = page.getByRole('form', { name: ida.username });
    await profile.getByLabel('Display name').fill('   ');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(refusal(profile)).resolves.toEqual({
      focused: { name: 'Display name', invalid: 'true', described: expect.stringMatching(/\S/) },
      above: [],
    });

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password').fill(ida.password);
    // 40 letters under the field's 128, but 80 bytes: over the 72 the API takes.
    await password.getByLabel('New password').fill('ä'.repeat(40));
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(refusal(password)).resolves.toEqual({
      focused: { name: 'New password', invalid: 'true', described: expect.stringMatching(/\S/) },
      above: [],
    });

    await page.goto(`${h.origin}/household`);
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByLabel('Name', { exact: true }).fill('   ');
    await tokens.getByRole('button', { name: 'Create the token' }).click();
    await expect(refusal(tokens)).resolves.toEqual({
      focused: { name: 'Name', invalid: 'true', described: expect.stringMatching(/\S/) },
      above: [],
    });
    // No scope at all: told at the scopes, a group of checkboxes.
    await tokens.getByLabel('Name', { exact: true }).fill('kitchen script');
    await tokens.getByRole('checkbox', { name: 'recipes:read' }).uncheck();
    await tokens.getByRole('button', { name: 'Create the token' }).click();
    await tokens.getByLabel('Name', { exact: true }).and(page.locator(':not([aria-invalid])')).waitFor();
    await expect(refusal(tokens)).resolves.toEqual({
      focused: { name: 'Scopes', invalid: 'true', described: expect.stringMatching(/\S/) },
      above: [],
    });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('in German at 320 px, no screen is wider than the window', async () => {
    const owner = h.t.owner;
    const made = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', owner.cookie)
      .send(plainRecipeBody({ title: 'Schmale Suppe' }));
    expect(made.status).toBe(201);
    const slug = made.body.slug as string;
    const context = await h.context({ width: 320, height: 640, locale: 'de-DE' });
    const page = await context.newPage();
    /** How far the page is wider than the window once the screen at `path` shows `ready`. */
    const overflow = async (path: string, ready: string) => {
      await page.goto(`${h.origin}${path}`);
      await page.locator(ready).first().waitFor();
      return page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    };
    const widths: Record<string, number> = {};
    widths['/sign-in'] = await overflow('/sign-in', 'form button[type="submit"]');
    expect(
      (
        await request(h.t.app)
          .patch('/api/v1/auth/me/profile')
          .set('Cookie', owner.cookie)
          .send({ locale: 'de' })
      ).status,
    ).toBe(200);
    try {
      // Signed in as the owner (the sign-in screen speaks the browser's German).
      const [name, value] = owner.cookie.split(';')[0]!.split(/=(.*)/);
      await context.addCookies([{ name: name!, value: value!, url: h.origin }]);
      for (const [path, ready] of [
        ['/', '.recipe-card'],
        [`/recipes/${slug}`, 'main h1'],
        [`/recipes/${slug}/cook`, 'main h1'],
        [`/recipes/${slug}/edit`, '.sticky-save'],
        ['/new', '.sticky-save'],
        ['/import', 'main form'],
        ['/household', '#transfer-title'],
        ['/profile', '#password-title'],
      ] as const)
        widths[path] = await overflow(path, ready);
    } finally {
      await request(h.t.app)
        .patch('/api/v1/auth/me/profile')
        .set('Cookie', owner.cookie)
        .send({ locale: 'en' });
    }
    expect(widths).toEqual(Object.fromEntries(Object.keys(widths).map((path) => [path, 0])));
    await context.close();
  }, 60_000);

  it('the form for a new member starts afresh: after an admin, the next member added is no admin', async () => {
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, h.t.owner.username, h.t.owner.password, '/household');
    const form = page.getByRole('form', { name: 'A new member' });
    await form.getByLabel('Username').fill('fritz');
    await form.getByLabel('Role').selectOption('admin');
    await form.getByRole('button', { name: 'Add the member' }).click();
    await page.getByText('@fritz').waitFor();
    await expect(form.getByLabel('Role').inputValue()).resolves.toBe('user');
    await form.getByLabel('Username').fill('greta');
    await form.getByRole('button', { name: 'Add the member' }).click();
    await page.getByText('@greta').waitFor();
    const users = await request(h.t.app).get('/api/v1/users').set('Cookie', h.t.owner.cookie);
    const roleOf = (name: string) =>
      (users.body.items as { username: string; role: string }[]).find((u) => u.username === name)?.role;
    expect([roleOf('fritz'), roleOf('greta')]).toEqual(['admin', 'user']);
    await context.close();
  }, 60_000);

  it('the owner saves the household settings, and the app follows at once', async () => {
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, h.t.owner.username, h.t.owner.password);
    await page.goto(`${h.origin}/household`);
    const form = page.getByRole('form', { name: 'Settings' });
    // Each save waits for its own answer (the "Saved." of the one before is still on screen).
    const save = async () => {
      const answered = page.waitForResponse(
        (res) => res.url().endsWith('/api/v1/settings') && res.request().method() === 'PATCH',
      );
      await form.getByRole('button', { name: 'Save' }).click();
      expect((await answered).status()).toBe(200);
      await form.getByText('Saved.').waitFor();
    };
    await form.getByLabel('Members may share recipes by public link').check();
    await save();
    const settings = await request(h.t.app).get('/api/v1/settings').set('Cookie', h.t.owner.cookie);
    expect(settings.body.publicShares).toBe(true);
    await form.getByLabel('Members may share recipes by public link').uncheck();
    // The line at the foot of the public page, named as it reads there (see sharing.md).
    await form.getByLabel('Public pages end with “Shared with Larder”').uncheck();
    // Lifetimes are chosen among those the API takes, never typed.
    await form.getByLabel('Longest a public link may last').selectOption({ label: '30 days' });
    await form.getByLabel('How long a chat link shows them').selectOption({ label: '1 h' });
    await save();
    const after = await request(h.t.app).get('/api/v1/settings').set('Cookie', h.t.owner.cookie);
    expect(after.body).toMatchObject({
      publicShares: false,
      publicShareAttribution: false,
      publicShareMaxDays: 30,
      linkPreviewMinutes: 60,
    });
    // The default came down to the new maximum (it was "no end").
    expect(after.body.publicShareDefaultDays).toBe(30);
    await expect(
      form.getByLabel('How long a public link lasts by default').locator('option').allTextContents(),
    ).resolves.toEqual(['1 day', '7 days', '30 days']);
    await context.close();
  }, 60_000);

  it('a wrong current password is told at the form, and the member stays signed in', async () => {
    const hana = await h.t.member('user', 'hana');
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, hana.username, hana.password);
    await page.goto(`${h.origin}/profile`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password').fill('hana-password-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is wrong.').waitFor();
    await expect(page.getByRole('heading', { name: 'Profile' }).count()).resolves.toBe(1);
    await expect(page.getByText('You were signed out').count()).resolves.toBe(0);
    await context.close();
  }, 60_000);

  it('makes an API token that is shown once and works, then revokes it', async () => {
    const fred = await h.t.member('user', 'fred');
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, fred.username, fred.password);
    await page.goto(`${h.origin}/household`);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    // A member sees tokens only: no members, no settings; and only the scopes a member can use.
    await expect(page.getByRole('heading', { name: 'Members' }).count()).resolves.toBe(0);
    await expect(page.getByRole('checkbox', { name: 'users:write' }).count()).resolves.toBe(0);
    await page.getByRole('checkbox', { name: 'users:read' }).check();
    await page.getByLabel('Name', { exact: true }).fill('kitchen script');
    await page.getByRole('button', { name: 'Create the token' }).click();
    const shown = page.getByRole('textbox', { name: 'Your new token' });
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^lrd_/);
    const used = await request(h.t.app).get('/api/v1/recipes').set('Authorization', `Bearer ${token}`);
    expect(used.status).toBe(200);
    const people = await request(h.t.app).get('/api/v1/people').set('Authorization', `Bearer ${token}`);
    expect(people.status).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke kitchen script' }).click();
    await page.getByRole('button', { name: 'Revoke kitchen script' }).waitFor({ state: 'detached' });
    const refused = await request(h.t.app).get('/api/v1/recipes').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(401);
    await context.close();
  }, 60_000);

  it('exports the recipes an admin chose as a zip that imports again', async () => {
    const admin = await h.t.member('admin', 'gina');
    for (const title of ['Quince jelly', 'Rye bread']) {
      const res = await request(h.t.app)
        .post('/api/v1/recipes')
        .set('Cookie', admin.cookie)
        .send(
          plainRecipeBody({
            title,
            ingredientGroups: [
              { name: null, ingredients: [{ quantity: 1, unit: null, name: 'something', note: null }] },
            ],
            steps: [{ text: 'Make it.' }],
          }),
        );
      expect(res.status).toBe(201);
    }
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, admin.username, admin.password, '/household');
    await page.getByRole('heading', { name: 'Export and import' }).waitFor();
    const choose = page.getByRole('group', { name: 'Or choose recipes' });
    await choose.getByRole('searchbox', { name: 'Search recipes' }).fill('quince');
    await choose.getByRole('checkbox', { name: 'Quince jelly' }).check();
    const downloading = page.waitForEvent('download');
    await choose.getByRole('button', { name: 'Export the chosen (1)' }).click();
    const download = await downloading;
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const imported = await request(h.t.app)
      .post('/api/v1/import')
      .set('Cookie', h.t.owner.cookie)
      .set('Content-Type', 'application/zip')
      .send(zip);
    expect(imported.status).toBe(201);
    expect(imported.body.created.map((c: { title: string }) => c.title)).toEqual(['Quince jelly']);
    await context.close();
  }, 60_000);

  it('every recipe can be chosen for an export, past the first page of the list', async () => {
    // 120 recipes, brought in by one archive: more than the 50 the list shows at first.
    const titles = Array.from({ length: 120 }, (_, i) => `Picker ${String(i + 1).padStart(3, '0')}`);
    const brought = await importTitles(titles);
    expect(brought.status).toBe(201);
    const idOf = new Map(
      (brought.body.created as { id: string; title: string }[]).map((c) => [c.title, c.id] as const),
    );

    const context = await h.context({ width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, h.origin, h.t.owner.username, h.t.owner.password, '/household');
    const choose = page.getByRole('group', { name: 'Or choose recipes' });
    await choose.getByRole('searchbox', { name: 'Search recipes' }).fill('picker');
    await choose.getByRole('checkbox', { name: 'Picker 001' }).waitFor();
    await expect(choose.getByRole('checkbox').count()).resolves.toBe(50);
    await choose.getByRole('button', { name: 'Show more (50 of 120)' }).click();
    // The list goes on where it ended: its next recipe takes the focus.
    await page.waitForFunction(() => document.activeElement?.closest('label')?.textContent === 'Picker 051');
    await choose.getByRole('button', { name: 'Show more (100 of 120)' }).click();
    await choose.getByRole('checkbox', { name: 'Picker 120' }).check();
    await expect(choose.getByRole('checkbox').count()).resolves.toBe(120);
    await expect(choose.getByRole('button', { name: /^Show more/ }).count()).resolves.toBe(0);
    await choose.getByRole('checkbox', { name: 'Picker 001' }).check();

    const asked = page.waitForRequest((r) => r.url().endsWith('/api/v1/export'));
    const downloading = page.waitForEvent('download');
    await choose.getByRole('button', { name: 'Export the chosen (2)' }).click();
    expect(((await asked).postDataJSON() as { recipeIds: string[] }).recipeIds.sort()).toEqual(
      [idOf.get('Picker 120'), idOf.get('Picker 001')].sort(),
    );
    await downloading;
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('a German admin who imports a file that is no zip is told so in German, without the API’s location', async () => {
    const admin = await h.t.member('admin', 'hedwig');
    const german = await request(h.t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', admin.cookie)
      .send({ locale: 'de' });
    expect(german.status).toBe(200);
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, admin.username, admin.password, '/household');
    await page.locator('section[aria-labelledby=transfer-title] input[type=file]').setInputFiles({
      name: 'rezepte.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('no zip at all'),
    });
    await page.getByText('Die Datei ist kein Zip-Archiv (oder wurde abgeschnitten).').waitFor();
    await expect(page.getByText('body.file').count()).resolves.toBe(0);
    await context.close();
  }, 60_000);

  it('exports more than 500 recipes as zips of 500 that belong together', async () => {
    // 501 recipes more, brought in by one archive.
    const brought = await importTitles(Array.from({ length: 501 }, (_, i) => `Pot ${i + 1}`));
    expect(brought.status).toBe(201);
    const listed = await request(h.t.app).get('/api/v1/recipes?limit=1').set('Cookie', h.t.owner.cookie);
    const total = listed.body.total as number;
    expect(total).toBeGreaterThan(500);
    expect(total).toBeLessThanOrEqual(1000);

    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, h.t.owner.username, h.t.owner.password, '/household');
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.getByRole('button', { name: 'Export every recipe' }).click();
    const day = new Date().toISOString().slice(0, 10);
    await page
      .getByText(
        `${total} recipes exported in 2 zips that belong together, larder-${day}-1-of-2.zip to larder-${day}-2-of-2.zip`,
      )
      .waitFor({ timeout: 60_000 });
    expect(downloads.map((download) => download.suggestedFilename())).toEqual([
      `larder-${day}-1-of-2.zip`,
      `larder-${day}-2-of-2.zip`,
    ]);
    // The second holds what the first could not.
    const chunks: Buffer[] = [];
    for await (const chunk of (await downloads[1]!.createReadStream())!) chunks.push(chunk as Buffer);
    const imported = await request(h.t.app)
      .post('/api/v1/import')
      .set('Cookie', h.t.owner.cookie)
      .set('Content-Type', 'application/zip')
      .send(Buffer.concat(chunks));
    expect(imported.status).toBe(201);
    expect(imported.body.created).toHaveLength(total - 500);
    await context.close();
  }, 120_000);

  it('in German, a paused public link says so in German in the household’s list', async () => {
    const owner = h.t.owner.cookie;
    const sharer = await h.t.member('user', 'jakob');
    const admin = await h.t.member('admin', 'ilse');
    for (const [path, body, cookie] of [
      ['/api/v1/settings', { publicShares: true }, owner],
      [`/api/v1/users/${sharer.id}`, { canSharePublicly: true }, owner],
      ['/api/v1/auth/me/profile', { locale: 'de' }, admin.cookie],
    ] as const) {
      const res = await request(h.t.app).patch(path).set('Cookie', cookie).send(body);
      expect(res.status).toBe(200);
    }
    const recipe = await request(h.t.app)
      .post('/api/v1/recipes')
      .set('Cookie', sharer.cookie)
      .send(plainRecipeBody({ title: 'Jakobs Brot' }));
    const share = await request(h.t.app)
      .post(`/api/v1/recipes/${recipe.body.id}/public-share`)
      .set('Cookie', sharer.cookie)
      .send({ days: 7 });
    expect(share.status).toBe(201);
    // Jakob may no longer share: his link pauses.
    const paused = await request(h.t.app)
      .patch(`/api/v1/users/${sharer.id}`)
      .set('Cookie', owner)
      .send({ canSharePublicly: false });
    expect(paused.status).toBe(200);
    const context = await h.context({ width: 1024, height: 900 });
    const page = await context.newPage();
    await signIn(page, h.origin, admin.username, admin.password, '/household');
    // The transfer list names the recipe too: look in the public links only.
    const item = page
      .getByRole('region', { name: 'Aktive öffentliche Links' })
      .getByRole('listitem')
      .filter({ hasText: 'Jakobs Brot' });
    await item.getByText('pausiert: Teilen ist für den Haushalt oder die Person aus').waitFor();
    await expect(item.textContent()).resolves.not.toContain('paused');
    await context.close();
  }, 60_000);
});

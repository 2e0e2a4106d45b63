/**
 * The web app when something goes wrong: a moment offline, a session that ends while a member
 * types, a tablet the household shares, an action on something already gone, a double click.
 */
import type { Member } from '@larder/http-express/test-support/test-app.js';
import { plainRecipeBody } from '@larder/http-express/test-support/recipe-body.js';
import request from 'supertest';
import { type WebHarness, signIn, startWebHarness } from './browser-support.js';

describe('the web app when something goes wrong', () => {
  let h: WebHarness;
  let ann: Member;

  beforeAll(async () => {
    h = await startWebHarness();
    ann = await h.t.member('user', 'ann');
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
});

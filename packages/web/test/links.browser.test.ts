/**
 * Links from mails and admins open in the web app: a setup link lets the new member choose a
 * password and signs them in; a confirmation link asks for a click. Both screens pass axe-core.
 */
import request from 'supertest';
import { type WebHarness, seriousViolations, signIn, startWebHarness } from './browser-support.js';

describe('links that open in the web app', () => {
  let h: WebHarness;

  beforeAll(async () => {
    h = await startWebHarness();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a setup link: the new member chooses a password in the app and is signed in', async () => {
    const created = await request(h.t.app)
      .post('/api/v1/users')
      .set('Cookie', h.t.owner.cookie)
      .send({ username: 'carla', displayName: 'Carla', role: 'user' });
    expect(created.status).toBe(201);
    const context = await h.context();
    const page = await context.newPage();
    await page.goto(`${h.origin}${created.body.setupLink.path}`);
    await page.getByRole('heading', { name: 'Welcome, Carla' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('New password').fill('carla-password-1');
    await page.getByLabel('Repeat the password').fill('carla-password-2');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The two passwords differ.' }).waitFor();
    await page.getByLabel('Repeat the password').fill('carla-password-1');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.locator('header.top nav').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await h.t.login('carla', 'carla-password-1');

    // Used once: the same link now says so.
    await page.goto(`${h.origin}${created.body.setupLink.path}`);
    await page.getByRole('heading', { level: 1, name: 'This link is unknown, used or expired.' }).waitFor();
    // Damaged on its way, too; and the way on is signing in.
    await context.clearCookies();
    await page.goto(`${h.origin}${created.body.setupLink.path}).`);
    await page.getByRole('heading', { level: 1, name: 'This link is unknown, used or expired.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await context.close();
  }, 60_000);

  it('a confirmation link asks for a click, and tells when it is no good', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await page.goto(`${h.origin}/confirm-email/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Confirm your mail address' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm the address' }).click();
    await page.getByText('This link is unknown, used or expired.').waitFor();
    await context.close();
  }, 60_000);

  it("a recipe's old address, from before its title changed, opens it and shows its address now", async () => {
    const dan = await h.t.member('user', 'dan');
    const recipe = {
      title: 'Plum crumble',
      description: '',
      servings: 4,
      prepMinutes: null,
      cookMinutes: null,
      sourceUrl: null,
      tags: [],
      ingredientGroups: [
        { name: null, ingredients: [{ quantity: 6, unit: null, name: 'plums', note: null }] },
      ],
      steps: [{ text: 'Bake.' }],
    };
    const created = await request(h.t.app).post('/api/v1/recipes').set('Cookie', dan.cookie).send(recipe);
    expect(created.status).toBe(201);
    const renamed = await request(h.t.app)
      .put(`/api/v1/recipes/${created.body.id}`)
      .set('Cookie', dan.cookie)
      .send({ ...recipe, title: 'Damson crumble' });
    expect(renamed.body.slug).toBe('damson-crumble');
    const context = await h.context();
    const page = await context.newPage();
    await signIn(page, h.origin, dan.username, dan.password, '/recipes/plum-crumble');
    await page.getByRole('heading', { name: 'Damson crumble', level: 1 }).waitFor();
    await page.waitForURL(`${h.origin}/recipes/damson-crumble`);
    await context.close();
  }, 60_000);
});

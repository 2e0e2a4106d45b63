/**
 * Finishing an invitation through the household's identity provider, in Chromium: a real
 * OpenID Connect provider (oidc-provider, started here) whose scripted login stands in for its
 * login page. The browser goes from the setup link to the provider and back; a sign-on that did
 * not work returns to the setup link, still open, saying why; one that did lands on the recipes.
 */
import {
  type TestIdentityProvider,
  startTestIdentityProvider,
} from '@larder/adapters-oidc/test-support/oidc-provider.js';
import request from 'supertest';
import { type WebHarness, startWebHarness } from './browser-support.js';

describe('the web app: a setup link finished through the identity provider', () => {
  let idp: TestIdentityProvider;
  let h: WebHarness;

  beforeAll(async () => {
    idp = await startTestIdentityProvider();
    h = await startWebHarness({
      SERVICE_OIDC_ISSUER: idp.issuer,
      SERVICE_OIDC_CLIENT_ID: idp.clientId,
      SERVICE_OIDC_CLIENT_SECRET: idp.clientSecret,
      SERVICE_OIDC_NAME: 'Family ID',
    });
    idp.setRedirectUris([`${h.origin}/api/v1/auth/oidc/callback`]);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await idp?.stop();
  });

  /** An invited member's setup link, as the admin hands it over. */
  async function invite(username: string): Promise<string> {
    const created = await request(h.t.app)
      .post('/api/v1/users')
      .set('Cookie', h.t.owner.cookie)
      .send({ username, role: 'user' });
    expect(created.status).toBe(201);
    return String(created.body.setupLink.path);
  }

  it('a sign-on that worked lands on the recipes, signed in, the link spent', async () => {
    const link = await invite('hanno');
    idp.signInAs({ subject: 'sub-hanno', name: 'Hanno' });
    const context = await h.context({ width: 1000, height: 800 });
    const page = await context.newPage();
    await page.goto(`${h.origin}${link}`);
    await page.getByRole('button', { name: 'Sign in with Family ID' }).click();

    await page.getByRole('searchbox', { name: 'Search recipes' }).waitFor();
    await page.waitForURL(`${h.origin}/`);
    const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).json());
    expect(me).toMatchObject({ username: 'hanno', hasPassword: false });
    const inspect = await request(h.t.app)
      .post('/api/v1/auth/setup/inspect')
      .send({ token: link.replace('/setup/', '') });
    expect(inspect.status).toBe(404);
    await context.close();
  }, 60_000);

  it('an identity connected to another account returns to the setup link, which says so and still takes a password', async () => {
    const link = await invite('gerda');
    idp.signInAs({ subject: 'sub-hanno', name: 'Hanno' });
    const context = await h.context({ width: 1000, height: 800 });
    const page = await context.newPage();
    await page.goto(`${h.origin}${link}`);
    await page.getByRole('heading', { name: 'Welcome, gerda' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Family ID' }).click();

    await page
      .getByRole('alert')
      .filter({ hasText: 'That identity is already connected to another account.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(link);
    await page.getByLabel('New password').fill('a good long password');
    await page.getByLabel('Repeat the password').fill('a good long password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('searchbox', { name: 'Search recipes' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).json());
    expect(me).toMatchObject({ username: 'gerda', hasPassword: true });
    await context.close();
  }, 60_000);

  it('an answer from the provider that does not check out returns to the setup link, which says sign-on did not work', async () => {
    const link = await invite('ilse');
    const context = await h.context({ width: 1000, height: 800 });
    const page = await context.newPage();
    await page.goto(`${h.origin}${link}`);
    await page.getByRole('heading', { name: 'Welcome, ilse' }).waitFor();
    // The ID token comes back signed with a key that is not the provider's.
    idp.forgeIdTokens(true);
    try {
      await page.getByRole('button', { name: 'Sign in with Family ID' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Signing in through the identity provider did not work.' })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(link);
      await page.getByLabel('New password').waitFor();
    } finally {
      idp.forgeIdTokens(false);
    }
    await context.close();
  }, 60_000);
});

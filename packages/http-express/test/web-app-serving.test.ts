/**
 * How the service hands out the household's web app (a built packages/web, here a stand-in of the
 * same shape): its files, its page for every screen's address under a CSP without inline script,
 * the mailed links and the chat link opening in the app, and the service's own answers untouched.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { createRecipe, setSettings, uploadPhoto } from './share-helpers.js';

const SHELL = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Larder</title>
<script type="module" src="/assets/index-abc123.js"></script></head>
<body><div id="app"></div><noscript><p>Larder's app needs JavaScript.</p></noscript></body></html>`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'larder-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("the app");\n'.repeat(200));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ SERVICE_WEB_DIR: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app at /', () => {
  it.each(['/', '/recipes', '/recipes/lasagne/cook', '/profile', '/sign-in'])(
    'answers %s with the app under a strict policy',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="app"></div>');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toMatch(/https?:/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('hands out its files, the hashed ones cached for a year', async () => {
    const js = await request(t.app).get('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(Number(js.headers['content-length'])).toBeLessThan(500);
    expect(js.text).toBe('console.log("the app");\n'.repeat(200));
    const plain = await request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js.text);
    const again = await request(t.app)
      .get('/assets/index-abc123.js')
      .set('If-None-Match', String(js.headers['etag']));
    expect(again.status).toBe(304);
    const icon = await request(t.app).get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await request(t.app).get('/assets/nothing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/problem\+json/);
  });

  it('shows its own "nothing here" for unknown page addresses, and never answers for the API', async () => {
    const page = await request(t.app).get('/no/such/screen').set('Accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<div id="app"></div>');
    const json = await request(t.app).get('/no/such/screen').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.headers['content-type']).toMatch(/problem\+json/);
    for (const path of [
      '/api/v1/nothing',
      '/api/v1/recipes',
      '/images/a/b/thumb.jpg',
      '/metrics',
      '/s/unknown-token',
    ]) {
      const res = await request(t.app).get(path).set('Accept', 'text/html');
      expect(res.text).not.toContain('<div id="app"></div>');
    }
    const post = await request(t.app).post('/profile').set('Accept', 'text/html');
    expect(post.status).toBe(404);
    expect(post.text).not.toContain('<div id="app"></div>');
  });

  it('opens setup and confirmation links in the app; ?plain keeps the script-free pages working', async () => {
    const created = await request(t.app)
      .post('/api/v1/users')
      .set('Cookie', t.owner.cookie)
      .send({ username: 'newcook', role: 'user' });
    expect(created.status).toBe(201);
    const path = created.body.setupLink.path as string;
    const app = await request(t.app).get(path);
    expect(app.status).toBe(200);
    expect(app.text).toContain('<div id="app"></div>');
    expect(app.text).toContain('<a href="?plain=1">');
    expect(app.headers['referrer-policy']).toBe('same-origin');

    const plain = await request(t.app).get(`${path}?plain=1`);
    expect(plain.status).toBe(200);
    expect(plain.text).toContain('<form method="post">');
    expect(plain.text).not.toContain('<div id="app"></div>');
    // A flag: ?plain with no value is as plain (a blank parameter elsewhere counts as not sent).
    const bare = await request(t.app).get(`${path}?plain`);
    expect(bare.text).toContain('<form method="post">');
    // The plain form posts back to the address it was opened at, ?plain included.
    const done = await request(t.app)
      .post(`${path}?plain=1`)
      .type('form')
      .send({ password: 'a-fine-password', repeat: 'a-fine-password' });
    expect(done.status).toBe(200);
    await t.login('newcook', 'a-fine-password');
  });

  it('opens a damaged setup or confirmation link in the app, which says it is no good; ?plain says so too', async () => {
    const created = await request(t.app)
      .post('/api/v1/users')
      .set('Cookie', t.owner.cookie)
      .send({ username: 'chatcook', role: 'user' });
    expect(created.status).toBe(201);
    const path = created.body.setupLink.path as string;
    const token = path.split('/').pop()!;
    const damaged = [
      `${path}.`,
      `${path})`,
      path.slice(0, -10),
      '/setup/bogus',
      `/setup/${'A'.repeat(300)}`,
      `/confirm-email/${token}.`,
      '/confirm-email/bogus',
    ];
    for (const address of damaged) {
      const app = await request(t.app).get(address).set('Accept', 'text/html');
      expect([address, app.status, app.headers['content-type']]).toEqual([
        address,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(app.text).toContain('<div id="app"></div>');
      const plain = await request(t.app).get(`${address}?plain=1`);
      expect([address, plain.status]).toEqual([address, 404]);
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
      expect(plain.text).toContain('This link is not available');
    }
    const submitted = await request(t.app)
      .post(`${path}.`)
      .type('form')
      .send({ password: 'a-fine-password' });
    expect(submitted.status).toBe(404);
    expect(submitted.text).toContain('This link is not available');
    const confirmed = await request(t.app).post('/confirm-email/bogus').type('form').send({});
    expect(confirmed.status).toBe(404);
    expect(confirmed.text).toContain('This link is not available');
    // The damaged link took nothing from the real one.
    expect((await request(t.app).get(`${path}?plain=1`)).status).toBe(200);
  });

  it('answers a page address that is no valid percent-encoding with the app and 404, the API with its problem', async () => {
    const page = await request(t.app).get('/recipes/%E0%A4%A').set('Accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<div id="app"></div>');
    const cook = await request(t.app).get('/recipes/%E0%A4%A/cook').set('Accept', 'text/html');
    expect(cook.status).toBe(404);
    expect(cook.text).toContain('<div id="app"></div>');
    const json = await request(t.app).get('/recipes/%E0%A4%A').set('Accept', 'application/json');
    expect(json.status).toBe(400);
    expect(json.headers['content-type']).toMatch(/problem\+json/);
    const api = await request(t.app)
      .get('/api/v1/recipes/by-slug/%E0%A4%A')
      .set('Cookie', t.owner.cookie)
      .set('Accept', 'text/html');
    expect(api.status).toBe(400);
    expect(api.text).not.toContain('<div id="app"></div>');
  });

  it('opens the chat link in the app, with the preview tags the crawler needs', async () => {
    const ann = await t.member('user');
    await setSettings(t, { linkPreviews: true, linkPreviewMinutes: 15 });
    const recipe = await createRecipe(t, ann, { title: 'Plum <cake>', description: 'Late summer & plums.' });
    await uploadPhoto(t, ann, recipe.id, await jpegOf(640, 480));
    const link = await request(t.app)
      .post(`/api/v1/recipes/${recipe.id}/share-link`)
      .set('Cookie', ann.cookie);
    expect(link.status).toBe(200);
    const page = await request(t.app).get(link.body.path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="app"></div>');
    expect(page.text).toContain('<title>Plum &lt;cake&gt; · Larder</title>');
    expect(page.text).toContain('<meta property="og:title" content="Plum &lt;cake&gt;">');
    expect(page.text).toContain('<meta property="og:description" content="Late summer &amp; plums.">');
    expect(page.text).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/link-preview\//);
    // Without a token: the generic card only, still the app for a member.
    const bare = await request(t.app).get(`/recipes/${recipe.slug}`);
    expect(bare.text).toContain('<meta property="og:title" content="Larder">');
    expect(bare.text).not.toContain('Plum');
  });

  it('keeps the chat link out of search engines and shared caches, and every title exactly as written', async () => {
    const ann = await t.member('user');
    await setSettings(t, { linkPreviews: true, linkPreviewMinutes: 15 });
    for (const title of ["Costs $$5, $& more, steak for $'s", 'Pie $` head & $<x>']) {
      const recipe = await createRecipe(t, ann, { title, description: `About ${title}` });
      const link = await request(t.app)
        .post(`/api/v1/recipes/${recipe.id}/share-link`)
        .set('Cookie', ann.cookie);
      const page = await request(t.app).get(link.body.path);
      expect(page.status).toBe(200);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      const escaped = title
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/'/g, '&#39;');
      expect(page.text).toContain(`<title>${escaped} · Larder</title>`);
      expect(page.text).toContain(`<meta property="og:title" content="${escaped}">`);
      expect(page.text.match(/<\/head>/g)).toHaveLength(1);
      expect(page.text.match(/<script /g)).toHaveLength(1);
    }
    // An address no recipe has, however long, is the generic card in the app, never a problem.
    const long = await request(t.app).get(`/recipes/${'x'.repeat(300)}?share=abc.def`);
    expect(long.status).toBe(200);
    expect(long.text).toContain('<meta property="og:title" content="Larder">');
  });
});

describe('without a built web app', () => {
  // A directory named that is not there stops the start (config.test.ts): off is the way to none.
  it('answers / as before: nothing there', async () => {
    const bare = await startTestApp({ SERVICE_WEB_DIR: 'off' });
    try {
      const res = await request(bare.app).get('/');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    } finally {
      await bare.close();
    }
  });
});

import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function invite(username: string, displayName: string): Promise<string> {
  const res = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username, role: 'user', displayName });
  expect(res.status).toBe(201);
  return res.body.setupLink.path as string;
}

test('a setup link opens a script-free form that escapes the invited name', async () => {
  const path = await invite('cook1', '<script>alert(1)</script>');
  const res = await request(t.app).get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['content-security-policy']).not.toContain('script-src');
  expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(res.text).not.toContain('<script>');
  expect(res.text).toContain('<form method="post">');
});

test('the form refuses a short password, then sets the password and signs in once', async () => {
  const path = await invite('cook2', 'Cook Two');
  const short = await request(t.app).post(path).type('form').send({ password: 'short' });
  expect(short.status).toBe(422);
  expect(short.text).toContain('at least 8 characters');

  const done = await request(t.app).post(path).type('form').send({ password: 'a-good-password' });
  expect(done.status).toBe(200);
  const cookie = ([] as string[]).concat(done.headers['set-cookie'] ?? [])[0] ?? '';
  expect(cookie).toMatch(/^service_session=/);
  const me = await request(t.app)
    .get('/api/v1/auth/me')
    .set('Cookie', cookie.split(';')[0] ?? '');
  expect(me.body.username).toBe('cook2');

  const again = await request(t.app).get(path);
  expect(again.status).toBe(404);
  expect(again.text).toContain('not available');
  const resubmit = await request(t.app).post(path).type('form').send({ password: 'another-password' });
  expect(resubmit.status).toBe(404);
});

test('an unknown or malformed token shows the dead-link page', async () => {
  expect((await request(t.app).get('/setup/' + 'x'.repeat(43))).status).toBe(404);
  // Malformed (a "." pasted from a chat, a cut-off end, what is no token at all): dead too, not a 422.
  for (const token of ['%3Cbad%3E', `${'x'.repeat(43)}.`, 'x']) {
    const page = await request(t.app).get(`/setup/${token}`);
    expect([token, page.status]).toEqual([token, 404]);
    expect(page.text).toContain('not available');
  }
});

test("the form refuses another site's post (a member signed into an account somebody else holds the link of)", async () => {
  const path = await invite('cook3', 'Cook Three');
  // The page sends its own origin with its form: its referrer policy keeps the Origin for Larder.
  const form = await request(t.app).get(path);
  expect(form.headers['referrer-policy']).toBe('same-origin');
  expect(form.text).toContain('<meta name="referrer" content="same-origin">');
  for (const origin of ['https://evil.example', 'null']) {
    const forged = await request(t.app)
      .post(path)
      .set('Origin', origin)
      .type('form')
      .send({ password: 'chosen-by-someone' });
    expect([origin, forged.status]).toEqual([origin, 403]);
    expect(forged.headers['set-cookie']).toBeUndefined();
  }
  // Nothing was set: the link still works, from the page itself.
  const done = await request(t.app)
    .post(path)
    .set('Host', 'larder.test')
    .set('Origin', 'http://larder.test')
    .type('form')
    .send({ password: 'a-good-password' });
  expect(done.status).toBe(200);
});

/** Invitations: a setup link mailed while the admin waits, the answer telling the truth. */
import request from 'supertest';
import { type MailApp, PUBLIC_URL, linkIn, startMailApp } from './mail-helpers.js';

let t: MailApp;
beforeAll(async () => {
  t = await startMailApp();
  // A display name a mail must show as text, never as markup.
  await request(t.app)
    .patch('/api/v1/auth/me/profile')
    .set('Cookie', t.owner.cookie)
    .send({ displayName: '<b>Oma</b> & "Opa"' });
});
afterAll(() => t.close());

const invite = (body: Record<string, unknown>) =>
  request(t.app).post('/api/v1/users').set('Cookie', t.owner.cookie).send(body);

it('mails the setup link of an account made without a password; redeeming it confirms the address', async () => {
  const res = await invite({ username: 'ida', role: 'user', email: 'ida@example.org', locale: 'de' });
  expect(res.status).toBe(201);
  expect(res.body.setupLink).toEqual({
    path: expect.stringMatching(/^\/setup\//),
    expiresAt: expect.any(String),
    mailedTo: 'ida@example.org',
  });
  expect(res.body).toMatchObject({ email: 'ida@example.org', emailVerified: false });

  const mail = await t.sink.waitFor('ida@example.org');
  // In her language, naming Larder, the household's address, who invited her and the link.
  expect(mail.from.name).toBe('Larder');
  expect(mail.text).toContain(PUBLIC_URL);
  expect(mail.text).toContain('ida');
  expect(mail.html).toContain('&lt;b&gt;Oma&lt;/b&gt; &amp; &quot;Opa&quot;');
  expect(mail.html).not.toContain('<b>Oma</b>');
  expect(mail.text).toMatch(/7 Tage|eine Woche/);
  const link = linkIn(mail);
  expect(link.path).toBe(res.body.setupLink.path);

  const redeemed = await request(t.app)
    .post('/api/v1/auth/setup/password')
    .send({ token: link.token, password: 'idas-password' });
  expect(redeemed.status).toBe(200);
  expect(redeemed.body).toMatchObject({
    email: 'ida@example.org',
    emailVerified: true,
    emailConfirmationPending: false,
  });
});

it('says send_failed when the server is down, and the link works by hand all the same', async () => {
  await t.sink.stop();
  try {
    const res = await invite({ username: 'jan', role: 'user', email: 'jan@example.org' });
    expect(res.status).toBe(201);
    expect(res.body.setupLink).toMatchObject({ mailedTo: 'jan@example.org', mailError: 'send_failed' });
    const token = String(res.body.setupLink.path).replace('/setup/', '');
    const redeemed = await request(t.app)
      .post('/api/v1/auth/setup/password')
      .send({ token, password: 'jans-password' });
    expect(redeemed.status).toBe(200);
    // Not mailed, so not confirmed by the redemption.
    expect(redeemed.body.emailVerified).toBe(false);
  } finally {
    await t.sink.start();
  }
});

it('says send_failed when the server refuses the address', async () => {
  t.sink.refuse('kim@example.org', 'mailbox unavailable');
  const res = await invite({ username: 'kim', role: 'user', email: 'kim@example.org' });
  expect(res.body.setupLink).toMatchObject({ mailedTo: 'kim@example.org', mailError: 'send_failed' });
});

it('issues a fresh link on request: mailed, to a new address first, or not at all', async () => {
  const created = await invite({ username: 'lea', role: 'user' });
  expect(created.body.setupLink.mailedTo).toBeUndefined();
  const id = created.body.id;
  const fresh = (body?: Record<string, unknown>) =>
    request(t.app).post(`/api/v1/users/${id}/setup-link`).set('Cookie', t.owner.cookie).send(body);

  // No address: nothing to mail.
  expect((await fresh()).body.mailedTo).toBeUndefined();
  // A new address: set first (unconfirmed), then the link goes there.
  const mailed = await fresh({ email: 'lea@example.org' });
  expect(mailed.status).toBe(201);
  expect(mailed.body).toMatchObject({ mailedTo: 'lea@example.org' });
  const mail = await t.sink.waitFor('lea@example.org');
  expect(linkIn(mail).path).toBe(mailed.body.path);
  // mail: false skips sending.
  t.sink.clear();
  const quiet = await fresh({ mail: false });
  expect(quiet.body.mailedTo).toBeUndefined();
  // An address that could inject a header is refused where it comes in.
  const hostile = await fresh({ email: 'lea@example.org\r\nBcc: x@example.org' });
  expect(hostile.status).toBe(422);
  expect(hostile.body.errors).toEqual([{ location: 'body.email', message: 'must be an email address' }]);
  await t.settled();
  expect(t.sink.mailsTo('lea@example.org')).toEqual([]);
});

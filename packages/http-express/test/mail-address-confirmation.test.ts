/** Address confirmation: an address set in a profile or by an admin is confirmed by its mailed link. */
import request from 'supertest';
import { type MailApp, linkIn, startMailApp } from './mail-helpers.js';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
let t: MailApp;
beforeAll(async () => {
  t = await startMailApp();
});
afterAll(() => t.close());

const me = (cookie: string) => request(t.app).get('/api/v1/auth/me').set('Cookie', cookie);
const setAddress = (cookie: string, email: string) =>
  request(t.app).patch('/api/v1/auth/me/profile').set('Cookie', cookie).send({ email });
const resend = (cookie: string) =>
  request(t.app).post('/api/v1/auth/me/email/confirmation').set('Cookie', cookie);
const confirmationTo = (address: string) =>
  t.sink.waitFor((m) => m.to.includes(address) && m.text.includes('/confirm-email/'));

it('mails a link for an address set in the profile; the page confirms it without signing in', async () => {
  const m = await t.member('user', 'wendy');
  const set = await setAddress(m.cookie, 'wendy@example.org');
  expect(set.body).toMatchObject({
    email: 'wendy@example.org',
    emailVerified: false,
    emailConfirmationPending: true,
  });
  const link = linkIn(await confirmationTo('wendy@example.org'));

  // Opening the link shows a button (a mail scanner following it confirms nothing).
  const page = await request(t.app).get(link.path);
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  expect(page.text).toContain('wendy@example.org');
  expect((await me(m.cookie)).body.emailVerified).toBe(false);

  const confirmed = await request(t.app).post(link.path);
  expect(confirmed.status).toBe(200);
  expect(confirmed.text).toContain('Address confirmed');
  expect(confirmed.headers['set-cookie']).toBeUndefined();
  expect((await me(m.cookie)).body).toMatchObject({ emailVerified: true, emailConfirmationPending: false });
  // Once only.
  expect((await request(t.app).post('/api/v1/auth/email/confirm').send({ token: link.token })).status).toBe(
    404,
  );
});

it('confirms through the API too, answering the address, never signing in', async () => {
  const m = await t.member('user', 'xena');
  await setAddress(m.cookie, 'xena@example.org');
  const { token } = linkIn(await confirmationTo('xena@example.org'));
  const res = await request(t.app).post('/api/v1/auth/email/confirm').send({ token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ address: 'xena@example.org' });
  expect(res.headers['set-cookie']).toBeUndefined();
});

it('confirms only while the address is still the account’s, and for 7 days', async () => {
  const m = await t.member('user', 'yuri');
  await setAddress(m.cookie, 'yuri@example.org');
  const first = linkIn(await confirmationTo('yuri@example.org'));
  t.clock.advance(61 * 1000);
  await setAddress(m.cookie, 'yuri@elsewhere.example');
  const second = linkIn(await confirmationTo('yuri@elsewhere.example'));
  expect((await request(t.app).post('/api/v1/auth/email/confirm').send({ token: first.token })).status).toBe(
    404,
  );
  expect((await me(m.cookie)).body.emailConfirmationPending).toBe(true);
  t.clock.advance(7 * DAY + 1000);
  expect((await request(t.app).post('/api/v1/auth/email/confirm').send({ token: second.token })).status).toBe(
    404,
  );
  // The link lapsed: unconfirmed, and no longer pending (a new mail can be asked for).
  expect((await me(m.cookie)).body).toMatchObject({ emailVerified: false, emailConfirmationPending: false });
});

it('mails a confirmation for an address an admin set, to that member', async () => {
  const m = await t.member('user', 'zoe');
  const res = await request(t.app)
    .patch(`/api/v1/users/${m.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ email: 'zoe@example.org' });
  expect(res.body).toMatchObject({ email: 'zoe@example.org', emailVerified: false });
  const { token } = linkIn(await confirmationTo('zoe@example.org'));
  expect((await request(t.app).post('/api/v1/auth/email/confirm').send({ token })).status).toBe(200);
});

it('refuses an address SMTP cannot carry, at its field: more than 64 characters before the @', async () => {
  const m = await t.member('user', 'yusuf');
  const longest = `${'y'.repeat(64)}@example.org`;
  const tooLong = `${'y'.repeat(65)}@example.org`;
  const refused = await setAddress(m.cookie, tooLong);
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual([
    { location: 'body.email', message: 'must have at most 64 characters before the @' },
  ]);
  // Counted as SMTP counts, in bytes: 33 two-byte letters are 66.
  expect((await setAddress(m.cookie, `${'ü'.repeat(33)}@example.org`)).status).toBe(422);
  const byAdmin = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username: 'yara', role: 'user', email: tooLong });
  expect(byAdmin.status).toBe(422);
  expect((await setAddress(m.cookie, longest)).status).toBe(200);
  await confirmationTo(longest);
});

describe('sending it again', () => {
  it('goes at most once a minute: 429 with Retry-After, the minute counted from before the send', async () => {
    const m = await t.member('user', 'abe');
    await setAddress(m.cookie, 'abe@example.org');
    await confirmationTo('abe@example.org');
    // The profile change just sent one.
    const soon = await resend(m.cookie);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);

    t.clock.advance(61 * 1000);
    t.sink.clear();
    expect((await resend(m.cookie)).status).toBe(204);
    await confirmationTo('abe@example.org');

    // A send the server refuses is a 502 carrying its reply, and the minute still counts.
    t.clock.advance(61 * 1000);
    t.sink.refuse('abe@example.org', 'over quota');
    const refused = await resend(m.cookie);
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toContain('over quota');
    expect(refused.body.$schema).toMatch(/\/ErrorModel\.json$/);
    expect((await resend(m.cookie)).status).toBe(429);
  });

  it('answers 409 without an address, once it is confirmed, and while mail is off', async () => {
    const none = await t.member('user', 'bea');
    expect((await resend(none.cookie)).body.type).toBe('urn:larder:problem:accounts.no_address');
    const done = await t.member('user', 'cal');
    await setAddress(done.cookie, 'cal@example.org');
    const { token } = linkIn(await confirmationTo('cal@example.org'));
    await request(t.app).post('/api/v1/auth/email/confirm').send({ token });
    expect((await resend(done.cookie)).status).toBe(409);

    const quiet: TestApp = await startTestApp();
    try {
      const member = await quiet.member('user', 'dan');
      const set = await request(quiet.app)
        .patch('/api/v1/auth/me/profile')
        .set('Cookie', member.cookie)
        .send({ email: 'dan@example.org' });
      // No mail went: nothing is pending, though the address is unconfirmed.
      expect(set.body).toMatchObject({ emailVerified: false, emailConfirmationPending: false });
      const seen = await request(quiet.app).get('/api/v1/auth/me').set('Cookie', member.cookie);
      expect(seen.body).toMatchObject({ emailVerified: false, emailConfirmationPending: false });
      const res = await request(quiet.app)
        .post('/api/v1/auth/me/email/confirmation')
        .set('Cookie', member.cookie);
      expect(res.status).toBe(409);
      expect(res.body.type).toBe('urn:larder:problem:mail.off');
    } finally {
      await quiet.close();
    }
  });
});

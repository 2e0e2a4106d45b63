/** Forgot password: a reset link mailed to a confirmed address, in the background, at most every 5 minutes. */
import request from 'supertest';
import type { Member } from '../test-support/test-app.js';
import { type MailApp, confirmAddress, linkIn, startMailApp } from './mail-helpers.js';

const MINUTE = 60 * 1000;
let t: MailApp;
beforeAll(async () => {
  t = await startMailApp();
});
afterAll(() => t.close());

const forgot = (login: string) => request(t.app).post('/api/v1/auth/password/forgot').send({ login });
const resetMailsTo = (address: string) => t.sink.mailsTo(address).filter((m) => m.text.includes('/setup/'));

async function memberWithAddress(username: string, email: string): Promise<Member> {
  const m = await t.member('user', username);
  await confirmAddress(t, m.cookie, email);
  return m;
}

it('mails a reset link to the confirmed address of a username; the link works once and signs everyone else out', async () => {
  const m = await memberWithAddress('rosa', 'rosa@example.org');
  const res = await forgot('rosa');
  expect(res.status).toBe(204);
  await t.settled();
  const mail = await t.sink.waitFor((x) => x.to.includes('rosa@example.org') && x.text.includes('/setup/'));
  const { token } = linkIn(mail);

  const inspected = await request(t.app).post('/api/v1/auth/setup/inspect').send({ token });
  expect(inspected.body).toMatchObject({ username: 'rosa', purpose: 'reset' });
  const reset = await request(t.app)
    .post('/api/v1/auth/setup/password')
    .send({ token, password: 'rosas-new-one' });
  expect(reset.status).toBe(200);
  // The old session is over; the new password signs in; the link is spent.
  expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', m.cookie)).status).toBe(401);
  await t.login('rosa', 'rosas-new-one');
  expect(
    (await request(t.app).post('/api/v1/auth/setup/password').send({ token, password: 'again-123' })).status,
  ).toBe(404);
});

it('a reset ends the API tokens of the account too; an ordinary password change keeps them', async () => {
  const m = await memberWithAddress('tara', 'tara@example.org');
  const kept = await t.token(m, ['recipes:read']);
  const tags = (token: string) => request(t.app).get('/api/v1/tags').set('Authorization', `Bearer ${token}`);
  await tags(kept).expect(200);
  await request(t.app)
    .patch('/api/v1/auth/me')
    .set('Cookie', m.cookie)
    .send({ currentPassword: m.password, password: 'taras-second-one' })
    .expect(204);
  await tags(kept).expect(200);

  await forgot('tara');
  await t.settled();
  const mail = await t.sink.waitFor((x) => x.to.includes('tara@example.org') && x.text.includes('/setup/'));
  await request(t.app)
    .post('/api/v1/auth/setup/password')
    .send({ token: linkIn(mail).token, password: 'taras-third-one' })
    .expect(200);
  await tags(kept).expect(401);
});

it('reaches every account whose confirmed address the login is, and none whose address is unconfirmed', async () => {
  await memberWithAddress('sam', 'family@example.org');
  await memberWithAddress('sue', 'FAMILY@example.org');
  const unconfirmed = await t.member('user', 'tom');
  await request(t.app)
    .patch('/api/v1/auth/me/profile')
    .set('Cookie', unconfirmed.cookie)
    .send({ email: 'tom@example.org' });
  t.sink.clear();

  expect((await forgot('Family@Example.org')).status).toBe(204);
  expect((await forgot('tom@example.org')).status).toBe(204);
  expect((await forgot('tom')).status).toBe(204);
  expect((await forgot('nobody@example.org')).status).toBe(204);
  await t.settled();
  const resets = t.sink.mails.filter((m) => m.text.includes('/setup/'));
  expect(resets.map((m) => linkIn(m).token)).toHaveLength(2);
  expect(new Set(resets.map((m) => m.to[0]?.toLowerCase()))).toEqual(new Set(['family@example.org']));
  expect(resetMailsTo('tom@example.org')).toEqual([]);
});

it('never resets the owner by mail', async () => {
  await confirmAddress(t, t.owner.cookie, 'owner@example.org');
  t.sink.clear();
  await forgot('owner');
  await forgot('owner@example.org');
  await t.settled();
  expect(resetMailsTo('owner@example.org')).toEqual([]);
});

it('mails one reset per account per 5 minutes, however often it is asked', async () => {
  await memberWithAddress('uma', 'uma@example.org');
  t.sink.clear();
  await Promise.all([forgot('uma'), forgot('uma'), forgot('uma@example.org')]);
  await t.settled();
  expect(resetMailsTo('uma@example.org')).toHaveLength(1);
  t.clock.advance(4 * MINUTE);
  await forgot('uma');
  await t.settled();
  expect(resetMailsTo('uma@example.org')).toHaveLength(1);
  t.clock.advance(1 * MINUTE + 1000);
  await forgot('uma');
  await t.settled();
  expect(resetMailsTo('uma@example.org')).toHaveLength(2);
});

it('answers the same 204 for a known and an unknown login, and a reset link lapses after an hour', async () => {
  await memberWithAddress('vic', 'vic@example.org');
  t.clock.advance(10 * MINUTE);
  t.sink.clear();
  const known = await forgot('vic');
  const unknown = await forgot('not-a-member');
  expect([known.status, unknown.status]).toEqual([204, 204]);
  expect(known.text).toBe(unknown.text);
  await t.settled();
  const { token } = linkIn(await t.sink.waitFor('vic@example.org'));
  t.clock.advance(60 * MINUTE + 1000);
  expect((await request(t.app).post('/api/v1/auth/setup/inspect').send({ token })).status).toBe(404);
});

it('refuses a login that is not text a person would type, at its field', async () => {
  const res = await request(t.app).post('/api/v1/auth/password/forgot').send({ login: '' });
  expect(res.status).toBe(422);
  expect(res.body.errors[0].location).toBe('body.login');
});

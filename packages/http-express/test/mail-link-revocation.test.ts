/**
 * A one-time link dies with what it was meant for: a password set any way ends the account's open
 * setup and reset links, a changed address ends the links mailed to the old one, and a queued mail
 * whose link died meanwhile is dropped unsent.
 */
import { MailOutbox } from '@larder/domain';
import request from 'supertest';
import type { Member } from '../test-support/test-app.js';
import { type MailApp, confirmAddress, linkIn, startMailApp } from './mail-helpers.js';

const MINUTE = 60 * 1000;
let t: MailApp;
beforeAll(async () => {
  t = await startMailApp();
});
afterAll(() => t.close());

const outbox = () => t.container.resolve(MailOutbox);
const forgot = (login: string) => request(t.app).post('/api/v1/auth/password/forgot').send({ login });
const redeem = (token: string, password: string) =>
  request(t.app).post('/api/v1/auth/setup/password').send({ token, password });
const waiting = async () => (await t.database.db.selectFrom('mail_outbox').select('id').execute()).length;

async function memberWithAddress(username: string, email: string): Promise<Member> {
  const m = await t.member('user', username);
  await confirmAddress(t, m.cookie, email);
  return m;
}

/** Asks for a reset of `member` and answers the token its mail carries. */
async function resetToken(member: Member, email: string): Promise<string> {
  t.clock.advance(6 * MINUTE);
  await forgot(member.username);
  await t.settled();
  const mail = await t.sink.waitFor((x) => x.to.includes(email) && x.text.includes('/setup/'));
  t.sink.clear();
  return linkIn(mail).token;
}

it('a reset link dies when the member changes her password herself', async () => {
  const m = await memberWithAddress('ada', 'ada@example.org');
  const token = await resetToken(m, 'ada@example.org');
  const changed = await request(t.app)
    .patch('/api/v1/auth/me')
    .set('Cookie', m.cookie)
    .send({ currentPassword: m.password, password: 'adas-own-new-one' });
  expect(changed.status).toBe(204);
  expect((await redeem(token, 'taken-over-1')).status).toBe(404);
  await t.login('ada', 'adas-own-new-one');
});

it('a reset link dies when an admin sets a new password', async () => {
  const m = await memberWithAddress('bea', 'bea@example.org');
  const token = await resetToken(m, 'bea@example.org');
  const set = await request(t.app)
    .patch(`/api/v1/users/${m.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ password: 'set-by-the-owner' });
  expect(set.status).toBe(200);
  expect((await redeem(token, 'taken-over-1')).status).toBe(404);
});

it('a reset link dies when the address changes, by the member or by an admin', async () => {
  const m = await memberWithAddress('cleo', 'cleo@example.org');
  const first = await resetToken(m, 'cleo@example.org');
  await request(t.app)
    .patch('/api/v1/auth/me/profile')
    .set('Cookie', m.cookie)
    .send({ email: 'cleo.new@example.org' })
    .expect(200);
  expect((await redeem(first, 'taken-over-1')).status).toBe(404);

  const n = await memberWithAddress('dora', 'dora@example.org');
  const second = await resetToken(n, 'dora@example.org');
  await request(t.app)
    .patch(`/api/v1/users/${n.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ email: 'dora.new@example.org' })
    .expect(200);
  expect((await redeem(second, 'taken-over-1')).status).toBe(404);
});

it('redeeming a reset link ends the other open link that could set a password', async () => {
  // An account made without a password, its setup link copied by hand, later given an address.
  const created = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username: 'edna', role: 'user' });
  const byHand = created.body.setupLink.path.split('/').pop() as string;
  await request(t.app)
    .patch(`/api/v1/users/${created.body.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ email: 'edna@example.org' })
    .expect(200);
  const confirmation = await t.sink.waitFor('edna@example.org');
  await request(t.app)
    .post('/api/v1/auth/email/confirm')
    .send({ token: linkIn(confirmation).token })
    .expect(200);
  await forgot('edna');
  await t.settled();
  const reset = linkIn(
    await t.sink.waitFor((x) => x.to.includes('edna@example.org') && x.text.includes('/setup/')),
  );
  expect((await redeem(reset.token, 'ednas-new-one')).status).toBe(200);
  expect((await redeem(byHand, 'taken-over-1')).status).toBe(404);
  await t.login('edna', 'ednas-new-one');
});

it('a setup link dies when an admin sets the password, and an invitation when the address is corrected', async () => {
  const created = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username: 'finn', role: 'user' });
  expect(created.status).toBe(201);
  const byHand = created.body.setupLink.path.split('/').pop() as string;
  await request(t.app)
    .patch(`/api/v1/users/${created.body.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ password: 'set-by-the-owner' })
    .expect(200);
  expect((await redeem(byHand, 'taken-over-1')).status).toBe(404);

  const invited = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username: 'gus', role: 'user', email: 'gus@exmaple.org' });
  expect(invited.body.setupLink).toMatchObject({ mailedTo: 'gus@exmaple.org' });
  const mistyped = linkIn(await t.sink.waitFor('gus@exmaple.org')).token;
  await request(t.app)
    .patch(`/api/v1/users/${invited.body.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ email: 'gus@example.org' })
    .expect(200);
  expect((await redeem(mistyped, 'taken-over-1')).status).toBe(404);
});

/** What became of every mail the outbox handles from now on. */
function outcomes(): Array<[string, string]> {
  const seen: Array<[string, string]> = [];
  const before = outbox().onDelivered;
  outbox().onDelivered = (reports) => {
    before(reports);
    for (const { kind, delivery } of reports) seen.push([kind, delivery.outcome]);
  };
  return seen;
}

it('a queued reset mail whose link died meanwhile is never sent to the old address', async () => {
  const m = await memberWithAddress('hana', 'hana@example.org');
  const seen = outcomes();
  t.clock.advance(6 * MINUTE);
  await t.sink.stop();
  try {
    await forgot('hana');
    await t.settled();
    expect(await waiting()).toBe(1);
    // Meanwhile she moves to a new address and chooses a new password.
    await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ email: 'hana.new@example.org' })
      .expect(200);
    await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ currentPassword: m.password, password: 'hanas-new-one' })
      .expect(204);
    // The passes those started are over (the server is still down).
    await outbox().deliverDue();
  } finally {
    await t.sink.start();
  }
  t.sink.clear();
  t.clock.advance(31 * MINUTE);
  await outbox().deliverDue();
  expect(seen).toContainEqual(['password_reset', 'revoked']);
  expect(seen).toContainEqual(['address_confirmation', 'sent']);
  expect(t.sink.mailsTo('hana@example.org')).toEqual([]);
  await t.sink.waitFor((x) => x.to.includes('hana.new@example.org') && x.text.includes('/confirm-email/'));
  expect(await waiting()).toBe(0);
});

it('a queued confirmation for an address given up meanwhile is dropped, not mailed there', async () => {
  const m = await t.member('user', 'ines');
  const seen = outcomes();
  await t.sink.stop();
  try {
    await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ email: 'ines@old.example.org' })
      .expect(200);
    t.clock.advance(2 * MINUTE);
    await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ email: 'ines@example.org' })
      .expect(200);
    await outbox().deliverDue();
  } finally {
    await t.sink.start();
  }
  t.clock.advance(31 * MINUTE);
  await outbox().deliverDue();
  expect(seen.filter(([, outcome]) => outcome !== 'deferred')).toEqual([
    ['address_confirmation', 'revoked'],
    ['address_confirmation', 'sent'],
  ]);
  expect(t.sink.mailsTo('ines@old.example.org')).toEqual([]);
  await t.sink.waitFor('ines@example.org');
});

/**
 * A mail server that keeps answering but never finishes (a continuation line every so often, never
 * the final one) holds nothing up for good: each send is given up on at its deadline, the admin
 * gets an answer, and the outbox goes on with the next mail.
 */
import {
  type DrippingServer,
  startDrippingServer,
} from '@larder/adapters-smtp/test-support/dripping-server.js';
import { MailOutbox } from '@larder/domain';
import request from 'supertest';
import { type MailApp, confirmAddress, startMailApp } from './mail-helpers.js';

const MINUTE = 60 * 1000;
let t: MailApp;
let dripping: DrippingServer;
beforeAll(async () => {
  t = await startMailApp();
  dripping = await startDrippingServer({ dripMs: 100 });
});
afterAll(async () => {
  await t.close();
  await dripping.stop();
});

const outbox = () => t.container.resolve(MailOutbox);
const forgot = (login: string) => request(t.app).post('/api/v1/auth/password/forgot').send({ login });
const mailSettings = (port: number) =>
  request(t.app)
    .put('/api/v1/settings/mail')
    .set('Cookie', t.owner.cookie)
    .send({ host: '127.0.0.1', port, security: 'none', from: 'larder@example.org' })
    .expect(200);

it('the test mail answers 502, saying the server did not finish', async () => {
  const res = await request(t.app)
    .post('/api/v1/settings/mail/test')
    .set('Cookie', t.owner.cookie)
    .send({
      to: 'owner@example.org',
      config: { host: '127.0.0.1', port: dripping.port, security: 'none', from: 'larder@example.org' },
    });
  expect(res.status).toBe(502);
  expect(res.body.type).toBe('urn:larder:problem:mail.unreachable');
  expect(res.body.detail).toMatch(/did not finish within 4 s/);
});

it('an invitation answers, with send_failed, and its link still works by hand', async () => {
  await mailSettings(dripping.port);
  try {
    const res = await request(t.app)
      .post('/api/v1/users')
      .set('Cookie', t.owner.cookie)
      .send({ username: 'nina', role: 'user', email: 'nina@example.org' });
    expect(res.status).toBe(201);
    expect(res.body.setupLink).toMatchObject({ mailedTo: 'nina@example.org', mailError: 'send_failed' });
  } finally {
    await mailSettings(t.sink.port);
  }
});

it('a queued reset waits for a later pass, which sends it once the owner fixed the settings', async () => {
  const m = await t.member('user', 'olga');
  await confirmAddress(t, m.cookie, 'olga@example.org');
  await mailSettings(dripping.port);
  const received = dripping.received;
  await forgot('olga');
  await t.settled();
  expect(dripping.received).toBe(received + 1);
  const [row] = await t.database.db.selectFrom('mail_outbox').selectAll().execute();
  expect(row?.last_error).toMatch(/did not finish/);

  await mailSettings(t.sink.port);
  t.clock.advance(1 * MINUTE);
  const [report] = await outbox().deliverDue();
  expect(report?.delivery).toEqual({ outcome: 'sent' });
  await t.sink.waitFor((x) => x.to.includes('olga@example.org') && x.text.includes('/setup/'));
});

it('a pass leases only the mail it is sending, so a long pass lets other instances take the rest', async () => {
  const names = ['pete', 'quin', 'ruth'];
  for (const name of names) {
    const member = await t.member('user', name);
    await confirmAddress(t, member.cookie, `${name}@example.org`);
  }
  await t.sink.stop();
  try {
    for (const name of names) await forgot(name);
    await t.settled();
  } finally {
    await t.sink.start();
  }
  await mailSettings(dripping.port);
  try {
    t.clock.advance(1 * MINUTE);
    const received = dripping.received;
    const pass = outbox().deliverDue();
    while (dripping.received === received) await new Promise((resolve) => setTimeout(resolve, 20));
    // One mail is on its way to the stuck server; the other two are free for anybody's pass.
    const leased = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('lease_until', '>', t.clock.now())
      .execute();
    expect(leased).toHaveLength(1);
    await mailSettings(t.sink.port);
    const reports = await pass;
    expect(reports.map((r) => r.delivery.outcome).sort()).toEqual(['deferred', 'sent', 'sent']);
  } finally {
    await mailSettings(t.sink.port);
  }
});

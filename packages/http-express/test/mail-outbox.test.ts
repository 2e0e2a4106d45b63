/**
 * The outbox: mail that must go out is kept in the database with its link, sent when the server
 * answers, retried while it does not, and never sent twice, however many instances work it off.
 */
import { MailOutbox } from '@larder/domain';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { composeContainer } from '../src/composition-root.js';
import { type MailApp, confirmAddress, linkIn, quickMailer, startMailApp } from './mail-helpers.js';

const MINUTE = 60 * 1000;
let t: MailApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await startMailApp({ logs });
});
afterAll(() => t.close());

const outbox = () => t.container.resolve(MailOutbox);
const waiting = async () => (await t.database.db.selectFrom('mail_outbox').select('id').execute()).length;
const forgot = (login: string) => request(t.app).post('/api/v1/auth/password/forgot').send({ login });

it('keeps a reset mail while the server is down, retries, and sends it once it is back', async () => {
  const m = await t.member('user', 'otto');
  await confirmAddress(t, m.cookie, 'otto@example.org');
  await t.sink.stop();
  try {
    await forgot('otto');
    await t.settled();
    expect(await waiting()).toBe(1);
    const row = await t.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/refused|connect/i);
    // Not due yet: nothing is tried before the wait is over.
    expect(await outbox().deliverDue()).toEqual([]);
  } finally {
    await t.sink.start();
  }
  t.clock.advance(1 * MINUTE);
  const [report] = await outbox().deliverDue();
  expect(report?.delivery).toEqual({ outcome: 'sent' });
  expect(await waiting()).toBe(0);
  const reset = await t.sink.waitFor((x) => x.to.includes('otto@example.org') && x.text.includes('/setup/'));
  expect(linkIn(reset).path).toMatch(/^\/setup\//);
});

it('drops a mail the server refuses for good, and one whose link expired before it could go', async () => {
  const p = await t.member('user', 'pia');
  await confirmAddress(t, p.cookie, 'pia@example.org');
  t.clock.advance(6 * MINUTE);
  t.sink.refuse('pia@example.org', 'mailbox gone');
  await forgot('pia');
  await t.settled();
  expect(await waiting()).toBe(0);
  // The recipient's trouble, not the service's: a warning with the server's reply, no error.
  const refused = logs.map((line) => JSON.parse(line)).find((line) => line.msg === 'mail refused');
  expect(refused).toMatchObject({ level: 40, kind: 'password_reset', reply: '550 mailbox gone' });
  expect(logs.map((line) => JSON.parse(line)).filter((line) => line.level >= 50)).toEqual([]);

  const q = await t.member('user', 'quinn');
  await confirmAddress(t, q.cookie, 'quinn@example.org');
  await t.sink.stop();
  try {
    await forgot('quinn');
    await t.settled();
    expect(await waiting()).toBe(1);
  } finally {
    await t.sink.start();
  }
  t.clock.advance(61 * MINUTE);
  const [report] = await outbox().deliverDue();
  expect(report?.delivery).toEqual({ outcome: 'expired' });
  expect(await waiting()).toBe(0);
  expect(t.sink.mailsTo('quinn@example.org').filter((m) => m.text.includes('/setup/'))).toEqual([]);
});

it('never sends one mail twice, however many instances work the outbox off at once', async () => {
  const names = ['rae', 'sid', 'ted', 'una', 'val', 'wes'];
  for (const name of names) {
    const member = await t.member('user', name);
    await confirmAddress(t, member.cookie, `${name}@example.org`);
  }
  t.clock.advance(6 * MINUTE);
  await t.sink.stop();
  try {
    for (const name of names) await forgot(name);
    await t.settled();
    expect(await waiting()).toBe(names.length);
  } finally {
    await t.sink.start();
  }
  t.clock.advance(1 * MINUTE);
  t.sink.clear();
  // A second instance on the same database, with its own outbox worker.
  const second = composeContainer(t.config, t.database, { clock: t.clock, mailer: quickMailer() });
  createApp({ config: t.config, container: second, logger: pino({ level: 'silent' }) });
  const both = await Promise.all([
    outbox().deliverDue(2),
    second.resolve(MailOutbox).deliverDue(2),
    outbox().deliverDue(2),
    second.resolve(MailOutbox).deliverDue(2),
  ]);
  expect(both.flat().filter((r) => r.delivery.outcome === 'sent')).toHaveLength(names.length);
  for (const name of names) {
    expect(t.sink.mailsTo(`${name}@example.org`).filter((m) => m.text.includes('/setup/'))).toHaveLength(1);
  }
  expect(await waiting()).toBe(0);
});

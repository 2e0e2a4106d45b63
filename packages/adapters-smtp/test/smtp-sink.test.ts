import { SmtpMailer } from '@larder/adapters-smtp';
import type { OutgoingMail } from '@larder/domain';
import { type SmtpSink, startSmtpSink } from '../test-support/smtp-sink.js';

function mailTo(to: string, subject: string): OutgoingMail {
  return { to, subject, text: 'text', html: '<p>html</p>' };
}

describe('the SMTP sink other tests use', () => {
  let sink: SmtpSink;
  const mailer = new SmtpMailer();

  beforeAll(async () => {
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    mailer.close();
    await sink.stop();
  });

  it('hands a waiter the mail that arrives after it began to wait', async () => {
    const waiting = sink.waitFor((mail) => mail.subject === 'later');
    await mailer.send(sink.mailServer(), mailTo('waiter@example.org', 'sooner'));
    await mailer.send(sink.mailServer(), mailTo('waiter@example.org', 'later'));
    expect((await waiting).subject).toBe('later');
  });

  it('hands a waiter a mail that had arrived already', async () => {
    await mailer.send(sink.mailServer(), mailTo('early@example.org', 'early'));
    expect((await sink.waitFor('EARLY@example.org')).subject).toBe('early');
  });

  it('gives up after the timeout, naming what did arrive', async () => {
    await mailer.send(sink.mailServer(), mailTo('someone@example.org', 'for someone'));
    await expect(sink.waitFor('never@example.org', 50)).rejects.toThrow(
      /no matching mail within 50 ms; received: \[.*someone@example.org: for someone/u,
    );
  });

  it('keeps its port, mails and refusals across a stop and a start', async () => {
    await mailer.send(sink.mailServer(), mailTo('kept@example.org', 'kept'));
    const { port } = sink;
    sink.refuse('refused@example.org', '5.7.1 not today');
    await sink.stop();
    await sink.start();
    expect(sink.port).toBe(port);
    expect(sink.mailsTo('kept@example.org')).toHaveLength(1);
    await expect(mailer.send(sink.mailServer(), mailTo('refused@example.org', 'x'))).rejects.toMatchObject({
      reply: '550 5.7.1 not today',
    });
  });

  it('forgets its mails when cleared', async () => {
    await mailer.send(sink.mailServer(), mailTo('forgotten@example.org', 'forgotten'));
    sink.clear();
    expect(sink.mails).toEqual([]);
  });
});

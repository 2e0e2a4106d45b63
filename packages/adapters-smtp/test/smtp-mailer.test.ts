import { SmtpMailer } from '@larder/adapters-smtp';
import {
  DomainError,
  MailRefused,
  MailUnreachable,
  type OutgoingMail,
  invitationMail,
  testMail,
} from '@larder/domain';
import { startDrippingServer } from '../test-support/dripping-server.js';
import { type SilentServer, startSilentServer } from '../test-support/silent-server.js';
import { SINK_CERTIFICATE } from '../test-support/sink-certificate.js';
import { type SmtpSink, startSmtpSink } from '../test-support/smtp-sink.js';

const SITE = 'https://recipes.example.org';

function mailTo(to: string, subject = 'Hello from the kitchen'): OutgoingMail {
  return { to, subject, text: 'Soup is ready.', html: '<p>Soup is ready.</p>' };
}

/** How a send failed, for `expect(...).rejects`. */
async function failure(sending: Promise<void>): Promise<unknown> {
  return sending.then(
    () => {
      throw new Error('the mail was sent');
    },
    (error: unknown) => error,
  );
}

/** Resolves once `condition` holds, looking again every 20 ms. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('SmtpMailer', () => {
  const sinks: SmtpSink[] = [];
  const mailers: SmtpMailer[] = [];
  let plain: SmtpSink;
  let mailer: SmtpMailer;

  async function sink(...options: Parameters<typeof startSmtpSink>): Promise<SmtpSink> {
    const started = await startSmtpSink(...options);
    sinks.push(started);
    return started;
  }

  function aMailer(...options: ConstructorParameters<typeof SmtpMailer>): SmtpMailer {
    const made = new SmtpMailer(...options);
    mailers.push(made);
    return made;
  }

  beforeAll(async () => {
    plain = await sink();
    mailer = aMailer();
  });

  afterAll(async () => {
    for (const made of mailers) made.close();
    await Promise.all(sinks.map((started) => started.stop()));
  });

  describe('delivery', () => {
    it('delivers a composed mail with its text and HTML parts', async () => {
      const invitation = invitationMail({
        to: 'zoe@example.org',
        locale: 'de',
        publicUrl: SITE,
        inviterName: 'Ada',
        username: 'zoe',
        link: `${SITE}/setup/abc`,
        validForMs: 7 * 24 * 60 * 60 * 1000,
      });
      await mailer.send(plain.mailServer(), invitation);
      const mail = await plain.waitFor('zoe@example.org');
      expect(mail.recipients).toEqual(['zoe@example.org']);
      expect(mail.to).toEqual(['zoe@example.org']);
      expect(mail.sender).toBe('larder@example.org');
      expect(mail.subject).toBe('Deine Einladung zu Larder');
      expect(mail.text).toBe(invitation.text);
      expect(mail.html).toBe(invitation.html);
      expect(mail.user).toBeNull();
    });

    it('names the sender "Larder" unless the household chose a name', async () => {
      await mailer.send(plain.mailServer(), mailTo('default-name@example.org'));
      await mailer.send(plain.mailServer({ fromName: '  ' }), mailTo('blank-name@example.org'));
      await mailer.send(
        plain.mailServer({ fromName: 'Küche Müller, "Larder"' }),
        mailTo('chosen-name@example.org'),
      );
      expect((await plain.waitFor('default-name@example.org')).from).toEqual({
        name: 'Larder',
        address: 'larder@example.org',
      });
      expect((await plain.waitFor('blank-name@example.org')).from.name).toBe('Larder');
      expect((await plain.waitFor('chosen-name@example.org')).from.name).toBe('Küche Müller, "Larder"');
    });

    it('logs in when the settings hold a username, and the server learns who sent', async () => {
      const guarded = await sink({ auth: { username: 'larder', password: 'pantry secret' } });
      await mailer.send(guarded.mailServer(), mailTo('with-login@example.org'));
      expect((await guarded.waitFor('with-login@example.org')).user).toBe('larder');
    });

    it('follows the settings as the owner changes them: another server, another password', async () => {
      const guarded = await sink({ auth: { username: 'larder', password: 'new secret' } });
      const other = await sink();
      const refused = await failure(
        mailer.send(guarded.mailServer({ password: 'old secret' }), mailTo('old-password@example.org')),
      );
      expect(refused).toBeInstanceOf(MailRefused);
      await mailer.send(guarded.mailServer(), mailTo('new-password@example.org'));
      await mailer.send(other.mailServer(), mailTo('other-server@example.org'));
      await guarded.waitFor('new-password@example.org');
      await other.waitFor('other-server@example.org');
      expect(plain.mailsTo('other-server@example.org')).toEqual([]);
    });

    it('delivers again once a server that was down is back on its port', async () => {
      const flaky = await sink();
      await flaky.stop();
      const down = await failure(mailer.send(flaky.mailServer(), mailTo('during-outage@example.org')));
      expect(down).toBeInstanceOf(MailUnreachable);
      await flaky.start();
      await mailer.send(flaky.mailServer(), mailTo('after-outage@example.org'));
      await flaky.waitFor('after-outage@example.org');
      expect(flaky.mailsTo('during-outage@example.org')).toEqual([]);
    });
  });

  describe('refusals keep the server’s reply', () => {
    it('a recipient refused with 550', async () => {
      plain.refuse('nobody@example.org');
      const refused = await failure(mailer.send(plain.mailServer(), mailTo('nobody@example.org')));
      expect(refused).toBeInstanceOf(MailRefused);
      expect(refused).toMatchObject({
        code: 'mail.refused',
        kind: 'upstream',
        reply: '550 5.1.1 <nobody@example.org>: no such user',
      });
    });

    it('a wrong password, with the 535 the server answered', async () => {
      const guarded = await sink({ auth: { username: 'larder', password: 'right' } });
      const refused = await failure(
        mailer.send(guarded.mailServer({ password: 'wrong' }), mailTo('wrong-password@example.org')),
      );
      expect(refused).toMatchObject({ reply: '535 5.7.8 Authentication credentials invalid' });
      expect((refused as Error).message).not.toContain('wrong');
    });

    it('no login where the server asks for one', async () => {
      const guarded = await sink({ auth: { username: 'larder', password: 'right' } });
      const refused = await failure(
        mailer.send(
          guarded.mailServer({ username: undefined, password: undefined }),
          mailTo('a@example.org'),
        ),
      );
      expect(refused).toBeInstanceOf(MailRefused);
      expect((refused as MailRefused).reply).toMatch(/^530 /u);
    });
  });

  describe('unreachable servers', () => {
    let silent: SilentServer;
    beforeAll(async () => {
      silent = await startSilentServer();
    });
    afterAll(async () => {
      await silent.stop();
    });

    it('a server that is down fails at once, not after a timeout', async () => {
      const down = await sink();
      await down.stop();
      const patient = aMailer({ connectionTimeoutMs: 60_000, greetingTimeoutMs: 60_000 });
      const started = Date.now();
      const unreachable = await failure(patient.send(down.mailServer(), mailTo('a@example.org')));
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(unreachable).toBeInstanceOf(MailUnreachable);
      expect(unreachable).toMatchObject({ code: 'mail.unreachable', reason: 'connection refused' });
    });

    it('a server that accepts the connection but never greets fails after the greeting timeout', async () => {
      const hasty = aMailer({ greetingTimeoutMs: 300 });
      const started = Date.now();
      const unreachable = await failure(
        hasty.send({ ...plain.mailServer(), port: silent.port }, mailTo('a@example.org')),
      );
      const waited = Date.now() - started;
      expect(unreachable).toBeInstanceOf(MailUnreachable);
      expect((unreachable as MailUnreachable).reason).toBe('the server did not greet within 0.3 s');
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(10_000);
      expect(silent.accepted).toBeGreaterThanOrEqual(1);
    });

    it('a server that keeps answering but never finishes is given up on at the send deadline', async () => {
      const dripping = await startDrippingServer({ dripMs: 100 });
      try {
        // Never silent for a second, so only the deadline can end it.
        const bounded = aMailer({ socketTimeoutMs: 1000, sendDeadlineMs: 1500 });
        const unreachable = await failure(
          bounded.send({ ...plain.mailServer(), port: dripping.port }, mailTo('a@example.org')),
        );
        expect(unreachable).toBeInstanceOf(MailUnreachable);
        expect((unreachable as MailUnreachable).reason).toBe('the server did not finish within 1.5 s');
        expect(dripping.received).toBe(1);
        // The connection is let go, not left to drip.
        await until(() => dripping.open === 0);
      } finally {
        await dripping.stop();
      }
    });

    it('a check of the settings is given up on at the deadline too', async () => {
      const dripping = await startDrippingServer({ dripMs: 100, after: 'ehlo' });
      try {
        const bounded = aMailer({ socketTimeoutMs: 1000, sendDeadlineMs: 1500 });
        const unreachable = await bounded.verify({ ...plain.mailServer(), port: dripping.port }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(unreachable).toMatchObject({ reason: 'the server did not finish within 1.5 s' });
      } finally {
        await dripping.stop();
      }
    });

    it('closing the mailer cuts off a send under way', async () => {
      const dripping = await startDrippingServer({ dripMs: 100 });
      try {
        const patient = aMailer({ sendDeadlineMs: 10 * 60_000 });
        const sending = failure(
          patient.send({ ...plain.mailServer(), port: dripping.port }, mailTo('a@example.org')),
        );
        await until(() => dripping.received === 1);
        patient.close();
        expect(await sending).toMatchObject({ reason: 'cut off: the service is stopping' });
        await until(() => dripping.open === 0);
        // Closed, it still sends when asked again (the owner's settings may be tried any time).
        await patient.send(plain.mailServer(), mailTo('after-close@example.org'));
        await plain.waitFor('after-close@example.org');
      } finally {
        await dripping.stop();
      }
    });

    it('a host that does not exist', async () => {
      const unreachable = await failure(
        mailer.send({ ...plain.mailServer(), host: 'mail.larder.invalid' }, mailTo('a@example.org')),
      );
      expect(unreachable).toMatchObject({ reason: 'host not found' });
    });
  });

  describe('security', () => {
    let implicitTls: SmtpSink;
    let startTls: SmtpSink;
    let trusting: SmtpMailer;
    beforeAll(async () => {
      implicitTls = await sink({ security: 'tls' });
      startTls = await sink({ security: 'starttls' });
      trusting = aMailer({ trustedCertificates: [SINK_CERTIFICATE] });
    });

    it('`tls` speaks TLS from the first byte', async () => {
      await trusting.send(implicitTls.mailServer(), mailTo('over-tls@example.org'));
      expect((await implicitTls.waitFor('over-tls@example.org')).encrypted).toBe(true);
    });

    it('`tls` against a plain-text server is unreachable, and nothing is sent', async () => {
      const unreachable = await failure(
        trusting.send(plain.mailServer({ security: 'tls' }), mailTo('tls-to-plain@example.org')),
      );
      expect(unreachable).toBeInstanceOf(MailUnreachable);
      expect((unreachable as MailUnreachable).reason).toMatch(/^TLS failed: /u);
      expect(plain.mailsTo('tls-to-plain@example.org')).toEqual([]);
    });

    it('`tls` refuses a certificate nobody vouches for', async () => {
      const unreachable = await failure(mailer.send(implicitTls.mailServer(), mailTo('a@example.org')));
      expect(unreachable).toMatchObject({ reason: 'TLS failed: self-signed certificate' });
    });

    it('`starttls` upgrades the connection before sending', async () => {
      await trusting.send(startTls.mailServer(), mailTo('upgraded@example.org'));
      expect((await startTls.waitFor('upgraded@example.org')).encrypted).toBe(true);
    });

    it('`starttls` sends nothing when the server cannot upgrade', async () => {
      const unreachable = await failure(
        trusting.send(plain.mailServer({ security: 'starttls' }), mailTo('not-upgraded@example.org')),
      );
      expect(unreachable).toBeInstanceOf(MailUnreachable);
      expect((unreachable as MailUnreachable).reason).toMatch(/^TLS failed: STARTTLS answered 5\d\d /u);
      expect(plain.mailsTo('not-upgraded@example.org')).toEqual([]);
    });

    it('`none` stays in plain text even where STARTTLS is offered', async () => {
      await mailer.send(startTls.mailServer({ security: 'none' }), mailTo('plain-text@example.org'));
      expect((await startTls.waitFor('plain-text@example.org')).encrypted).toBe(false);
    });
  });

  describe('header values', () => {
    const server = () => plain.mailServer();
    const injections = ['\r\nBcc: victim@example.org', '\nBcc: victim@example.org', '\rX: y', '\0'];

    it.each(injections)('refuses CR, LF or NUL in any header value (%j)', async (injected) => {
      const attempts: Array<[string, Promise<void>]> = [
        ['to', mailer.send(server(), mailTo(`injected@example.org${injected}`))],
        ['subject', mailer.send(server(), mailTo('injected@example.org', `Hello${injected}`))],
        [
          'from',
          mailer.send({ ...server(), from: `larder@example.org${injected}` }, mailTo('injected@example.org')),
        ],
        [
          'fromName',
          mailer.send({ ...server(), fromName: `Larder${injected}` }, mailTo('injected@example.org')),
        ],
      ];
      for (const [name, attempt] of attempts) {
        const refused = await failure(attempt);
        expect(refused).toBeInstanceOf(Error);
        expect(refused).not.toBeInstanceOf(DomainError);
        expect((refused as Error).message).toBe(`refused to send mail: ${name} holds CR, LF or NUL`);
      }
      expect(plain.mailsTo('injected@example.org')).toEqual([]);
      expect(plain.mailsTo('victim@example.org')).toEqual([]);
    });

    it.each(['zoe@example.org, victim@example.org', 'Zoe <victim@example.org>', 'zoe', '"zoe"@example.org'])(
      'sends only to one plain address, never to %j',
      async (to) => {
        const refused = await failure(mailer.send(server(), mailTo(to)));
        expect((refused as Error).message).toBe('refused to send mail: to is not one plain address');
        expect(plain.mailsTo('victim@example.org')).toEqual([]);
      },
    );

    it('keeps what members typed out of the headers of a composed mail', async () => {
      const mail = invitationMail({
        to: 'hostile-names@example.org',
        locale: 'en',
        publicUrl: SITE,
        inviterName: 'Ada\r\nBcc: victim@example.org\r\n\r\n<script>alert(1)</script>',
        username: 'zoe',
        link: `${SITE}/setup/abc`,
        validForMs: 60 * 60 * 1000,
      });
      await mailer.send(server(), mail);
      const received = await plain.waitFor('hostile-names@example.org');
      expect(received.headers).not.toMatch(/^Bcc:/imu);
      expect(received.recipients).toEqual(['hostile-names@example.org']);
      expect(received.html).not.toContain('<script>');
      expect(received.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(received.text).toContain(
        'Ada Bcc: victim@example.org <script>alert(1)</script> has invited you',
      );
    });
  });

  it('sends a test mail to an address in any case the sink is asked with', async () => {
    await mailer.send(
      plain.mailServer(),
      testMail({ to: 'Owner@Example.org', locale: 'en', publicUrl: SITE }),
    );
    expect((await plain.waitFor('owner@example.org')).subject).toBe('Test mail from Larder');
    expect(plain.mailsTo('OWNER@example.org')).toHaveLength(1);
  });
});

/** Helpers shared by the mail tests: an app that mails into an SMTP sink, and the links in mails. */
import { SmtpMailer } from '@larder/adapters-smtp';
import {
  type ReceivedMail,
  type SmtpSink,
  startSmtpSink,
} from '@larder/adapters-smtp/test-support/smtp-sink.js';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

export const PUBLIC_URL = 'https://larder.example.net';

export interface MailApp extends TestApp {
  sink: SmtpSink;
}

/** The real SMTP mailer, with timeouts short enough that a dead or stuck server fails a test fast. */
export function quickMailer(): SmtpMailer {
  return new SmtpMailer({
    connectionTimeoutMs: 2000,
    greetingTimeoutMs: 2000,
    socketTimeoutMs: 4000,
    sendDeadlineMs: 4000,
  });
}

/**
 * An app whose mail goes to a fresh SMTP sink: configured in the app by the owner (or, with
 * `fromEnvironment`, by SERVICE_SMTP_*), with SERVICE_PUBLIC_URL set unless told otherwise.
 */
export async function startMailApp(
  options: {
    fromEnvironment?: boolean;
    env?: Record<string, string>;
    configure?: boolean;
    /** Collects every log line the app writes (see startTestApp). */
    logs?: string[];
  } = {},
): Promise<MailApp> {
  const sink = await startSmtpSink();
  const env: Record<string, string> = { SERVICE_PUBLIC_URL: PUBLIC_URL, ...options.env };
  if (options.fromEnvironment) {
    Object.assign(env, {
      SERVICE_SMTP_HOST: '127.0.0.1',
      SERVICE_SMTP_PORT: String(sink.port),
      SERVICE_SMTP_SECURITY: 'none',
      SERVICE_SMTP_FROM: 'larder@example.org',
    });
  }
  const t = await startTestApp(env, {
    mailer: quickMailer(),
    ...(options.logs ? { logs: options.logs } : {}),
  });
  if (!options.fromEnvironment && options.configure !== false) {
    const res = await request(t.app)
      .put('/api/v1/settings/mail')
      .set('Cookie', t.owner.cookie)
      .send({ host: '127.0.0.1', port: sink.port, security: 'none', from: 'larder@example.org' });
    if (res.status !== 200)
      throw new Error(`mail settings failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const close = t.close;
  return Object.assign(t, {
    sink,
    close: async () => {
      await close();
      await sink.stop();
    },
  });
}

/** The one link of a mail that points into Larder, and its token. */
export function linkIn(mail: ReceivedMail): { url: string; path: string; token: string } {
  const url = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/(setup|confirm-email)/([A-Za-z0-9_-]+)`).exec(
    mail.text,
  );
  if (!url) throw new Error(`no link in mail: ${mail.text}`);
  return { url: url[0], path: new URL(url[0]).pathname, token: url[2] ?? '' };
}

/** Gives a member a confirmed address, through the mails and links a person would use. */
export async function confirmAddress(t: MailApp, cookie: string, email: string): Promise<void> {
  const res = await request(t.app).patch('/api/v1/auth/me/profile').set('Cookie', cookie).send({ email });
  if (res.status !== 200) throw new Error(`profile failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await t.sink.waitFor((m) => m.to.includes(email) && m.text.includes('/confirm-email/'));
  const confirmed = await request(t.app)
    .post('/api/v1/auth/email/confirm')
    .send({ token: linkIn(mail).token });
  if (confirmed.status !== 200)
    throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

import { DomainError } from '../shared/errors.js';

export const MAILER = Symbol('Mailer');

export const MAIL_SECURITY = ['starttls', 'tls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** The household's SMTP server and who the mail comes from. */
export interface MailServer {
  host: string;
  port: number;
  /** `starttls`: plain, then upgraded (required); `tls`: TLS from the start; `none`: plain text. */
  security: MailSecurity;
  /** Absent: no authentication. */
  username?: string | undefined;
  password?: string | undefined;
  /** The sender's address. */
  from: string;
  /** The sender's display name ("Larder" when not set). */
  fromName?: string | undefined;
}

/** One message, ready to send: every value in it is already checked (no CR/LF in headers). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through an SMTP server with timeouts of a few seconds, and gives up on one send (or
 * check) within a minute in all, whatever the server does: the outbox's lease relies on it.
 * Errors: `MailRefused` when the server answered with a refusal (its reply is kept),
 * `MailUnreachable` when it could not be reached or did not answer in time.
 */
export interface Mailer {
  send(server: MailServer, mail: OutgoingMail): Promise<void>;
  /** Connects, is greeted and signs in (when the server has a login), sending nothing; throws as `send` does. */
  verify(server: MailServer): Promise<void>;
}

/** The SMTP server refused the mail; `reply` is what it said (e.g. `550 5.1.1 no such user`). */
export class MailRefused extends DomainError {
  constructor(readonly reply: string) {
    // The reply is in the message: answers carry it in `detail` (a plain ErrorModel, as the reference's).
    super('upstream', 'mail.refused', `The mail server refused the mail: ${reply}`);
  }
}

export class MailUnreachable extends DomainError {
  constructor(readonly reason: string) {
    super('upstream', 'mail.unreachable', `The mail server could not be reached: ${reason}`);
  }
}

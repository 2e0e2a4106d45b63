import type { OutgoingMail } from './mailer.port.js';
import { type MailValue, layOut } from './mail-layout.js';
import { mailLink } from './mail-text.js';
import { type MailKind, mailLanguage, mailLocale } from './wording.js';

/**
 * The mails Larder sends, composed in the recipient's language (unknown languages get English).
 * Links are built by the caller from the household's public URL and passed in whole; every
 * value is escaped in the HTML part and kept on its line in the text part, and subjects are
 * fixed words, so nothing a member typed reaches a header except the recipient's address
 * (refused when it holds a line break).
 */
export interface MailTo {
  /** The recipient's address, already checked where it came in. */
  to: string;
  /** The recipient's `locale`. */
  locale: string;
  /** The household's public URL, named in every mail. */
  publicUrl: string;
}

/** A one-time link and how long it stays valid (the same lifetime it was issued with). */
export interface MailedLink {
  link: string;
  validForMs: number;
}

/** An admin invited someone: the setup link lets them choose a password. */
export function invitationMail(
  mail: MailTo & MailedLink & { inviterName: string; username: string },
): OutgoingMail {
  return compose('invitation', mail, mail.link, {
    inviter: mail.inviterName,
    username: mail.username,
    validity: validity(mail),
  });
}

/** A password reset asked for by username or confirmed address: the link works once. */
export function passwordResetMail(mail: MailTo & MailedLink & { username: string }): OutgoingMail {
  return compose('passwordReset', mail, mail.link, { username: mail.username, validity: validity(mail) });
}

/** A reset asked for an account that has no password and signs in through the identity provider: no link, a hint. */
export function passwordResetHintMail(
  mail: MailTo & { username: string; providerName: string },
): OutgoingMail {
  return compose('passwordResetHint', mail, mail.publicUrl, {
    username: mail.username,
    provider: mail.providerName,
  });
}

/** An address entered in a profile or by an admin, to be confirmed by its owner. */
export function addressConfirmationMail(mail: MailTo & MailedLink & { username: string }): OutgoingMail {
  return compose('addressConfirmation', mail, mail.link, {
    address: mail.to,
    username: mail.username,
    validity: validity(mail),
  });
}

/** The owner's check that the mail settings work. */
export function testMail(mail: MailTo): OutgoingMail {
  return compose('test', mail, undefined, {});
}

function compose(
  kind: MailKind,
  mail: MailTo,
  action: string | undefined,
  values: Record<string, MailValue>,
): OutgoingMail {
  const locale = mailLocale(mail.locale);
  const language = mailLanguage(locale);
  return layOut({
    to: mail.to,
    locale,
    language,
    wording: language.mails[kind],
    values: { ...values, site: { link: mailLink(mail.publicUrl) } },
    ...(action === undefined ? {} : { action }),
  });
}

function validity(mail: MailTo & MailedLink): string {
  return mailLanguage(mailLocale(mail.locale)).duration(mail.validForMs);
}

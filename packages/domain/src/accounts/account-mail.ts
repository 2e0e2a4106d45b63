import type { CoreDependencies } from '../core-dependencies.js';
import type { MailConfiguration } from '../mail/mail-configuration.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { type Mailer, MailRefused, MailUnreachable } from '../mail/mailer.port.js';
import {
  addressConfirmationMail,
  invitationMail,
  passwordResetHintMail,
  passwordResetMail,
} from '../mail/messages.js';
import type { Repositories } from '../store.port.js';
import type { Account } from './account.js';
import {
  CONFIRMATION_LINK_LIFETIME_MS,
  type IssuedLink,
  OneTimeLinks,
  RESET_LINK_LIFETIME_MS,
  SETUP_LINK_LIFETIME_MS,
} from './setup-links.js';

export interface AccountMailDependencies extends Pick<CoreDependencies, 'store' | 'clock' | 'secrets'> {
  mail: MailConfiguration;
  outbox: MailOutbox;
  mailer: Mailer;
  /** The identity provider's display name when single sign-on is on (for reset hints), else null. */
  identityProviderName: string | null;
}

/** What became of an invitation mail: where it went, and whether sending failed. */
export interface MailedInvitation {
  mailedTo: string;
  mailError?: 'send_failed';
  /** The server's words when it failed, for the log. */
  failure?: string;
}

/**
 * The mails that carry an account's one-time links: an invitation (sent while the admin waits, so
 * the answer tells the truth), an address confirmation and a password reset (queued with their
 * link in one transaction, so none is lost). None goes while mail is off or the household's
 * public URL is unknown (no link could be built).
 */
export class AccountMail {
  private readonly links: OneTimeLinks;

  constructor(private readonly deps: AccountMailDependencies) {
    this.links = new OneTimeLinks(deps);
  }

  /** Whether mail with links can go out now. */
  async ready(): Promise<boolean> {
    return (await this.deps.mail.ready()) !== null;
  }

  /** Mails a setup link to `to` now; the link stays valid whatever happens. */
  async sendInvitation(
    account: Account,
    link: IssuedLink,
    to: string,
    inviter: Account,
  ): Promise<MailedInvitation | null> {
    const ready = await this.deps.mail.ready();
    if (!ready) return null;
    const mail = invitationMail({
      to,
      locale: account.locale,
      publicUrl: ready.publicUrl,
      inviterName: inviter.displayName,
      username: account.username,
      link: `${ready.publicUrl}${link.path}`,
      validForMs: SETUP_LINK_LIFETIME_MS,
    });
    try {
      await this.deps.mailer.send(ready.server, mail);
      return { mailedTo: to };
    } catch (error) {
      const failure =
        error instanceof MailRefused
          ? error.reply
          : error instanceof MailUnreachable
            ? error.reason
            : String(error);
      return { mailedTo: to, mailError: 'send_failed', failure };
    }
  }

  /**
   * Issues a confirmation link for the account's address and queues its mail, in `tx`; answers
   * the queued mail's id, or null when mail cannot go out (then nothing is issued).
   */
  async queueConfirmation(tx: Repositories, account: Account): Promise<number | null> {
    const ready = await this.deps.mail.ready(tx);
    if (!ready || account.email === null) return null;
    const link = await this.links.issue(account, 'confirm', { repos: tx, address: account.email });
    const now = this.deps.clock.now();
    return this.deps.outbox.enqueue(tx, {
      kind: 'address_confirmation',
      accountId: account.id,
      createdAt: now,
      giveUpAt: link.expiresAt,
      linkDigest: this.deps.secrets.digest(link.token),
      mail: addressConfirmationMail({
        to: account.email,
        locale: account.locale,
        publicUrl: ready.publicUrl,
        username: account.username,
        link: `${ready.publicUrl}${link.path}`,
        validForMs: CONFIRMATION_LINK_LIFETIME_MS,
      }),
    });
  }

  /**
   * Queues a password reset for the account, in `tx`: a reset link (one hour), or, for an account
   * without a password that signs in through the identity provider, a hint to do that.
   */
  async queueReset(tx: Repositories, account: Account): Promise<number | null> {
    const ready = await this.deps.mail.ready(tx);
    if (!ready || account.email === null) return null;
    const now = this.deps.clock.now();
    const provider = this.deps.identityProviderName;
    if (account.passwordHash === null && account.hasIdentity && provider) {
      return this.deps.outbox.enqueue(tx, {
        kind: 'password_reset_hint',
        accountId: account.id,
        createdAt: now,
        giveUpAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
        linkDigest: null,
        mail: passwordResetHintMail({
          to: account.email,
          locale: account.locale,
          publicUrl: ready.publicUrl,
          username: account.username,
          providerName: provider,
        }),
      });
    }
    // Mailed to the account's address, the link dies if that address stops being the account's.
    const link = await this.links.issue(account, 'reset', { repos: tx, address: account.email });
    return this.deps.outbox.enqueue(tx, {
      kind: 'password_reset',
      accountId: account.id,
      createdAt: now,
      giveUpAt: link.expiresAt,
      linkDigest: this.deps.secrets.digest(link.token),
      mail: passwordResetMail({
        to: account.email,
        locale: account.locale,
        publicUrl: ready.publicUrl,
        username: account.username,
        link: `${ready.publicUrl}${link.path}`,
        validForMs: RESET_LINK_LIFETIME_MS,
      }),
    });
  }
}

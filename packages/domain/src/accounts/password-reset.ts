import { isOwner, sameAddress, usernameKey } from './account.js';
import type { AccountMail } from './account-mail.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { MINUTE_MS } from '../shared/time.js';
import { hasControlCharacters } from '../shared/text.js';

/** A second reset request for the same account within five minutes mails nothing. */
export const RESET_MAIL_SPACING_MS = 5 * MINUTE_MS;

/**
 * "Forgot password": a login with `@` is an address and reaches every account whose confirmed
 * address it is; otherwise it is a username with a confirmed address. The owner is never reset
 * by mail (a lost owner password is for `larder owner-link`). The answer tells the asker nothing:
 * the transport answers before this runs (the mail sent for a match is work a close timer of later
 * requests may notice; docs/mail.md says so).
 */
export class PasswordReset {
  constructor(
    private readonly deps: Pick<CoreDependencies, 'store' | 'clock'> & {
      accountMail: AccountMail;
      outbox: MailOutbox;
    },
  ) {}

  /** Queues a mail for every account the login names, at most one per account per five minutes; answers how many. */
  async request(login: string): Promise<number> {
    const { store, clock, accountMail, outbox } = this.deps;
    const trimmed = login.trim();
    if (trimmed === '' || hasControlCharacters(trimmed) || !(await accountMail.ready())) return 0;
    const accounts = trimmed.includes('@')
      ? await store.accounts.byConfirmedEmail(trimmed)
      : [await store.accounts.byUsername(trimmed)].filter(
          (a) => a !== null && a.emailVerified && usernameKey(a.username) === usernameKey(trimmed),
        );
    let queued = 0;
    for (const account of accounts) {
      if (!account || isOwner(account) || account.email === null || !account.emailVerified) continue;
      if (trimmed.includes('@') && !sameAddress(trimmed, account.email)) continue;
      const id = await store.transaction(async (tx) => {
        if (
          await tx.accounts.claimMailSlot(account.id, 'password_reset', clock.now(), RESET_MAIL_SPACING_MS)
        ) {
          return null;
        }
        return accountMail.queueReset(tx, account);
      });
      if (id !== null) queued++;
    }
    if (queued > 0) await outbox.deliverDue();
    return queued;
  }
}

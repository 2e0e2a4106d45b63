import { type Account, sameAddress } from './account.js';
import type { AccountMail } from './account-mail.js';
import type { Caller } from './caller.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { MailRefused } from '../mail/mailer.port.js';
import { Conflict, RateLimited } from '../shared/errors.js';
import { MINUTE_MS, secondsUntil } from '../shared/time.js';
import { OneTimeLinks, deadLink } from './setup-links.js';

/** The confirmation mail is sent again at most once a minute. */
export const CONFIRMATION_RESEND_SPACING_MS = MINUTE_MS;

/**
 * An address entered in a profile or by an admin stays unconfirmed until the link mailed to it
 * is redeemed, only while it is still the account's address. Redeeming never signs anybody in.
 */
export class AddressConfirmation {
  private readonly links: OneTimeLinks;

  constructor(
    private readonly deps: Pick<CoreDependencies, 'store' | 'clock' | 'secrets'> & {
      accountMail: AccountMail;
      outbox: MailOutbox;
    },
  ) {
    this.links = new OneTimeLinks(deps);
  }

  /** Whose address a confirmation link would confirm, and which, without using it. */
  async inspect(token: string): Promise<{ account: Account; address: string }> {
    const { account, address } = await this.links.inspect(token, ['confirm']);
    if (address === null || !sameAddress(address, account.email)) throw deadLink();
    return { account, address };
  }

  /** Confirms the address the link was mailed to; answers it. */
  async confirm(token: string): Promise<{ address: string }> {
    const { store, clock, secrets } = this.deps;
    const { account, address } = await this.links.inspect(token, ['confirm']);
    if (address === null || !sameAddress(address, account.email)) throw deadLink();
    return store.transaction(async (tx) => {
      if (!(await tx.links.consume(secrets.digest(token), clock.now()))) throw deadLink();
      const current = await tx.accounts.byId(account.id);
      if (!current || !sameAddress(address, current.email)) throw deadLink();
      await tx.accounts.update(account.id, { emailVerified: true });
      return { address: current.email ?? address };
    });
  }

  /** Sends the caller's confirmation again: at most once a minute (the minute starts before the send). */
  async resend(caller: Caller): Promise<void> {
    const { store, clock, accountMail, outbox } = this.deps;
    const account = (await store.accounts.byId(caller.account.id)) ?? caller.account;
    if (account.email === null)
      throw new Conflict('accounts.no_address', 'Your account has no address to confirm.');
    if (account.emailVerified)
      throw new Conflict('accounts.address_confirmed', 'Your address is confirmed already.');
    if (!(await accountMail.ready())) throw new Conflict('mail.off', 'This household sends no mail.');
    const now = clock.now();
    const next = await store.accounts.claimMailSlot(
      account.id,
      'address_confirmation',
      now,
      CONFIRMATION_RESEND_SPACING_MS,
    );
    if (next) {
      throw new RateLimited(
        'accounts.confirmation_too_soon',
        'A confirmation mail went out less than a minute ago; wait a moment.',
        secondsUntil(next, now),
      );
    }
    const id = await store.transaction((tx) => accountMail.queueConfirmation(tx, account));
    if (id === null) return;
    const delivery = await outbox.deliverNow(id);
    if (delivery.outcome === 'refused') throw new MailRefused(delivery.reply);
  }
}

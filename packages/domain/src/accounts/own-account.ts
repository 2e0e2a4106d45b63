import { Forbidden, IssueList, NotAuthenticated } from '../shared/errors.js';
import type { CoreDependencies } from '../core-dependencies.js';
import { SignInGuard, passwordMatches } from '../sessions/sign-in-guard.js';
import { type Account, COLORS, type Color, type Locale, usernameKey } from './account.js';
import type { Caller } from './caller.js';
import { checkDisplayName } from './account-management.js';
import { normaliseEmail } from '../shared/email-address.js';
import { checkNewPassword } from './passwords.js';
import type { AccountMail } from './account-mail.js';
import { CONFIRMATION_RESEND_SPACING_MS } from './address-confirmation.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { revokePasswordLinks } from './setup-links.js';

export interface ProfileChange {
  displayName?: string | undefined;
  color?: Color | undefined;
  locale?: Locale | undefined;
  email?: string | undefined;
}

/** What a signed-in member changes about themselves. */
export class OwnAccount {
  private readonly guard: SignInGuard;

  constructor(private readonly deps: CoreDependencies & { accountMail: AccountMail; outbox: MailOutbox }) {
    this.guard = new SignInGuard(deps.store.signInAttempts, deps.clock);
  }

  /**
   * Changes the caller's password. The current password is required unless the
   * account has none yet. Every other session of the account ends, and its open setup and reset
   * links with them. Wrong current
   * passwords count like failed sign-ins from the client address `from` (SignInGuard): guessing
   * here is no cheaper than at the sign-in form.
   */
  async changePassword(
    caller: Caller,
    currentPassword: string | undefined,
    password: string,
    from: string,
  ): Promise<void> {
    const { store, clock, hasher } = this.deps;
    if (caller.via !== 'session') throw new Forbidden('auth.session_only', 'This needs a signed-in session.');
    const account = caller.account;
    const issues = new IssueList();
    checkNewPassword(password, 'password', issues);
    if (account.passwordHash && currentPassword === undefined) {
      issues.add('currentPassword', 'is required to change an existing password');
    }
    issues.throwIfAny();
    const hash = account.passwordHash;
    if (hash) {
      const source = { usernameKey: usernameKey(account.username), address: from };
      if (!(await this.guard.check(source, () => passwordMatches(hasher, currentPassword ?? '', hash)))) {
        throw new NotAuthenticated('auth.wrong_password', 'The current password is wrong.');
      }
    }
    const passwordHash = await hasher.hash(password);
    await store.transaction(async (tx) => {
      await tx.accounts.update(account.id, { passwordHash });
      await tx.sessions.deleteAllOf(account.id, caller.sessionDigest);
      await revokePasswordLinks(tx, account.id, clock.now());
    });
  }

  /**
   * Changes the caller's profile. A changed address is unconfirmed, and its confirmation is mailed;
   * the links mailed to the old one are revoked.
   */
  async updateProfile(caller: Caller, change: ProfileChange): Promise<Account> {
    const { store, clock, accountMail, outbox } = this.deps;
    const issues = new IssueList();
    checkDisplayName(change.displayName, 'displayName', issues);
    const email = normaliseEmail(change.email, 'email', issues);
    issues.throwIfAny();
    const current = caller.account;
    const addressChanged = email !== undefined && email !== current.email;
    const updated = await store.transaction(async (tx) => {
      const changed = await tx.accounts.update(current.id, {
        displayName: change.displayName?.trim(),
        color: change.color,
        locale: change.locale,
        ...(addressChanged ? { email, emailVerified: false } : {}),
      });
      if (!changed) throw new NotAuthenticated();
      if (addressChanged) await tx.links.revokeMailed(changed.id, clock.now());
      if (addressChanged && changed.email) {
        const spacing = CONFIRMATION_RESEND_SPACING_MS;
        if (!(await tx.accounts.claimMailSlot(changed.id, 'address_confirmation', clock.now(), spacing))) {
          await accountMail.queueConfirmation(tx, changed);
        }
      }
      return changed;
    });
    if (addressChanged) outbox.deliverSoon();
    return updated;
  }

  /**
   * Whether the account's address awaits confirmation: it is set, not confirmed, and a confirmation
   * mail went to it whose link is still open — not while mail is off, nor once the link lapsed, was
   * revoked, or could not be sent.
   */
  async confirmationPending(account: Account): Promise<boolean> {
    if (account.email === null || account.emailVerified) return false;
    const { store, clock } = this.deps;
    return (await store.links.openExpiry(account.id, 'confirm', clock.now(), account.email)) !== null;
  }

  async colorUsage(): Promise<Array<{ color: Color; count: number }>> {
    const usage = await this.deps.store.accounts.colorUsage();
    return COLORS.map((color) => ({ color, count: usage.find((u) => u.color === color)?.count ?? 0 }));
  }
}
